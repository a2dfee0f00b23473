import LocSimCanonicalJSON
package import LocSimLocationCore
package import LocSimSimulation

/// What `replay --drive` drives, and the `xcrun` calls that do it: a Simulator through `xcrun
/// simctl` (`simctl[:DEVICE]`, default `booted`), or a physical iOS 17+ device through `xcrun
/// devicectl` (`devicectl:DEVICE`, a UDID or name), whose simulated location is cleared at the
/// end and which cannot be sent pushes.
package enum DriveTarget: Hashable, Sendable {
    case simulator(String)
    case device(String)

    /// The `xcrun` tool: `simctl` or `devicectl`.
    package var tool: String {
        switch self {
        case .simulator: "simctl"
        case .device: "devicectl"
        }
    }

    /// The Simulator's or the device's name or UDID.
    package var device: String {
        switch self {
        case .simulator(let device), .device(let device): device
        }
    }

    /// The transcript event a failed call becomes: `simctl_error`, `devicectl_error`.
    package var errorEvent: NotificationName { NotificationName(rawValue: tool + "_error") }

    /// `xcrun`'s arguments that put the target at `coordinate` (6 decimals).
    package func locationArguments(_ coordinate: Coordinate) -> [String] {
        let latitude = formatFixed(coordinate.latitude, decimals: 6)
        let longitude = formatFixed(coordinate.longitude, decimals: 6)
        switch self {
        case .simulator(let device):
            return ["simctl", "location", device, "set", latitude + "," + longitude]
        case .device(let device):
            return [
                "devicectl", "device", "simulate", "location", "coordinate", "--device", device,
                "--latitude=" + latitude, "--longitude=" + longitude,
            ]
        }
    }

    /// `xcrun`'s arguments that end the simulation at the end of the drive (a device: `clear`);
    /// `nil` for a Simulator, which keeps the last position.
    package var clearArguments: [String]? {
        switch self {
        case .simulator: nil
        case .device(let device): ["devicectl", "device", "simulate", "location", "clear", "--device", device]
        }
    }

    /// What to check when a call fails.
    package var hint: String {
        switch self {
        case .simulator: "is the Simulator booted? ('xcrun simctl list devices booted')"
        case .device:
            "is the device connected, unlocked and in Developer Mode? ('xcrun devicectl list devices')"
        }
    }
}
