/// An error a command throws to end with `error: <message>` on stderr and a given exit status.
///
/// For example `throw CommandFailure(.noInput, "no such file: Waypoints/x.gpx")`. Commands that
/// print their own diagnostics return an ``ExitCode`` instead of throwing.
public struct CommandFailure: Error, Sendable, Hashable {
    public var exitCode: ExitCode
    /// What went wrong and, where possible, what to do about it. Never contains secrets.
    public var message: String

    public init(_ exitCode: ExitCode, _ message: String) {
        self.exitCode = exitCode
        self.message = message
    }
}
