import LocSimSupport

/// An optional background layer of geography under the map (off unless asked for).
///
/// The lines are Natural Earth's (public domain), packed by `scripts/make-map-context.py` into
/// the module's `context-lines.bin`; see ``MapContextLines``.
public enum MapContextLayer: String, Sendable, Hashable, CaseIterable {
    /// Coastlines (Natural Earth `ne_10m_coastline`), lakes' and islands' shores included.
    case coast
    /// Land borders between countries (`ne_10m_admin_0_boundary_lines_land`).
    case borders
    /// State and province lines (`ne_10m_admin_1_states_provinces_lines`), kept for North America
    /// and Japan only.
    case states

    /// The layers in drawing order, bottom to top.
    public static let drawingOrder: [MapContextLayer] = [.coast, .states, .borders]

    /// The layers a comma list names (`coast,borders`; `all`; `none` for none), in drawing order,
    /// or the first name that is not a layer.
    public static func parseList(_ text: String) -> Result<[MapContextLayer], InvalidName> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingBlanks() }
        if names == ["none"] { return .success([]) }
        if names == ["all"] { return .success(drawingOrder) }
        var chosen: Set<MapContextLayer> = []
        for name in names {
            guard let layer = MapContextLayer(rawValue: name) else { return .failure(InvalidName(name: name)) }
            chosen.insert(layer)
        }
        return .success(drawingOrder.filter(chosen.contains))
    }

    /// Every name ``parseList(_:)`` accepts.
    public static let listNames = allCases.map(\.rawValue) + ["all", "none"]

    /// A name in a layer list that is no layer.
    public struct InvalidName: Error, Hashable {
        public var name: String

        public init(name: String) {
            self.name = name
        }
    }
}
