import Foundation
import Testing

@testable import LocSimHTTPRecording

/// Polly.JS keeps a body it did not decode as a JSON array of hex chunks of the bytes as sent
/// (found importing its recordings): a compressed one is left out with its reason, never
/// imported as the array; an uncompressed binary one is decoded; any other JSON array is a body.
@Suite struct HARHexChunkTests {
    static func imported(headers: String, content: String) throws -> HARImport {
        try HARSecretsTests.imported(
            HARSecretsTests.har(
                request: HARSecretsTests.request(),
                response: #"{"status":200,"headers":[\#(headers)],"content":\#(content)}"#))
    }

    @Test func aCompressedBodyIsLeftOutAndSaysWhy() throws {
        let result = try Self.imported(
            headers: #"{"name":"content-encoding","value":"gzip"}"#,
            content: #"{"mimeType":"application/json","size":20,"text":"[\"1f8b0800000000000003\",\"558f4b6a\"]"}"#)
        #expect(result.cassette.interactions.isEmpty)
        #expect(result.skipped.map(\.reason) == [.compressed("gzip")])
        #expect(result.skipped.first?.reason.description.contains("Content-Encoding: gzip") == true)
    }

    @Test func anUncompressedBinaryBodyIsDecoded() throws {
        let result = try Self.imported(
            headers: "",
            content: #"{"_isBinary":true,"mimeType":"application/octet-stream","size":4,"text":"[\"00ff\",\"7F80\"]"}"#)
        #expect(result.cassette.interactions.first?.response.body == [0x00, 0xFF, 0x7F, 0x80])
    }

    @Test(arguments: [#"[\"deadbeef\",\"cafe\"]"#, "[]", #"[\"abc\"]"#])
    func anyOtherJSONArrayIsTheBody(text: String) throws {
        let result = try Self.imported(
            headers: "", content: #"{"mimeType":"application/json","size":10,"text":"\#(text)"}"#)
        let body = try #require(result.cassette.interactions.first?.response.body)
        #expect(String(decoding: body, as: UTF8.self) == text.replacingOccurrences(of: "\\\"", with: "\""))
    }
}
