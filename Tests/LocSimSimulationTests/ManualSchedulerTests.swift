import LocSimLocationCore
import LocSimSimulation
import Testing

/// Collects what scheduled work did, in order.
final class Log {
    var entries: [String] = []
}

@Suite struct ManualSchedulerTests {
    @Test func runsDueWorkInTimeOrderAndLeavesTheRest() {
        let scheduler = ManualScheduler()
        let log = Log()
        scheduler.schedule(at: 3) { log.entries.append("c@\(scheduler.now)") }
        scheduler.schedule(at: 1) { log.entries.append("a@\(scheduler.now)") }
        scheduler.schedule(at: 2) { log.entries.append("b@\(scheduler.now)") }
        scheduler.schedule(at: 10) { log.entries.append("late") }
        scheduler.advance(to: 3)
        #expect(log.entries == ["a@1.0", "b@2.0", "c@3.0"])
        #expect(scheduler.now == 3)
        #expect(scheduler.nextDeadline == 10)
        scheduler.advance(to: 9.999)
        #expect(log.entries.count == 3)
        #expect(scheduler.now == 9.999)
    }

    @Test func tiesRunInSchedulingOrder() {
        let scheduler = ManualScheduler()
        let log = Log()
        for name in ["first", "second", "third", "fourth", "fifth"] {
            scheduler.schedule(at: 5) { log.entries.append(name) }
        }
        scheduler.schedule(at: 4) { log.entries.append("earlier") }
        scheduler.advance(to: 5)
        #expect(log.entries == ["earlier", "first", "second", "third", "fourth", "fifth"])
    }

    @Test func cancelledWorkNeverRuns() {
        let scheduler = ManualScheduler()
        let log = Log()
        let a = scheduler.schedule(at: 1) { log.entries.append("a") }
        scheduler.schedule(at: 2) { log.entries.append("b") }
        let c = scheduler.schedule(at: 3) { log.entries.append("c") }
        scheduler.cancel(a)
        scheduler.cancel(c)
        scheduler.cancel(c)
        #expect(scheduler.nextDeadline == 2)
        scheduler.advance(to: 100)
        #expect(log.entries == ["b"])
        #expect(scheduler.isIdle)
    }

    @Test func workCanScheduleMoreWorkIncludingAtTheSameInstant() {
        let scheduler = ManualScheduler()
        let log = Log()
        scheduler.schedule(at: 1) {
            log.entries.append("outer@\(scheduler.now)")
            scheduler.schedule(at: scheduler.now) { log.entries.append("same@\(scheduler.now)") }
            scheduler.schedule(after: 0.5) { log.entries.append("later@\(scheduler.now)") }
            scheduler.schedule(at: 0) { log.entries.append("past@\(scheduler.now)") }
            scheduler.schedule(at: 5) { log.entries.append("beyond") }
        }
        scheduler.schedule(at: 1) { log.entries.append("sibling@\(scheduler.now)") }
        scheduler.advance(to: 2)
        #expect(log.entries == ["outer@1.0", "sibling@1.0", "same@1.0", "past@1.0", "later@1.5"])
        #expect(scheduler.nextDeadline == 5)
    }

    @Test func workCanCancelLaterWork() {
        let scheduler = ManualScheduler()
        let log = Log()
        var victim: ManualScheduler.WorkID?
        scheduler.schedule(at: 1) {
            if let victim { scheduler.cancel(victim) }
        }
        victim = scheduler.schedule(at: 1) { log.entries.append("victim") }
        scheduler.advance(to: 1)
        #expect(log.entries.isEmpty)
    }

    @Test func timeNeverGoesBackwards() {
        let scheduler = ManualScheduler(now: 10)
        let log = Log()
        scheduler.schedule(at: 3) { log.entries.append("clamped@\(scheduler.now)") }
        scheduler.advance(to: 5)
        #expect(log.entries == ["clamped@10.0"])
        #expect(scheduler.now == 10)
        scheduler.advance(by: 2.5)
        #expect(scheduler.now == 12.5)
    }

    @Test func runUntilIdleDrainsAndRespectsItsLimit() {
        let scheduler = ManualScheduler()
        let log = Log()
        func tick() {
            log.entries.append("\(scheduler.now)")
            scheduler.schedule(after: 1, tick)
        }
        scheduler.schedule(at: 0, tick)
        #expect(scheduler.runUntilIdle(limit: 4) == 4)
        #expect(log.entries == ["0.0", "1.0", "2.0", "3.0"])
        #expect(scheduler.now == 3)

        let finite = ManualScheduler()
        finite.schedule(at: 7) {}
        finite.schedule(at: 2) {}
        #expect(finite.runUntilIdle() == 2)
        #expect(finite.now == 7)
        #expect(finite.isIdle)
    }

    @Test func manyItemsComeOutSorted() {
        let scheduler = ManualScheduler()
        let log = Log()
        var rng = SplitMix64(seed: 3)
        for index in 0..<500 {
            let time = Double(rng.next() % 50)
            scheduler.schedule(at: time) { log.entries.append("\(time)|\(index)") }
        }
        scheduler.advance(to: 100)
        let keys = log.entries.map { entry -> (Double, Int) in
            let parts = entry.split(separator: "|")
            return (Double(parts[0])!, Int(parts[1])!)
        }
        #expect(keys.count == 500)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0.0 < $1.0 || ($0.0 == $1.0 && $0.1 < $1.1) })
    }
}
