#if os(Linux)
    import Dispatch
    import LocSimSupport

    /// One ``EventLoop`` per core, at most ``maxLoops`` (the first accepts and deals
    /// connections out round-robin), and a pool of worker threads for live calls and miss
    /// reports: the Linux engine.
    final class LoopEngine: ServeEngine {
        static let maxLoops = 16
        /// The encoded answers all loops keep together (``AnswerCache``), shared out evenly.
        static let cacheBytes = 32 << 20

        private let loops: [EventLoop]
        private let running = DispatchGroup()

        init(core: ServeCore) throws(ServeError) {
            let count = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), Self.maxLoops))
            let workers = DispatchQueue(label: "locsim.serve.worker", attributes: .concurrent)
            let cacheBytes = Self.cacheBytes / count
            var others: [EventLoop] = []
            for _ in 1..<count {
                others.append(
                    try EventLoop(core: core, workers: workers, accepts: false, siblings: [], cacheBytes: cacheBytes))
            }
            let first = try EventLoop(
                core: core, workers: workers, accepts: true, siblings: others, cacheBytes: cacheBytes)
            loops = [first] + others
            for (index, loop) in loops.enumerated() { loop.start(name: "locsim.serve.loop.\(index)", group: running) }
        }

        func stop() {
            for loop in loops { loop.wake() }
            running.wait()
            for loop in loops { loop.closeLeftovers() }
        }
    }
#endif
