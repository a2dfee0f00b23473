import Foundation
import LocSimHTTPRecording
import LocSimTesting
import Testing

/// `serve --record` against a provider that echoes secrets in another character encoding (found
/// by an attack run: each was written to the cassette): UTF-16LE with a byte-order mark, UTF-16BE
/// JSON without one, and Latin-1 mojibake, of a value learned from the app's `X-Api-Key` and of
/// `AERIS_CLIENT_SECRET` from the environment. The cassette is written, and holds no spelling
/// of either; the UTF-16 bodies hold the placeholder in UTF-16.
@Suite struct RecordCharsetEchoTests {
    static let learned = "Zq81topSecretApiKey"
    static let secret = "pässwörd-Zq81xy"

    static func utf16(_ text: String, bigEndian: Bool) -> [UInt8] {
        Array(text.data(using: bigEndian ? .utf16BigEndian : .utf16LittleEndian)!)
    }

    /// Every spelling of `value` this test's provider uses, and the plain one.
    static func spellings(of value: String) -> [[UInt8]] {
        [
            Array(value.utf8), utf16(value, bigEndian: false), utf16(value, bigEndian: true),
            Array(String(data: Data(value.utf8), encoding: .isoLatin1)!.utf8),
        ]
    }

    static func holds(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.count >= needle.count && (0...(bytes.count - needle.count)).contains { bytes[$0...].starts(with: needle) }
    }

    static func reply(to url: String) -> LoopbackHTTPServer.Reply {
        let (type, body): (String, [UInt8]) =
            switch url.split(separator: "/").last {
            case "le":
                (
                    "text/plain; charset=utf-16",
                    [0xFF, 0xFE] + utf16("key=\(learned) secret=\(secret)\n", bigEndian: false)
                )
            case "be": ("application/json", utf16(#"{"key":"\#(learned)","secret":"\#(secret)"}"#, bigEndian: true))
            default:
                (
                    "text/plain; charset=utf-8",
                    Array("secret=\(String(data: Data(secret.utf8), encoding: .isoLatin1)!)\n".utf8)
                )
            }
        return .init(HTTPResponse(status: 200, headers: ["Content-Type": type], body: body))
    }

    #if os(Linux)
        @Test func serveRecordWritesNoUTF16OrMojibakeSpellingOfASecret() throws {
            let provider = try LoopbackHTTPServer { request in Self.reply(to: request.url) }
            defer { provider.stop() }
            let directory = try ServeFixture.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let cassette = directory.appendingPathComponent("cassette.json").path
            let (process, port) = try ForwardPolicyTests.recordingServe(
                into: cassette, aerisAt: provider.port, environment: ["AERIS_CLIENT_SECRET": Self.secret])
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            for path in ["le", "be", "mojibake"] {
                let app = try RawConnection(port: port)
                app.send("GET /aeris/advisories/\(path) HTTP/1.1\r\nHost: x\r\nX-Api-Key: \(Self.learned)\r\n\r\n")
                #expect(app.readResponse()?.status == 200, "\(path)")
            }
            kill(process.processIdentifier, SIGTERM)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            let file = try Array(Data(contentsOf: URL(fileURLWithPath: cassette)))
            let interactions = try CassetteStore.load(cassette).interactions
            let bodies = Dictionary(
                uniqueKeysWithValues: interactions.map {
                    (String($0.request.url.split(separator: "/").last!), $0.response.body)
                })
            try #require(bodies.count == 3)
            for value in [Self.learned, Self.secret] {
                for spelling in Self.spellings(of: value) {
                    #expect(
                        !Self.holds(file, spelling) && !bodies.values.contains { Self.holds($0, spelling) },
                        "\(spelling)")
                }
            }
            let little = try #require(bodies["le"])
            #expect(little.starts(with: [0xFF, 0xFE]))
            #expect(Self.holds(little, Self.utf16(" secret=<AERIS_CLIENT_SECRET>\n", bigEndian: false)))
            #expect(Self.holds(bodies["be"] ?? [], Self.utf16(#""secret":"<AERIS_CLIENT_SECRET>"}"#, bigEndian: true)))
            #expect(bodies["mojibake"] == Array("secret=<AERIS_CLIENT_SECRET>\n".utf8))
        }
    #endif
}
