import Foundation
import LocSimSupport

/// A warning printed on stderr the first time it is due, and never again in this process.
final class OnceWarning: Sendable {
    let text: String
    private let printed = Locked(false)

    init(_ text: String) {
        self.text = text
    }

    /// Prints the warning unless it was printed before.
    func warnOnce() {
        let first = printed.withLock { printed in
            defer { printed = true }
            return !printed
        }
        if first { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }
}
