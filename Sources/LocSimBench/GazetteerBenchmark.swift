package import Foundation
package import LocSimGeocoding
import LocSimLocationCore
import LocSimSupport

/// Measures the offline gazetteer: the time to load the data file (map it, check its header) and
/// full reverse geocodes (municipality rule and placemark strings included) per second.
///
/// Query points are deterministic for a seed: a random place of the gazetteer, moved by up to
/// ±0.25° in latitude and longitude, so most land near towns as a track's fixes do and some fall
/// beyond ``OfflineGazetteer/maxDistance``. The clock is injected; the library reads no time itself.
package enum GazetteerBenchmark {
    /// Figures of one run.
    package struct Result: Sendable, Hashable {
        /// Seconds to map the file and check its header.
        package var loadSeconds: Double
        /// Places in the gazetteer.
        package var places: Int
        package var lookups: Int
        /// Seconds for all lookups.
        package var lookupSeconds: Double
        /// Lookups that returned a placemark (the rest: no place within range).
        package var found: Int

        package var lookupsPerSecond: Double { lookupSeconds > 0 ? Double(lookups) / lookupSeconds : .infinity }
    }

    /// Loads a fresh copy of the gazetteer at `url` (the bundled one when nil) and runs `lookups`
    /// reverse geocodes of points drawn with `seed`, timed with `clock`.
    package static func run<C: Clock<Duration>>(
        url: URL? = nil, lookups: Int, seed: UInt64, clock: C
    ) throws(GazetteerError) -> Result {
        let geocoder = url.map { OfflineGazetteer(contentsOf: $0) } ?? OfflineGazetteer()
        let loadStart = clock.now
        let gazetteer = try geocoder.load()
        let loadSeconds = loadStart.duration(to: clock.now).inSeconds

        var random = SplitMix64(seed: seed)
        var points: [Coordinate] = []
        points.reserveCapacity(lookups)
        for _ in 0..<lookups {
            let index = Int(random.next() % UInt64(gazetteer.count))
            let place = gazetteer.place(at: index)?.coordinate ?? Coordinate(latitude: 0, longitude: 0)
            let latitude = min(90, max(-90, place.latitude + Double.random(in: -0.25...0.25, using: &random)))
            var longitude = place.longitude + Double.random(in: -0.25...0.25, using: &random)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            points.append(Coordinate(latitude: latitude, longitude: longitude))
        }

        var found = 0
        let lookupStart = clock.now
        for point in points where (try? geocoder.reverseGeocode(point)) != nil {
            found += 1
        }
        let lookupSeconds = lookupStart.duration(to: clock.now).inSeconds
        return Result(
            loadSeconds: loadSeconds, places: gazetteer.count, lookups: lookups, lookupSeconds: lookupSeconds,
            found: found)
    }
}
