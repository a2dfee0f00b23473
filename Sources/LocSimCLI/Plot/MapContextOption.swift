import LocSimMap
import LocSimSupport

/// `--context LIST` of `plot` and `replay --map`: the background geography drawn under the run
/// (Natural Earth coastlines, borders, states), none by default.
enum MapContextOption {
    static let option = OptionSpec.option(
        "--context", value: "list",
        help: "Background geography under the map, a comma list of coast, borders (countries) and states "
            + "(states and provinces; North America and Japan), or all (Natural Earth, public domain).",
        default: "none")

    /// The context `parsed` asks for, nil for none (the bundled lines read before anything runs).
    static func context(_ parsed: ParsedCommand) throws -> MapContext? {
        try context(layers: layers(parsed))
    }

    /// The context to draw, nil for none; the bundled lines are read before anything runs.
    static func context(layers: [MapContextLayer]) throws -> MapContext? {
        guard !layers.isEmpty else { return nil }
        switch MapContextLines.bundled {
        case .success(let lines): return MapContext(layers: layers, lines: lines)
        case .failure(let error):
            throw CommandFailure(.software, "cannot draw --context: \(error) (the installation is incomplete)")
        }
    }

    /// The `--context` layers, in drawing order; a name that is no layer is a usage error with
    /// a suggestion.
    static func layers(_ parsed: ParsedCommand) throws(UsageError) -> [MapContextLayer] {
        guard let text = parsed.string("--context") else { return [] }
        switch MapContextLayer.parseList(text) {
        case .success(let layers): return layers
        case .failure(let invalid):
            let suggestion =
                invalid.name.closest(among: MapContextLayer.listNames, maximumDistance: 2).map {
                    " Did you mean '\($0)'?"
                } ?? ""
            throw parsed.usageError(
                "The value '\(invalid.name)' is invalid for '--context <list>'. Expected a comma list of "
                    + ListText.joined(MapContextLayer.listNames, quote: "'") + ".\(suggestion)")
        }
    }
}
