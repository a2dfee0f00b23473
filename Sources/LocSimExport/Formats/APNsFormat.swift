import LocSimCanonicalJSON
import LocSimSimulation
public import LocSimSupport

/// `apns`: one `.apns` file per `push` event of the replay, for `xcrun simctl push <device>
/// <bundle> FILE` or drag-and-drop onto a Simulator, plus a script that sends them in order at
/// their transcript times (so started with the `simctl` script, the two line up).
///
/// A file is the push's APNs payload plus `"Simulator Target Bundle"` (`--bundle-id`, required),
/// pretty-printed with sorted keys, named `<name>-push-<order>-t<seconds>s.apns`. The payload
/// (without that key) must fit APNs' 4096 bytes, as the push controller already ensures.
public struct APNsFormat: ExportFormat {
    public init() {}

    public var name: String { "apns" }
    public var summary: String { "One .apns file per push, for 'xcrun simctl push', and a script sending them." }
    public var writesSeveralFiles: Bool { true }

    /// APNs' limit on a payload, in bytes.
    public static let payloadLimit = 4096

    public func validate(_ options: ExportOptions) throws(ExportError) {
        guard let bundleID = options.bundleID, !bundleID.isEmpty else {
            throw ExportError(.usage, "'--to apns' requires '--bundle-id <id>' (the app the pushes target).")
        }
    }

    public func export(_ input: ExportInput, options: ExportOptions) throws(ExportError) -> [ExportFile] {
        try validate(options)
        let bundleID = options.bundleID ?? ""
        let pushes = input.pushes
        let width = max(3, String(pushes.count).count)
        var files: [ExportFile] = []
        let scriptName = input.name + "-push.sh"
        var script = ShellPrelude.text(
            title: "\(input.source): \(pushes.count) push(es) for \(bundleID)",
            usage: "sh \(ShellQuote.quote(scriptName))",
            device: options.device)
        script += ShellPrelude.assignment("bundle", bundleID, environment: "LOCSIM_BUNDLE_ID")
        script += "here=\"$(cd \"$(dirname \"$0\")\" && pwd)\"\n"
        var previous = 0.0
        for (index, push) in pushes.enumerated() {
            guard case .object(var members)? = push.json["payload"] else {
                throw ExportError(.data, "push \(index + 1) at t=\(ExportText.decimal(push.t)) has no APNs payload")
            }
            let size = JSONValue.object(members).compact().utf8.count
            guard size <= Self.payloadLimit else {
                throw ExportError(
                    .data, "push \(index + 1) has a \(size)-byte payload, over APNs' \(Self.payloadLimit) bytes")
            }
            members["Simulator Target Bundle"] = .string(bundleID)
            let order = String(repeating: "0", count: width - String(index + 1).count) + String(index + 1)
            let fileName = "\(input.name)-push-\(order)-t\(ExportText.decimal(push.t))s.apns"
            files.append(ExportFile(name: fileName, text: JSONValue.object(members).pretty() + "\n"))
            script += "pause \(ExportText.decimal(push.t - previous))\n"
            script += "xcrun simctl push \"$device\" \"$bundle\" \"$here\"/\(ShellQuote.singleQuoted(fileName))\n"
            previous = push.t
        }
        if pushes.isEmpty { script += "echo \"the replay made no push\" >&2\n" }
        return files + [ExportFile(name: scriptName, text: script, isExecutable: true)]
    }
}
