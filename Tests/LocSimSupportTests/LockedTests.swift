import Dispatch
import LocSimSupport
import Testing

@Suite struct LockedTests {
    struct Refused: Error, Equatable {}

    @Test func incrementsFromManyThreadsAreNeverLost() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { count.withLock { $0 += 1 } }
        }
        #expect(count.withLock { $0 } == 80_000)
    }

    @Test func returnsWhatTheBodyReturns() {
        let names = Locked<[String]>(["aeris"])
        let total = names.withLock { names in
            names.append("nws")
            return names.count
        }
        #expect(total == 2)
        #expect(names.withLock { $0 } == ["aeris", "nws"])
    }

    /// A body that throws leaves its changes and releases the lock (a second `withLock` would
    /// deadlock otherwise); the error keeps its type.
    @Test func aThrowingBodyReleasesTheLockAndRethrowsItsTypedError() {
        let value = Locked(1)
        #expect(throws: Refused()) {
            try value.withLock { (value: inout Int) throws(Refused) -> Void in
                value = 2
                throw Refused()
            }
        }
        #expect(value.withLock { $0 } == 2)
    }
}
