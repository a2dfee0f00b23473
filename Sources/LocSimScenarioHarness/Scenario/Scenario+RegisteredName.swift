import LocSimSupport

extension Scenario {
    /// Checks that `value`, the name `scenario.json` gives at `key` (`geocoder.kind`), is one of
    /// `names` (a registry's, which the file parser cannot see): otherwise the scenario is
    /// invalid, with the message a closed choice gets (every name, "did you mean").
    ///
    /// - Throws: ``ScenarioFileError`` naming the file and the key.
    public func requireRegistered(_ value: String, key: String, among names: [String]) throws(ScenarioFileError) {
        guard !names.contains(value) else { return }
        var message =
            "'\(key)' must be one of \(ListText.joined(names, quote: "\"", conjunction: nil)), got \"\(value)\""
        if let suggestion = Suggestion.closest(to: value, in: names) { message += " (did you mean \"\(suggestion)\"?)" }
        throw ScenarioFileError(
            file: location.scenarioFilePath, diagnostics: [.init(keyPath: key, message: message)])
    }
}
