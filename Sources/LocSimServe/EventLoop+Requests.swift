#if os(Linux)
    import Dispatch
    import LocSimSupport

    /// Requests on an event loop's connection: each complete request read is answered at once
    /// (replayed, admin, unrouted) or handed to a worker (a miss report, a live call); answers
    /// are queued in order and written together, so pipelined requests cost one write.
    extension EventLoop {
        /// Queued answers beyond this many bytes are written before more requests are read.
        static let outputHighWater = 256 << 10

        /// Answers what `connection` has read, writes it, and decides what the connection waits
        /// for next (or closes it).
        func drive(_ connection: LoopConnection) {
            var more = true
            while more {
                more = answerRequests(connection)
                if connection.hasOutput {
                    switch connection.flush(now: now) {
                    case .failed:
                        close(connection)
                        return
                    case .blocked:
                        watch(connection, .writable)
                        return
                    case .done: break
                    }
                }
            }
            if connection.closing {
                close(connection)
            } else if connection.awaitingWorker {
                watch(connection, .none)
            } else if draining, !connection.reader.hasPartialRequest {
                close(connection)
            } else {
                watch(connection, .readable)
            }
        }

        /// Answers complete requests until one needs a worker, the connection is to close, no
        /// request is complete, or the queue is full (then `true`: write it and come back).
        private func answerRequests(_ connection: LoopConnection) -> Bool {
            while !connection.awaitingWorker, !connection.closing {
                if connection.pendingBytes >= Self.outputHighWater { return true }
                switch connection.reader.next() {
                case .request(let request):
                    connection.requestStarted = nil
                    answer(request, on: connection)
                case .failed(let status, let reason):
                    connection.queue(core.rejection(status: status, reason: reason))
                    connection.closing = true
                    connection.halfClose = true
                case .incomplete(let expectsContinue):
                    if expectsContinue { connection.queue(ResponseEncoder.continueBytes) }
                    if !connection.reader.hasPartialRequest {
                        connection.requestStarted = nil
                    } else if connection.requestStarted == nil {
                        connection.requestStarted = now
                    }
                    return false
                }
            }
            return false
        }

        private func answer(_ request: ServedRequest, on connection: LoopConnection) {
            let began = MonotonicTime.microseconds()
            switch core.responder.prepare(request, cache: &cache) {
            case .answered(let answer):
                queue(core.reply(to: request, answer: answer, began: began), on: connection)
            case .live(let job):
                connection.awaitingWorker = true
                let finished = Finished(descriptor: connection.descriptor, serial: connection.serial, reply: nil)
                let core = self.core
                workers.async { [self] in
                    var done = finished
                    done.reply = core.reply(to: request, answer: core.responder.live(job), began: began)
                    post(done)
                }
            }
        }

        /// Takes a worker's answer back onto its connection and carries on with the connection.
        func resume(_ finished: Finished) {
            guard let connection = connections[Int(finished.descriptor)], connection.serial == finished.serial,
                connection.awaitingWorker, let reply = finished.reply
            else { return }
            connection.awaitingWorker = false
            queue(reply, on: connection)
            drive(connection)
        }

        private func queue(_ reply: Reply, on connection: LoopConnection) {
            connection.queue(reply.bytes)
            connection.lastActivity = now
            if !reply.keepAlive { connection.closing = true }
            if reply.shutsDown { core.requestShutdown() }
        }
    }
#endif
