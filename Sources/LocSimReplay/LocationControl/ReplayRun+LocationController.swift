import Foundation
import LocSimAppServices
import LocSimGeocoding
import LocSimSimulation
import LocSimSupport

/// The user's location controller wired into one run: its geocoder and its notification center.
struct ControllerLink: Sendable {
    let controller: any LocationControlling
    let geocoder: ThrottledGeocoder
    let bridge: NotificationBridge
}

extension ReplayRun {
    /// Wires `controller` to this run: the run's geocoder behind the configured throttle on the
    /// virtual clock (its calls posted on the bus), and a new `NotificationCenter` bridged to the bus.
    func link(_ controller: any LocationControlling) -> ControllerLink? {
        guard let reverse = runner.geocoder else { return nil }
        let clock = RunClock(gate: gate)
        let bus = self.bus
        let geocoder = ThrottledGeocoder(
            geocoder: reverse, throttle: runner.configuration.geocoding.throttle,
            naming: runner.configuration.geocoding.naming, now: { clock.now }, record: { bus.post($0) })
        let bridge = NotificationBridge(center: NotificationCenter(), bus: bus)
        return ControllerLink(controller: controller, geocoder: geocoder, bridge: bridge)
    }

    /// Hands `update` to the user's controller and waits for it on the virtual clock (which stands
    /// still); a controller that hangs past the app's timeout is reported as `provider_error`.
    func deliver(_ update: LocationUpdate, to link: ControllerLink) {
        let timeout = runner.app.serviceTimeout.inSeconds
        let outcome = executor.runBlocking(seconds: timeout) {
            await link.controller.locationManager(
                didUpdate: update, geocoder: link.geocoder, notificationCenter: link.bridge.center)
        }
        if outcome == nil {
            bus.post(
                .providerError,
                [
                    "provider": "locationController", "code": "timed_out",
                    "message":
                        "the location controller did not return within \(ServiceExecutor.secondsText(timeout)) s (wall clock)",
                ])
        }
        drain()
    }
}
