/// Which reverse geocoder answers (`--geocoder`, `geocoder.kind`): the embedded offline
/// gazetteer, Nominatim over HTTP, or none (no `LOCATION_AVAILABLE`, so no provider runs).
public enum GeocoderKind: String, Sendable, Hashable, CaseIterable {
    case offline
    case nominatim
    case none
}
