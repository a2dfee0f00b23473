import Foundation
import LocSimCanonicalJSON
import LocSimSupport

extension Scenario {
    /// Checks that `value`, the name `scenario.json` gives at `key` (`geocoder.kind`, or an
    /// element of `providers`), is one of `names` (a registry's, which the file parser cannot
    /// see): otherwise the scenario is invalid, with the message a closed choice gets (every name,
    /// "did you mean") at the line and column of the value.
    ///
    /// - Throws: ``ScenarioFileError`` naming the file and the key.
    public func requireRegistered(_ value: String, key: String, among names: [String]) throws(ScenarioFileError) {
        guard !names.contains(value) else { return }
        var message =
            "'\(key)' must be one of \(ListText.joined(names, quote: "\"", conjunction: nil)), got \"\(value)\""
        if let suggestion = Suggestion.closest(to: value, in: names) { message += " (did you mean \"\(suggestion)\"?)" }
        let place = Self.place(of: value, at: key, inFileAt: location.scenarioFileURL.path)
        throw ScenarioFileError(
            file: location.scenarioFilePath,
            diagnostics: [.init(keyPath: key, message: message, line: place?.line, column: place?.column)])
    }

    /// Where the file at `path` gives `value` at `key`: the array element equal to it when the
    /// value at `key` is an array, else the value at `key`; `nil` when the file no longer reads.
    static func place(of value: String, at key: String, inFileAt path: String) -> (line: Int, column: Int)? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        guard let root = try? JSONValue.parse(utf8: bytes) else { return nil }
        var node: JSONValue? = root
        for part in key.split(separator: ".") { node = node?[String(part)] }
        if let index = node?.arrayValue?.firstIndex(where: { $0.stringValue == value }) {
            return JSONKeyLocation.find(keyPath: "\(key)[\(index)]", in: bytes)
        }
        return JSONKeyLocation.find(keyPath: key, in: bytes)
    }
}
