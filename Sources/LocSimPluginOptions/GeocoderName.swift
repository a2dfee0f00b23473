public import LocSimSupport

/// ``GeocoderName``'s kind.
public enum GeocoderNameKind: OpenNameKind {
    public static let noun = "geocoder name"
}

/// The registered name of a reverse geocoder (`--geocoder`, `geocoder.kind`): a built-in's
/// (`offline`, `nominatim`, `none`) or one a library user registers. Which names are known is
/// the run's geocoder registry's to say, not this type's.
public typealias GeocoderName = OpenName<GeocoderNameKind>
