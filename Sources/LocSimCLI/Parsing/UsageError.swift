/// A command line that does not match the command's spec: exit status 64.
///
/// The message is one sentence in swift-argument-parser's words ("Unknown option '--x'. Did you
/// mean '--y'?"). ``rendered(root:)`` turns it into the three-line `Error:`/`Usage:`/`See` form.
package struct UsageError: Error, Sendable, Hashable {
    /// What is wrong, without the `Error: ` prefix.
    package var message: String
    /// The command the error belongs to, from the root: `["locsim", "replay"]`.
    package var commandPath: [String]

    package init(_ message: String, commandPath: [String]) {
        self.message = message
        self.commandPath = commandPath
    }
}
