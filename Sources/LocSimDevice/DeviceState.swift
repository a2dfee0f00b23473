import LocSimLocationCore
import LocSimReplay
import LocSimSimulation
import LocSimSupport

/// The drive of one ``SimulatedDevice`` behind its lock, shared by the device, its sequences'
/// iterators and its monitors (so an iterator or a monitor may outlive the device value).
final class DeviceState: Sendable {
    private let drive: Locked<DeviceDrive>

    init(_ drive: DeviceDrive) {
        self.drive = Locked(drive)
    }

    /// Runs `body` on the drive under the lock.
    func withDrive<T>(_ body: (inout DeviceDrive) throws -> T) rethrows -> T {
        try drive.withLock { try body(&$0) }
    }

    /// The update at `index`, stepping the drive until it exists; `nil` once the drive has
    /// finished without it. Moves the device's ``DeviceDrive/now`` to the update's instant.
    func update(at index: Int) -> LocationUpdate? {
        withDrive { drive in
            while drive.updates.count <= index, !drive.finished { drive.step() }
            guard index < drive.updates.count else { return nil }
            let update = drive.updates[index]
            if let t = update.location?.timestamp { drive.now = max(drive.now, t) }
            return update
        }
    }

    /// The live stream's fix at `index` (``DeviceDrive/liveFixes``), stepping the drive until it
    /// exists; `nil` once the drive has finished without it. Does not move ``DeviceDrive/now``.
    func liveFix(at index: Int) -> LocationUpdate? {
        withDrive { drive in
            while drive.liveFixes.count <= index, !drive.finished { drive.step() }
            return index < drive.liveFixes.count ? drive.liveFixes[index] : nil
        }
    }

    /// Records `notification` in the transcript at the device's current instant.
    func record(_ notification: BusNotification) {
        withDrive { drive in drive.transcript.append(TranscriptLine(t: drive.now, notification: notification)) }
    }
}
