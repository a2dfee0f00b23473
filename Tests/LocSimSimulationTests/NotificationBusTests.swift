import Dispatch
import LocSimSimulation
import LocSimSupport
import Testing

/// A thread-safe log the observers write to.
final class CallLog: Sendable {
    private let entries = Locked<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

@Suite struct NotificationBusTests {
    @Test func deliversSynchronouslyInRegistrationOrder() {
        let bus = NotificationBus()
        let log = CallLog()
        for index in 0..<20 {
            bus.addObserver(for: index.isMultiple(of: 2) ? .locationAvailable : nil) { note in
                log.append("\(index):\(note.name.rawValue)")
            }
        }
        bus.post(.locationAvailable, ["city": "Franklin"])
        #expect(log.all == (0..<20).map { "\($0):LOCATION_AVAILABLE" })
    }

    @Test func namedObserversSeeOnlyTheirNameTranscriptObserversSeeEverything() {
        let bus = NotificationBus()
        let named = CallLog()
        let everything = CallLog()
        bus.addObserver(for: .advisoryAvailable) { named.append($0.userInfo["name"] ?? "") }
        bus.addObserver(for: nil) { everything.append($0.name.rawValue) }
        bus.post(.locationAvailable, ["city": "Franklin"])
        bus.post(.advisoryAvailable, ["name": "Coastal Flood Advisory"])
        #expect(named.all == ["Coastal Flood Advisory"])
        #expect(everything.all == ["LOCATION_AVAILABLE", "ADVISORY_AVAILABLE"])
    }

    @Test func removedObserversAreNotCalledEvenDuringTheSamePost() {
        let bus = NotificationBus()
        let log = CallLog()
        let second = Locked<NotificationBus.Token?>(nil)
        bus.addObserver(for: nil) { _ in
            log.append("first")
            if let token = second.withLock({ $0 }) { bus.removeObserver(token) }
        }
        second.withLock { $0 = bus.addObserver(for: nil) { _ in log.append("second") } }
        bus.post(.push)
        bus.post(.push)
        #expect(log.all == ["first", "first"])
        bus.removeObserver(second.withLock { $0 }!)  // removing twice is harmless
    }

    @Test func reentrantPostsAreDeliveredDepthFirstInOrder() {
        // An observer that posts (the weather service posting ADVISORY_AVAILABLE from inside
        // LOCATION_AVAILABLE) has its post delivered to everyone before the outer post goes on.
        let bus = NotificationBus()
        let log = CallLog()
        bus.addObserver(for: nil) { log.append("transcript:\($0.name.rawValue)") }
        bus.addObserver(for: .locationAvailable) { _ in bus.post(.advisoryAvailable) }
        bus.addObserver(for: .advisoryAvailable) { _ in log.append("push controller") }
        bus.addObserver(for: .locationAvailable) { _ in log.append("late observer") }
        bus.post(.locationAvailable)
        #expect(
            log.all == [
                "transcript:LOCATION_AVAILABLE", "transcript:ADVISORY_AVAILABLE", "push controller", "late observer",
            ])
    }

    @Test func concurrentPostsAndRegistrationsAreSafe() {
        let bus = NotificationBus()
        let log = CallLog()
        bus.addObserver(for: nil) { _ in log.append("seen") }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<200 {
                let token = bus.addObserver(for: "other") { _ in }
                bus.post("tick", ["worker": String(worker), "index": String(index)])
                bus.removeObserver(token)
            }
        }
        #expect(log.all.count == 1600)
    }
}
