/// What the location manager tells its delegate.
public enum EngineEvent: Sendable, Hashable {
    /// `locationManagerDidChangeAuthorization`: always the first event.
    case authorization(AuthorizationStatus)
    /// `didUpdateLocations` with one location.
    case location(Location)
    /// `didFailWithError` with a `CLError` code.
    case error(code: Int, message: String)

    /// `CLError.denied`.
    public static let deniedCode = 1
    /// The message that goes with ``deniedCode`` (Foundation's description of the error).
    public static let deniedMessage = "The operation couldn't be completed. (kCLErrorDomain error 1.)"
}
