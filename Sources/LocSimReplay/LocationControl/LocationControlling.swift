public import Foundation

/// The user's location controller in a full replay, in place of locsim's built-in one (the
/// seed's `CoreLocationController`): ``ReplayApp/locationController``.
///
/// The replay hands it every ``LocationUpdate`` the engine makes, in order, with the run's
/// geocoder (``ThrottledGeocoder``: Apple's throttle on the virtual clock, every call in the
/// transcript) and a `NotificationCenter` bridged to the run's bus: what it posts there
/// (`LOCATION_AVAILABLE`) reaches the weather and push services and the transcript, and what
/// they post (`ADVISORY_AVAILABLE`, …) reaches its observers. The virtual clock stands still
/// while ``locationManager(didUpdate:geocoder:notificationCenter:)`` runs, as for a service.
///
/// A controller written around an `AsyncSequence` of updates usually has a per-update method
/// its loop calls; conform by calling that method.
public protocol LocationControlling: Sendable {
    /// Handles one update; returns when the controller is done with it.
    func locationManager(
        didUpdate update: LocationUpdate, geocoder: any PlacemarkGeocoding, notificationCenter: NotificationCenter
    ) async
}
