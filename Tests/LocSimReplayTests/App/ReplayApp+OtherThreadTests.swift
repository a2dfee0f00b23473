import Foundation
import LocSimAppServices
import LocSimReplay
import LocSimSimulation
import Testing

/// Posts from another thread: `ServiceContext` is `Sendable`, so a service may hand it to a
/// `Task.detached`; the run takes such posts on its own thread, and refuses them once it ended.
struct ReplayAppOtherThreadTests {
    /// Posts `FROM_DETACHED` from a detached task and waits for it, once per place.
    struct DetachedPoster: AppService {
        var name: String { "detached-poster" }
        var observedNotifications: [NotificationName] { [.locationAvailable] }

        func handle(_ notification: BusNotification, context: ServiceContext) async throws {
            let city = notification.userInfo["city"] ?? ""
            await Task.detached { context.post("FROM_DETACHED", ["city": city]) }.value
        }
    }

    /// Leaves a detached task behind that posts `TOO_LATE` when `go` yields (after the run).
    struct LatePoster: AppService {
        let go: AsyncStream<Void>
        let posted: AsyncStream<Void>.Continuation
        var name: String { "late-poster" }
        var observedNotifications: [NotificationName] { [.authorization] }

        func handle(_ notification: BusNotification, context: ServiceContext) async throws {
            let go = self.go
            let posted = self.posted
            Task.detached {
                for await _ in go { break }
                context.post("TOO_LATE")
                context.schedule(after: .seconds(1)) {}
                posted.yield()
            }
        }
    }

    @Test func aPostFromADetachedTaskReachesTheTranscript() async throws {
        let app = try ReplayAppUserCodeTests.app([], more: [DetachedPoster()], timeout: .seconds(600))
        let text = try await ReplayAppUserCodeTests.transcript(app, providers: [])
        let lines = text.split(separator: "\n")
        let detached = lines.filter { $0.contains("\"event\":\"FROM_DETACHED\"") }
        #expect(detached.count == lines.filter { $0.contains("\"event\":\"LOCATION_AVAILABLE\"") }.count)
        #expect(detached.count == 4)
        #expect(detached.first?.contains("\"city\":\"Franklin\"") == true)
    }

    @Test func aPostAfterTheRunEndedIsDroppedWithAWarning() async throws {
        let (go, goContinuation) = AsyncStream<Void>.makeStream()
        let (posted, postedContinuation) = AsyncStream<Void>.makeStream()
        let (reports, reportsContinuation) = AsyncStream<String>.makeStream()
        let app = try ReplayAppUserCodeTests.app(
            [], more: [LatePoster(go: go, posted: postedContinuation)], timeout: .seconds(600))
        var runner = try ReplayAppUserCodeTests.runner(app, providers: [])
        runner.lateWork = { reportsContinuation.yield($0) }
        let (path, cleanUp) = try ReplayAppUserCodeTests.driveFile()
        defer { cleanUp() }
        let (lines, _) = try await runner.run(gpxPath: path)
        #expect(!lines.contains { $0.notification.name.rawValue == "TOO_LATE" })

        goContinuation.yield()
        for await _ in posted { break }
        reportsContinuation.finish()
        var messages: [String] = []
        for await message in reports { messages.append(message) }
        #expect(
            messages == [
                RunGateMessages.late("a post of 'TOO_LATE'"), RunGateMessages.late("work scheduled after 1.0 s"),
            ])
    }
}

/// The warning text, spelled out here so a change to it is deliberate.
enum RunGateMessages {
    static func late(_ label: String) -> String {
        "warning: \(label) came after the replay ended; it was dropped "
            + "(a service's work must finish before its handle returns, or at least before the run ends)"
    }
}
