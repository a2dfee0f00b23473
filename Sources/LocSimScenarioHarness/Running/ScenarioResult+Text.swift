import LocSimSupport

extension ScenarioResult {
    /// The command that re-blesses this scenario's expectation.
    public var reblessCommand: String { "locsim test \(ShellQuote.quote(name)) --update" }

    /// The command that records what this scenario's cassette lacks.
    public var recordCommand: String { "locsim record \(ShellQuote.quote(name)) --mode new-episodes" }

    /// A folder name or path as the report shows it: control characters, line feeds included,
    /// escaped (``TerminalEscaping``), so a hostile folder name cannot forge a `PASS` line.
    private func shown(_ text: String) -> String { TerminalEscaping.escape(text) }

    /// One line saying what happened (`PASS alpha`, `FAIL beta: transcript differs from …`).
    public var headline: String {
        switch outcome {
        case .passed: "PASS \(shown(name))"
        case .updated(let created):
            "\(created ? "CREATED" : "UPDATED") \(shown(name)): wrote \(shown(location.expectationPath))"
        default: "FAIL " + (failureMessage ?? shown(name))
        }
    }

    /// `<name>: <what is wrong>` for a failure, `nil` for a pass.
    public var failureMessage: String? {
        let reason: String
        switch outcome {
        case .passed, .updated: return nil
        case .mismatch: reason = "transcript differs from \(shown(location.expectationPath))"
        case .miss(_, let misses, let refused):
            let count = misses.count == 1 ? "a request" : "\(misses.count) requests"
            reason =
                (refused ? "not updated: " : "")
                + "\(count) no recording answers (not_recorded): a miss in \(shown(location.cassettePath)), not a change"
        case .missingExpectation:
            reason = "missing expectation \(shown(location.expectationPath)); run `\(shown(reblessCommand))`"
        case .orphan(let orphan):
            reason =
                "orphaned recording: \(shown(location.displayPath())) has \(shown(orphan.files.joined(separator: " and "))) "
                + "but no scenario.json (add one, or delete the folder)"
        case .invalidScenario: reason = "invalid scenario"
        case .runFailed(let message):
            reason = "the run failed: \(TerminalEscaping.escape(message, keepingNewlines: true))"
        case .fileError(let message): reason = message
        }
        return "\(shown(name)): \(reason)"
    }

    /// What follows the headline: the diff, the changed fields of the replaced lines
    /// (``FieldDiff``) and the re-bless command, or the schema errors.
    public var details: String {
        switch outcome {
        case .mismatch(let diff):
            diff.text + FieldDiff(diff).text + "To accept the new transcript, run: \(shown(reblessCommand))\n"
        case .miss(let diff, let misses, let refused):
            misses.map { "miss: " + TerminalEscaping.escape($0, keepingNewlines: true) + "\n" }.joined()
                + "To record \(misses.count == 1 ? "it" : "them"), run: \(shown(recordCommand))\n"
                + (refused ? "Nothing was written: --update does not bless a miss.\n" : "")
                + diff.text + FieldDiff(diff).text
                + "To bless the transcript with the miss anyway, run: \(shown(reblessCommand)) --accept-misses\n"
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
                        "\(name): the transcript differs from the expectation from this line on"
                        + (FieldDiff(diff).summary.map { " (\($0))" } ?? "") + ". "
                        + "If the change is intended, run `\(reblessCommand)` and commit the result.")
            ]
        case .missingExpectation:
            [
                GitHubAnnotation(file: location.scenarioFilePath, message: failureMessage ?? name)
            ]
        case .miss(let diff, _, _):
            [
                GitHubAnnotation(
                    file: location.expectationPath, line: diff.firstChangedOldLine,
                    message: (failureMessage ?? name) + ". To record it, run `\(recordCommand)`.")
            ]
        case .orphan(let orphan):
            [GitHubAnnotation(file: orphan.firstFilePath, message: failureMessage ?? name)]
        case .invalidScenario(let error):
            error.diagnostics.map { diagnostic in
                GitHubAnnotation(
                    file: error.file, line: diagnostic.line, column: diagnostic.column, message: diagnostic.message)
            }
        case .runFailed, .fileError:
            [GitHubAnnotation(file: location.scenarioFilePath, message: failureMessage ?? name)]
        }
    }
}
