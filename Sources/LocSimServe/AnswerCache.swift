import LocSimHTTPRecording

/// What one event loop (or one connection's thread) remembers between requests, so a request
/// the app repeats costs two dictionary lookups and the recordings' own match: how each
/// request target resolved (route, redacted path and URL, signature), and each replayed
/// interaction's answer encoded once. Both are pure functions of their keys (the recordings
/// never change while serving); the owner is one thread (no lock), and each table is emptied
/// when it reaches its bound.
struct AnswerCache {
    private struct Key: Hashable {
        var method: String
        var target: String
        var host: String?
    }

    /// A replayed interaction as answered: where it came from as people see it, and its bytes
    /// for a kept-alive answer with a body.
    struct Replayed {
        var shown: RecordingSession.InteractionOrigin
        var wire: [UInt8]
    }

    /// Targets longer than this are not cached (apps' own requests are far shorter).
    static let maxCachedTargetBytes = 2048

    let capacity: Int
    let maxWireBytes: Int
    private var resolutions: [Key: ResolvedRequest] = [:]
    private var replayed: [RecordingSession.InteractionOrigin: Replayed] = [:]
    private var wireBytes = 0

    /// At most `capacity` entries in each table and `maxWireBytes` of encoded answers.
    init(capacity: Int = 1024, maxWireBytes: Int = 32 << 20) {
        self.capacity = capacity
        self.maxWireBytes = maxWireBytes
    }

    /// How `request` resolves, computed by `resolve` the first time.
    mutating func resolution(
        of request: ServedRequest, _ resolve: (ServedRequest) -> ResolvedRequest
    ) -> ResolvedRequest {
        // A long target is resolved every time: kept, 1,024 of them could hold ~100 MB.
        guard request.target.utf8.count <= Self.maxCachedTargetBytes else { return resolve(request) }
        let key = Key(method: request.method, target: request.target, host: request.header("host"))
        if let found = resolutions[key] { return found }
        let value = resolve(request)
        if resolutions.count >= capacity { resolutions.removeAll(keepingCapacity: true) }
        resolutions[key] = value
        return value
    }

    /// The answer of the loaded interaction at `origin`, made by `make` the first time.
    /// Interactions recorded in this session (no source) are made every time.
    mutating func replayed(
        _ origin: RecordingSession.InteractionOrigin, _ make: () -> Replayed
    ) -> Replayed {
        guard !origin.source.isEmpty else { return make() }
        if let found = replayed[origin] { return found }
        let value = make()
        if wireBytes + value.wire.count > maxWireBytes || replayed.count >= capacity {
            replayed.removeAll(keepingCapacity: true)
            wireBytes = 0
        }
        replayed[origin] = value
        wireBytes += value.wire.count
        return value
    }
}

/// A request target as routed and redacted: a pure function of method, target and `Host`.
struct ResolvedRequest: Sendable {
    var route: ServeRoute
    /// The target with its secrets redacted (the log's `path`).
    var shownPath: String
    /// For a recorded route: the URL as the session matches and stores it (redacted).
    var shownURL: String
    /// ``shownURL`` as logs and reports show it (every spelling of a secret redacted).
    var displayURL: String = ""
    /// For a recorded route: the signature of the method on ``shownURL``.
    var signature: RequestSignature?
}
