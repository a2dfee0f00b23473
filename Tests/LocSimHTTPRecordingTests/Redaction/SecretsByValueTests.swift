import Foundation
import LocSimCanonicalJSON
import LocSimLiveHTTP
import LocSimTesting
import Testing

@testable import LocSimHTTPRecording

/// A value sent in a declared secret header, query parameter or body field is a secret for the
/// whole cassette, whether or not the environment holds it (issue 35, "secrets by value").
@Suite struct SecretsByValueTests {
    static let key = "k3y-4f9a1c77d2"
    static let email = "ops.person@example.org"
    static let userAgent = "(myweatherapp \(key), \(email))"
    static let declaration = SecretDeclaration(variable: "NWS_USER_AGENT", headers: ["User-Agent"])

    /// A stand-in that echoes the caller's User-Agent, as NWS-like services do: raw in a JSON
    /// value, percent-encoded in a link, base64 in a token, XML-escaped in a note.
    static func echoServer() throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer { request in
            let agent = request.header("User-Agent") ?? ""
            let percent = agent.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let base64 = Data(agent.utf8).base64EncodedString()
            let body =
                #"{"caller":"\#(agent)","link":"https://x.test/?ua=\#(percent)","sig":"\#(base64)","#
                + #""note":"&lt;\#(agent.replacingOccurrences(of: ",", with: "&#44;"))&gt;","n":1}"#
            return .init(
                HTTPResponse(status: 200, headers: ["Content-Type": "application/geo+json"], body: Array(body.utf8)))
        }
    }

    @Test func anEchoedDeclaredHeaderLeavesNoSpellingInTheCassetteWithTheVariableUnset() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try SecretsByValueTests.echoServer()
        defer { server.stop() }
        let path = directory.file("cassette.json")
        let recording = try RecordingSession(
            options: RecordingOptions(
                live: true, recordPath: path, environment: [:], secrets: [SecretsByValueTests.declaration]),
            liveTransport: LiveHTTPClient(timeout: .seconds(5)))
        let response = try recording.client.send(
            HTTPRequest(
                url: "\(server.baseURL)/alerts/active?point=29.8,-91.5",
                headers: ["User-Agent": SecretsByValueTests.userAgent]))
        try recording.finish()
        let text = try #require(directory.read("cassette.json"))
        // Every spelling the leak check knows, checked by a redactor that holds the value.
        let checker = Redactor(
            declarations: [SecretsByValueTests.declaration],
            environment: ["NWS_USER_AGENT": SecretsByValueTests.userAgent])
        #expect(checker.leaks(inText: text).isEmpty)
        #expect(!text.contains(SecretsByValueTests.key))
        #expect(text.contains("<NWS_USER_AGENT>"))
        // What the test's own client got back is what the cassette replays.
        #expect(!String(decoding: response.body, as: UTF8.self).contains(SecretsByValueTests.key))
    }

    @Test func aValueEchoedBeforeItIsSeenInAHeaderIsRedactedBeforeWriting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let token = "tok_9a8b7c6d5e4f"
        let server = try LoopbackHTTPServer { request in
            let path = URLParts(request.url).path
            let body = path == "/whoami" ? #"{"you_are":"\#(token)"}"# : #"{"ok":true}"#
            return .init(
                HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        }
        defer { server.stop() }
        let path = directory.file("cassette.json")
        let recording = try RecordingSession(
            options: RecordingOptions(live: true, recordPath: path, environment: [:]),
            liveTransport: LiveHTTPClient(timeout: .seconds(5)))
        _ = try recording.client.send(HTTPRequest(url: "\(server.baseURL)/whoami"))
        _ = try recording.client.send(
            HTTPRequest(url: "\(server.baseURL)/data", headers: ["Authorization": "Bearer \(token)"]))
        try recording.finish()
        let text = try #require(directory.read("cassette.json"))
        #expect(!text.contains(token))
        #expect(text.contains(#""you_are" : "<REDACTED_AUTHORIZATION>""#))
    }

    /// The leak check remembers strings it found clean (a session writing its whole cassette
    /// after each interaction checked every body again for every secret: minutes per write on a
    /// large cassette); a value learned later makes them suspect again.
    @Test func aStringFoundCleanIsCheckedAgainOnceANewSecretIsLearned() throws {
        let redactor = Redactor(declarations: [], environment: [:])
        _ = redactor.redact(HTTPRequest(url: "https://h.test/a?token=firstSecret123"))
        let document = try JSONValue.parse(#"{"body":"echo lateSecret4567 here","other":"firstSecret123"}"#)
        #expect(redactor.leaks(in: document).map(\.location) == ["other"])
        #expect(redactor.leaks(in: document).map(\.location) == ["other"])
        _ = redactor.redact(HTTPRequest(url: "https://h.test/b?token=lateSecret4567"))
        #expect(redactor.leaks(in: document).map(\.location).sorted() == ["body", "other"])
    }

    @Test func theLongerOfTwoNestedValuesIsReplacedFirst() {
        let redactor = Redactor(declarations: [], environment: [:])
        let short = "abcdefgh12"
        let long = "x\(short)x"
        _ = redactor.redact(
            HTTPRequest(url: "https://h.test/p?token=\(short)", headers: ["X-Api-Key": long]))
        let response = redactor.redact(
            HTTPResponse(status: 200, headers: [:], body: Array("echo \(long) and \(short).".utf8)))
        #expect(String(decoding: response.body, as: UTF8.self) == "echo <REDACTED_X_API_KEY> and <REDACTED_TOKEN>.")
    }

    @Test func aValueShorterThanTheSafeLengthIsReplacedByNameOnly() {
        let redactor = Redactor(declarations: [SecretsByValueTests.declaration], environment: [:])
        let request = redactor.redact(HTTPRequest(url: "https://h.test/", headers: ["User-Agent": "app/1.0"]))
        #expect(request.header("User-Agent") == "<NWS_USER_AGENT>")
        let text = #"{"agent":"app/1.0","path":"/x/app/1.0/y"}"#
        let response = redactor.redact(
            HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(text.utf8)))
        #expect(String(decoding: response.body, as: UTF8.self) == text)
        #expect(redactor.leaks(inText: text).isEmpty)
        #expect(!redactor.hasLearnedSecrets)
    }

    @Test func anEmptyDeclaredHeaderRedactsNothingElse() {
        let redactor = Redactor(
            declarations: [SecretDeclaration(variable: "EMPTY", queryParameters: [""], headers: ["", "X-Client"])],
            environment: [:])
        let request = redactor.redact(
            HTTPRequest(url: "https://h.test/p?a=1&=2", headers: ["X-Client": "", "Accept": "text/plain"]))
        #expect(request.header("X-Client") == "")
        #expect(request.url == "https://h.test/p?a=1&=2")
        #expect(request.header("Accept") == "text/plain")
        let body = Array("anything at all".utf8)
        #expect(redactor.redact(HTTPResponse(status: 200, headers: [:], body: body)).body == body)
        #expect(!redactor.hasLearnedSecrets)
    }
}
