public import Foundation
import LocSimHTTPRecording
import LocSimScenarioHarness
import LocSimSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `locsim record` builds a scenario's new cassette and expectation before they replace
/// the old pair, so the two change together.
///
/// ``begin(_:)`` makes `Recordings/<name>/.locsim-record-<pid>/` (``RecordStagingFolder``) and
/// copies the current `cassette.json` and `expected.jsonl` into it; the recording session and
/// the offline replay work on those copies. ``commit()`` drops the copies that did not change,
/// writes the `COMMIT` marker, renames the rest over the originals and removes the folder.
/// Killed before `COMMIT`, nothing changed; killed after, the next `begin` finishes the renames
/// (and `locsim test` says the pair is half swapped until then). ``abandon()`` — on a failure, or
/// from a SIGINT/SIGTERM handler — removes the folder unless the swap has begun, in which case
/// it waits for it. Stale folders (and the temporary files of older builds) whose process is
/// gone are removed by the next `begin`.
public final class RecordStaging: Sendable {
    private enum State {
        case idle
        case staging(folder: URL, target: ScenarioLocation)
        case finished
    }

    // Every transition runs under this lock; `commit` holds it for the whole swap.
    private let state = Locked<State>(.idle)
    /// The scenario's own cassette lock, released (its file removed) by ``abandon()``, so an
    /// interrupted run leaves no `cassette.json.lock` behind either.
    private let cassetteLock = Locked<CassetteLock?>(nil)

    /// A handle with nothing staged yet; hand it to ``ScenarioRecorder/record(_:liveTransport:staging:progress:)``
    /// and call ``abandon()`` from a signal handler.
    public init() {}

    /// The staging folder, while one exists.
    public var folder: URL? {
        state.withLock {
            if case .staging(let folder, _) = $0 { return folder }
            return nil
        }
    }

    /// What `begin` cleaned up: interrupted swaps it finished, stale folders it removed.
    public struct Recovery: Sendable, Hashable {
        public var finishedSwaps: [String] = []
        public var removed: [String] = []
    }

    /// Recovers what earlier runs left under the scenario's folder, then stages copies of its
    /// files; returns the scenario to run against the copies and what was recovered.
    func begin(_ scenario: Scenario) throws(ScenarioRecordError) -> (staged: Scenario, recovery: Recovery) {
        let location = scenario.location
        let recovery = try Self.recover(location)
        let name = RecordStagingFolder.name(pid: getpid())
        let staged = ScenarioLocation(name: name, recordingsDirectory: location.directory, root: location.root)
        let folder = staged.directory
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        } catch {
            throw .staging("cannot create \(location.displayPath(name)): \(Self.reason(error))")
        }
        state.withLock { $0 = .staging(folder: folder, target: location) }
        for (from, to) in [
            (location.cassetteURL, staged.cassetteURL), (location.expectationURL, staged.expectationURL),
        ]
        where FileManager.default.fileExists(atPath: from.path) {
            do {
                try FileManager.default.copyItem(at: from, to: to)
            } catch {
                abandon()
                throw .staging("cannot stage a copy of \(from.lastPathComponent): \(Self.reason(error))")
            }
        }
        return (Scenario(location: staged, file: scenario.file), recovery)
    }

    /// Swaps the staged files that differ from the originals into place, then removes the folder.
    func commit() throws(ScenarioRecordError) {
        let failure = state.withLock { (state: inout State) -> String? in
            guard case .staging(let folder, let target) = state else { return nil }
            for name in ["cassette.json", "expected.jsonl"] {
                let staged = folder.appendingPathComponent(name)
                let original = target.directory.appendingPathComponent(name)
                if let bytes = FileManager.default.contents(atPath: staged.path),
                    bytes == FileManager.default.contents(atPath: original.path)
                {
                    unlink(staged.path)
                }
            }
            let moving = ["cassette.json", "expected.jsonl"].filter {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            }
            do throws(AtomicWriteError) {
                try AtomicFileWriter(createsDirectories: true).write(
                    RecordStagingFolder.commitText(moving: moving),
                    to: folder.appendingPathComponent(RecordStagingFolder.commitMarker).path)
            } catch {
                return error.description
            }
            state = .finished
            return Self.finishSwap(folder, into: target.directory)
        }
        if let failure { throw .staging(failure) }
    }

    /// Removes the staging folder unless the swap has begun (then waits for it). Idempotent;
    /// safe from a signal-handling thread.
    public func abandon() {
        state.withLock { state in
            if case .staging(let folder, _) = state { try? FileManager.default.removeItem(at: folder) }
            state = .finished
        }
        cassetteLock.withLock { lock in
            lock?.release()
            lock = nil
        }
    }

    /// Keeps `lock` (the scenario's cassette lock) until ``abandon()``.
    func hold(_ lock: CassetteLock) {
        cassetteLock.withLock { $0 = lock }
    }

    /// Finishes interrupted swaps and removes folders (and old-style temporary files) of
    /// processes that no longer run.
    static func recover(_ location: ScenarioLocation) throws(ScenarioRecordError) -> Recovery {
        var recovery = Recovery()
        let directory = location.directory
        for folder in RecordStagingFolder.folders(in: directory) {
            let pid = RecordStagingFolder.pid(of: folder)
            if pid != getpid(), RecordStagingFolder.isRunning(pid) {
                throw .staging(
                    "another locsim record (process \(pid)) is recording \(location.name) "
                        + "(\(location.displayPath(folder.lastPathComponent))/)")
            }
            let display = location.displayPath(folder.lastPathComponent) + "/"
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(RecordStagingFolder.commitMarker).path)
            {
                if let failure = finishSwap(folder, into: directory) { throw .staging(failure) }
                recovery.finishedSwaps.append(display)
            } else {
                try? FileManager.default.removeItem(at: folder)
                recovery.removed.append(display)
            }
        }
        // `.cassette.json.tmp-<pid>-<n>` (AtomicFileWriter) and `.expected.jsonl.<pid>.tmp` (older versions).
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() {
            guard let pid = temporaryFilePID(name), pid != getpid(), !RecordStagingFolder.isRunning(pid) else {
                continue
            }
            unlink(directory.appendingPathComponent(name).path)
            recovery.removed.append(location.displayPath(name))
        }
        return recovery
    }

    /// The writer's process id in a temporary file name of ours, or `nil`.
    static func temporaryFilePID(_ name: String) -> Int32? {
        for stem in [".cassette.json.tmp-", ".expected.jsonl."] where name.hasPrefix(stem) {
            let rest = name.dropFirst(stem.count)
            let digits = rest.prefix { $0.isNumber }
            let tail = rest.dropFirst(digits.count)
            guard !digits.isEmpty, tail == ".tmp" || tail.hasPrefix("-") else { continue }
            return Int32(digits)
        }
        return nil
    }

    /// Moves every file left in `folder` (but the marker) into `directory` (``AtomicFileWriter``'s
    /// `rename`), then removes the folder; a failure's message, or `nil`.
    private static func finishSwap(_ folder: URL, into directory: URL) -> String? {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names.sorted() where name == "cassette.json" || name == "expected.jsonl" {
            do throws(AtomicWriteError) {
                try AtomicFileWriter().move(
                    folder.appendingPathComponent(name).path, to: directory.appendingPathComponent(name).path)
            } catch {
                return "cannot move the new \(name) into place: \(SystemCall.errorText(error.code))"
            }
        }
        do {
            try FileManager.default.removeItem(at: folder)
        } catch {
            return "cannot remove \(folder.path): \(reason(error))"
        }
        return nil
    }

    /// The system's words for a Foundation file error (`No space left on device`).
    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
