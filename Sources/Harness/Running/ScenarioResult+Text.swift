extension ScenarioResult {
    /// The command that re-blesses this scenario's expectation.
    public var reblessCommand: String { "locsim test \(ShellQuote.quote(name)) --update" }

    /// One line saying what happened (`FAIL franklin-la: transcript differs from …`).
    public var headline: String {
        switch outcome {
        case .passed: "PASS \(name)"
        case .updated(let created): "\(created ? "CREATED" : "UPDATED") \(name): wrote \(location.expectationPath)"
        case .mismatch: "FAIL \(name): transcript differs from \(location.expectationPath)"
        case .missingExpectation:
            "FAIL \(name): missing expectation \(location.expectationPath); run `\(reblessCommand)`"
        case .orphan(let orphan):
            "FAIL \(name): orphaned recording: \(location.displayPath()) has \(orphan.files.joined(separator: " and ")) "
                + "but no scenario.json (add one, or delete the folder)"
        case .invalidScenario: "FAIL \(name): invalid scenario"
        case .runFailed(let message): "FAIL \(name): the run failed: \(message)"
        case .fileError(let message): "FAIL \(name): \(message)"
        }
    }

    /// What follows the headline: the diff and the re-bless command, or the schema errors.
    public var details: String {
        switch outcome {
        case .mismatch(let diff): diff.text + "To accept the new transcript, run: \(reblessCommand)\n"
        case .invalidScenario(let error): error.description + "\n"
        default: ""
        }
    }

    /// The headline and the details, each line ending in a newline.
    public var report: String { headline + "\n" + details }

    /// The GitHub annotations for a failure (none for a pass).
    public var annotations: [GitHubAnnotation] {
        switch outcome {
        case .passed, .updated: []
        case .mismatch(let diff):
            [
                GitHubAnnotation(
                    file: location.expectationPath, line: diff.firstChangedOldLine,
                    message:
                        "\(name): the transcript differs from the expectation from this line on. "
                        + "If the change is intended, run `\(reblessCommand)` and commit the result.")
            ]
        case .missingExpectation:
            [
                GitHubAnnotation(
                    file: location.scenarioFilePath,
                    message: "\(name): missing expectation \(location.expectationPath); run `\(reblessCommand)`")
            ]
        case .orphan(let orphan):
            [GitHubAnnotation(file: orphan.firstFilePath, message: String(headline.dropFirst(5)))]
        case .invalidScenario(let error):
            error.diagnostics.map { diagnostic in
                GitHubAnnotation(
                    file: error.file, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message)
            }
        case .runFailed, .fileError:
            [GitHubAnnotation(file: location.scenarioFilePath, message: String(headline.dropFirst(5)))]
        }
    }
}
