#if os(Linux)
    import Dispatch
    import LocSimSupport

    /// One ``EventLoop`` per core (the first accepts and deals connections out round-robin)
    /// and a pool of worker threads for live calls and miss reports: the Linux engine.
    final class LoopEngine: ServeEngine {
        private let loops: [EventLoop]
        private let running = DispatchGroup()

        init(core: ServeCore) throws(ServeError) {
            let count = max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), 64))
            let workers = DispatchQueue(label: "locsim.serve.worker", attributes: .concurrent)
            var others: [EventLoop] = []
            for _ in 1..<count {
                others.append(try EventLoop(core: core, workers: workers, accepts: false, siblings: []))
            }
            let first = try EventLoop(core: core, workers: workers, accepts: true, siblings: others)
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
