/// What happens to a geocode request made while another is still pending (`--geocode-overlap`).
public enum GeocodeOverlapPolicy: String, Sendable, Hashable, CaseIterable {
    /// The pending request fails with `geocodeCanceled` (code 10) and the new one is issued, as
    /// when an app calls `CLGeocoder.reverseGeocodeLocation` on a busy geocoder after `cancelGeocode()`.
    case cancel
    /// The new request waits (first in, first out) and is issued when the pending one completes.
    case queue
    /// The new request is issued at once; both are pending.
    case parallel
}
