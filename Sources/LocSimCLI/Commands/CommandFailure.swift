import LocSimSupport

/// An error a command throws to end with `error: <message>` on stderr and a given exit status.
///
/// For example `throw CommandFailure(.noInput, "no such file: Waypoints/x.gpx")`. Commands that
/// print their own diagnostics return an ``ExitCode`` instead of throwing. A message that is
/// already a diagnostic (`Recordings/x/cassette.json:1:2: error: …`, as library errors word
/// themselves) is printed as it is, not behind a second `error:`.
package struct CommandFailure: Error, Sendable, Hashable {
    package var exitCode: ExitCode
    /// What went wrong and, where possible, what to do about it. Never contains secrets. The
    /// paths and names interpolated into it are shown escaped (``TerminalText``); a library's
    /// message is ``TerminalText/init(lines:)``.
    package var message: TerminalText

    package init(_ exitCode: ExitCode, _ message: TerminalText) {
        self.exitCode = exitCode
        self.message = message
    }

    /// Whether ``message`` already reads `[place: ]error: …` on its first line.
    var isDiagnostic: Bool {
        let first = message.rendered.prefix { $0 != "\n" }
        return first.hasPrefix("error: ") || first.contains(": error: ")
    }
}
