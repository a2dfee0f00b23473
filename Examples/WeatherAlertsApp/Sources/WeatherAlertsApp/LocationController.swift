import Foundation

/// One location the app receives (what it reads from a `CLLocation`).
public struct LocationSample: Sendable, Equatable {
    public var latitude: Double
    public var longitude: Double
    /// Metres.
    public var horizontalAccuracy: Double
    /// Seconds on the app's clock (a `CLLocation.timestamp`'s).
    public var time: Double

    public init(latitude: Double, longitude: Double, horizontalAccuracy: Double, time: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.horizontalAccuracy = horizontalAccuracy
        self.time = time
    }
}

/// A reverse-geocoded place, reduced to what `LOCATION_AVAILABLE` carries.
public struct Place: Sendable, Equatable {
    public var city: String
    public var state: String
    public var country: String

    public init(city: String, state: String, country: String) {
        self.city = city
        self.state = state
        self.country = country
    }
}

/// The app's geocoder seam (a `CLGeocoder` or `MKReverseGeocodingRequest` in the app).
public protocol PlaceGeocoding: Sendable {
    /// The place at `sample`; ``PlaceGeocodingError/throttled`` when Apple refuses the request.
    func place(for sample: LocationSample) async throws -> Place
}

/// What the app distinguishes among geocoder failures.
public enum PlaceGeocodingError: Error, Equatable {
    /// `CLError.network` / `MKError.loadingThrottled`: too many requests; try again later.
    case throttled
}

/// The seed's `CoreLocationController`, location half: it consumes locations, skips those it
/// does not need, reverse-geocodes the rest and posts `LOCATION_AVAILABLE` {city, state,
/// country} on its notification center.
///
/// Rules: an update less accurate than ``maximumAccuracy`` or nearer than ``minimumDistance`` to
/// the last place found is skipped. After a throttle error nothing is asked for ``retryDelay``
/// seconds; the first update after that retries (with the newest location). With a `clock`
/// and a ``quietPeriod``, a posted place is debounced: the controller then waits the quiet
/// period on that clock and skips the locations that arrived meanwhile.
public actor LocationController {
    public let geocoder: any PlaceGeocoding
    public let notificationCenter: NotificationCenter
    /// Metres: updates nearer than this to the last geocoded location are skipped.
    public var minimumDistance = 2_000.0
    /// Metres: updates less accurate than this are skipped.
    public var maximumAccuracy = 3_000.0
    /// Seconds to wait after a throttle error before asking again.
    public var retryDelay: Double
    /// The debounce after a posted place, on ``clock`` (none without a clock).
    public let quietPeriod: Duration?
    /// The clock the debounce sleeps on (in tests, a simulated device's).
    public let clock: (any Clock<Duration>)?

    private var lastGeocoded: LocationSample?
    private var retryAfter = -Double.infinity
    /// The app-clock time (``LocationSample/time``) before which locations are skipped.
    private var quietUntil = -Double.infinity

    public init(
        geocoder: any PlaceGeocoding, notificationCenter: NotificationCenter, retryDelay: Double = 60,
        clock: (any Clock<Duration>)? = nil, quietPeriod: Duration? = nil
    ) {
        self.geocoder = geocoder
        self.notificationCenter = notificationCenter
        self.retryDelay = retryDelay
        self.clock = clock
        self.quietPeriod = quietPeriod
    }

    /// Handles every location of `updates`, in order, until the sequence ends.
    public func run<Updates: AsyncSequence>(updates: Updates) async
    where Updates.Element == LocationSample, Updates.Failure == Never {
        for await sample in updates {
            guard sample.time >= quietUntil else { continue }
            guard await handle(sample), let clock, let quietPeriod else { continue }
            // Debounce: let the position settle before the next place.
            do { try await clock.sleep(for: quietPeriod) } catch { return }
            let (seconds, attoseconds) = quietPeriod.components
            quietUntil = sample.time + Double(seconds) + Double(attoseconds) * 1e-18
        }
    }

    /// Handles one location; whether it posted a place.
    @discardableResult
    public func handle(_ sample: LocationSample) async -> Bool {
        guard sample.horizontalAccuracy <= maximumAccuracy, sample.time >= retryAfter else { return false }
        if let last = lastGeocoded, Self.distance(last, sample) < minimumDistance { return false }
        do {
            let place = try await geocoder.place(for: sample)
            lastGeocoded = sample
            notificationCenter.post(
                name: Notification.Name("LOCATION_AVAILABLE"), object: nil,
                userInfo: ["city": place.city, "state": place.state, "country": place.country])
            return true
        } catch PlaceGeocodingError.throttled {
            retryAfter = sample.time + retryDelay
        } catch {
            // Any other failure: try again with the next update.
        }
        return false
    }

    /// Great-circle distance in metres (haversine, mean Earth radius).
    static func distance(_ a: LocationSample, _ b: LocationSample) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}
