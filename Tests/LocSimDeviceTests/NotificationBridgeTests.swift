import Foundation
import LocSimReplay
import LocSimSimulation
import Testing

@Suite struct NotificationBridgeTests {
    @Test func postsCrossBothWaysOnceAndNestedPostsCrossToo() {
        let bus = NotificationBus()
        let center = NotificationCenter()
        let bridge = NotificationBridge(center: center, bus: bus)
        let seenOnBus = Recorded()
        let seenOnCenter = Recorded()
        _ = bus.addObserver(for: nil) { seenOnBus.append($0) }
        // A service on the bus answers LOCATION_AVAILABLE with an advisory.
        _ = bus.addObserver(for: .locationAvailable) { notification in
            bus.post(.advisoryAvailable, ["location": notification.userInfo["city"] ?? "?", "name": "Flood Watch"])
        }
        let token = center.addObserver(forName: nil, object: nil, queue: nil) { notification in
            let info = (notification.userInfo as? [String: String]) ?? [:]
            seenOnCenter.append(
                BusNotification(name: NotificationName(rawValue: notification.name.rawValue), userInfo: info))
        }
        center.post(
            name: Notification.Name("LOCATION_AVAILABLE"), object: nil,
            userInfo: ["city": "Franklin", "state": "LA", "count": 3])
        #expect(
            seenOnBus.all == [
                BusNotification(name: .locationAvailable, userInfo: ["city": "Franklin", "state": "LA"]),
                BusNotification(name: .advisoryAvailable, userInfo: ["location": "Franklin", "name": "Flood Watch"]),
            ])
        // Depth first, as NotificationCenter delivers: the bridge (observing first) forwards the
        // post, whose advisory reaches this observer before the post itself does.
        #expect(seenOnCenter.names == ["ADVISORY_AVAILABLE", "LOCATION_AVAILABLE"])
        // A name the seed's app does not use stays where it was posted.
        bus.post("location", ["latitude": "1"])
        center.post(name: Notification.Name("other"), object: nil)
        #expect(seenOnBus.names == ["LOCATION_AVAILABLE", "ADVISORY_AVAILABLE", "location"])
        #expect(seenOnCenter.names == ["ADVISORY_AVAILABLE", "LOCATION_AVAILABLE", "other"])
        bridge.stop()
        bus.post(.push, ["alert": "x"])
        #expect(seenOnCenter.names.last == "other")
        center.removeObserver(token)
    }
}
