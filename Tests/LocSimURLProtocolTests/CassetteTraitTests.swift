import Foundation
import LocSimHTTPRecording
import LocSimTesting
import Testing

@testable import LocSimURLProtocol

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `@Test(.cassette("name.json"))`: a cassette scoped to one test, its session handed over as
/// `URLSession.cassette` (issue 35, item 7). The cassettes are in `Cassettes/` beside this file.
@Suite struct CassetteTraitTests {
    static let who = URL(string: "https://trait.example/who")!

    static func answer(_ session: URLSession) async throws -> String {
        String(decoding: try await session.data(from: who).0, as: UTF8.self)
    }

    @Test(.cassette("trait-a.json")) func aTestIsAnsweredFromItsCassette() async throws {
        #expect(try await Self.answer(.cassette) == #"{"cassette":"a"}"#)
    }

    /// Parallel tests (Swift Testing's default), each case with a session of its own: the
    /// cassettes answer the same URL differently, and every case sees its own.
    @Test(.cassette("trait-a.json"), arguments: 0..<8) func parallelCasesOfOneCassette(_ index: Int) async throws {
        #expect(try await Self.answer(.cassette) == #"{"cassette":"a"}"#)
    }

    @Test(.cassette("trait-b.json"), arguments: 0..<8) func parallelCasesOfAnother(_ index: Int) async throws {
        #expect(try await Self.answer(.cassette) == #"{"cassette":"b"}"#)
    }

    /// Each scope makes its own session, and the task-local value ends with the scope: after
    /// it, `URLSession.cassette` is the session that answers nothing.
    @Test func eachScopeHasItsOwnSessionAndItEndsWithTheScope() async throws {
        let trait = CassetteTrait.cassette("trait-a.json")
        let first = Kept<URLSession>()
        let second = Kept<URLSession>()
        for kept in [first, second] {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
                await kept.set(URLSession.cassette)
                let answer = try await Self.answer(.cassette)
                #expect(answer == #"{"cassette":"a"}"#)
            }
        }
        let one = try #require(await first.value)
        let two = try #require(await second.value)
        #expect(one !== two)
        #expect(URLSession.cassette === CassetteScope.unscoped)
    }

    /// An absolute folder is used as it is (it was appended to the test file's folder).
    @Test func anAbsoluteFolderIsUsedAsItIs() {
        #expect(CassetteTrait.cassette("a.json", in: "/tmp/casettes").cassette.path == "/tmp/casettes/a.json")
        #expect(
            CassetteTrait.cassette("a.json", in: "Recorded", filePath: "/src/Tests/T/X.swift").cassette.path
                == "/src/Tests/T/Recorded/a.json")
        #expect(CassetteTrait.cassette("/abs/b.json", in: "/tmp/casettes").cassette.path == "/abs/b.json")
    }

    @Test func aMissingCassetteNamesItselfAndHowToRecord() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let missing = fixture.url("Cassettes/none.json")
        let trait = CassetteTrait(
            cassette: missing, mode: .none, matching: nil, secrets: [], connectTo: [:], environment: [:])
        let ran = Kept<Bool>()
        let error = await #expect(throws: RecordingError.self) {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) { await ran.set(true) }
        }
        #expect(await ran.value == nil)
        #expect(
            error?.description
                == "\(missing.path): error: no such cassette file for test aMissingCassetteNamesItselfAndHowToRecord() "
                + "(.cassette trait); record it: LOCSIM_RECORD=once swift test --filter "
                + "aMissingCassetteNamesItselfAndHowToRecord (never under CI)")
    }

    /// The one-liner's record modes: `LOCSIM_RECORD` records through the trait's session into its
    /// cassette, secrets redacted; the next run replays it.
    @Test func aRecordModeRecordsIntoTheTraitsCassette() async throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let server = try LoopbackHTTPServer { _ in
            .init(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array("[1]".utf8)))
        }
        defer { server.stop() }
        let cassette = fixture.url("Cassettes/recorded.json")
        let url = URL(string: server.baseURL + "/alerts?appid=k3y")!
        let secret = SecretDeclaration(variable: "TRAIT_KEY", queryParameters: ["appid"])
        let recording = CassetteTrait(
            cassette: cassette, mode: .none, matching: nil, secrets: [secret], connectTo: [:],
            environment: ["LOCSIM_RECORD": "new-episodes"])
        try await recording.provideScope(for: Test.current!, testCase: Test.Case.current) {
            let (data, _) = try await URLSession.cassette.data(from: url)
            #expect(String(decoding: data, as: UTF8.self) == "[1]")
        }
        let text = try #require(fixture.read("Cassettes/recorded.json"))
        #expect(text.contains("appid=<TRAIT_KEY>"))
        #expect(!text.contains("k3y"))

        server.stop()
        let replaying = CassetteTrait(
            cassette: cassette, mode: .none, matching: nil, secrets: [secret], connectTo: [:], environment: [:])
        try await replaying.provideScope(for: Test.current!, testCase: Test.Case.current) {
            let (data, _) = try await URLSession.cassette.data(from: url)
            #expect(String(decoding: data, as: UTF8.self) == "[1]")
        }
        #expect(server.requests.count == 1)
    }

    /// Outside a `.cassette` test the session answers nothing and sends nothing.
    @Test func theCassetteSessionOutsideATraitRefusesEveryRequest() async throws {
        let server = try LoopbackHTTPServer { _ in .init(HTTPResponse(status: 200, headers: [:], body: [])) }
        defer { server.stop() }
        let error = await #expect(throws: URLError.self) {
            _ = try await URLSession.cassette.data(from: URL(string: server.baseURL + "/x")!)
        }
        #expect(
            error?.localizedDescription.contains("URLSession.cassette was read outside a test scoped by a cassette")
                == true)
        #expect(server.requests.isEmpty)
    }
}

/// A value a scoped test body hands back to the test.
private actor Kept<Value: Sendable> {
    var value: Value?

    func set(_ value: Value) {
        self.value = value
    }
}

/// `@Suite(.cassette(…))`: every test of the suite (and of its nested suites) gets a session of
/// its own on the cassette (it failed to compile with a compiler error that said nothing).
@Suite(.cassette("trait-a.json")) struct CassetteSuiteTraitTests {
    @Test func aTestOfTheSuiteIsAnsweredFromTheCassette() async throws {
        #expect(try await CassetteTraitTests.answer(.cassette) == #"{"cassette":"a"}"#)
    }

    @Test(arguments: 0..<4) func itsCasesTooEachWithASessionOfItsOwn(_ index: Int) async throws {
        #expect(try await CassetteTraitTests.answer(.cassette) == #"{"cassette":"a"}"#)
        #expect(URLSession.cassette !== CassetteScope.unscoped)
    }

    @Suite struct Nested {
        @Test func aNestedSuitesTestToo() async throws {
            #expect(try await CassetteTraitTests.answer(.cassette) == #"{"cassette":"a"}"#)
        }
    }
}
