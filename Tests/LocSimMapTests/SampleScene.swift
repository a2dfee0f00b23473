import LocSimLocationCore
import LocSimMap
import LocSimSimulation

/// A small replay near Franklin, LA: a straight 15 km track, five fixes 3.6 km apart with a
/// 3000 m distance filter and kilometre accuracy, places, a throttled geocode, two advisories and
/// a push. The golden SVG is rendered from it.
enum SampleScene {
    static let trackStart = Coordinate(latitude: 29.7965, longitude: -91.5010)
    static let trackEnd = Coordinate(latitude: 29.8200, longitude: -91.3500)

    static let fixes: [(t: Double, latitude: String, longitude: String, accuracy: String)] = [
        (0, "29.798100", "-91.497000", "1000"),
        (183, "29.801900", "-91.463100", "1000"),
        (366, "29.807100", "-91.425800", "1000"),
        (549, "29.812400", "-91.388900", "1000"),
        (732, "29.819000", "-91.352400", "650"),
    ]

    static let settings: [(String, String)] = [
        ("track", "Waypoints/franklin-la.gpx"), ("distanceFilter", "3000 m"), ("desiredAccuracy", "kilometer"),
        ("seed", "0"), ("geocoder", "offline"), ("providers", "aeris"),
    ]

    static func line(_ t: Double, _ name: NotificationName, _ userInfo: [String: String]) -> TranscriptLine {
        TranscriptLine(t: t, notification: BusNotification(name: name, userInfo: userInfo))
    }

    static func location(_ index: Int) -> TranscriptLine {
        let fix = fixes[index]
        return line(
            fix.t, .location,
            ["latitude": fix.latitude, "longitude": fix.longitude, "horizontalAccuracy": fix.accuracy])
    }

    static func place(_ index: Int, city: String) -> TranscriptLine {
        let fix = fixes[index]
        return line(
            fix.t, .locationAvailable,
            [
                "city": city, "state": "LA", "country": "United States", "latitude": fix.latitude,
                "longitude": fix.longitude,
            ])
    }

    static var transcript: [TranscriptLine] {
        [
            line(0, .authorization, ["status": "3", "name": "authorizedAlways"]),
            location(0),
            place(0, city: "Franklin"),
            line(
                0, .advisoryAvailable,
                ["location": "Franklin, LA", "name": "Flood Warning", "body": "…", "provider": "aeris"]),
            line(0, .push, ["alert": "Weather Advisory for Franklin, LA:  Flood Warning", "sound": "alert.caf"]),
            location(1),
            place(1, city: "Franklin"),
            location(2),
            line(366, .geocodeFailed, ["code": "2", "message": "network"]),
            line(366.5, .geocodeFailed, ["code": "2", "message": "network"]),
            location(3),
            place(3, city: "Baldwin"),
            line(549, .advisoryAvailable, ["location": "Baldwin, LA", "name": #"Tornado Watch & <Severe> "Storm""#]),
            location(4),
            place(4, city: "Charenton"),
        ]
    }

    /// The scene: 41 raw track points and `transcript` (the one above unless told).
    static func make(transcript: [TranscriptLine] = transcript) -> MapScene {
        var scene = MapScene(settings: settings, distanceFilter: 3000)
        for i in 0...40 {
            let f = Double(i) / 40
            scene.addTrackPoint(
                Coordinate(
                    latitude: trackStart.latitude + (trackEnd.latitude - trackStart.latitude) * f,
                    longitude: trackStart.longitude + (trackEnd.longitude - trackStart.longitude) * f))
        }
        for line in transcript { scene.add(line) }
        return scene
    }

    /// Failures in the sample run: two provider errors at Franklin (a cassette miss and a time-out),
    /// one at Baldwin, a location error and a region error.
    static var failureTranscript: [TranscriptLine] {
        [
            location(0),
            place(0, city: "Franklin"),
            line(
                0, .providerError,
                ["provider": "nws", "code": "not_recorded", "message": "no cassette answers GET /alerts/active"]),
            line(0.5, .providerError, ["provider": "aeris", "code": "timed_out", "message": "no answer within 30 s"]),
            location(2),
            line(366, .locationError, ["code": "0", "message": "locationUnknown"]),
            location(3),
            place(3, city: "Baldwin"),
            line(549, .providerError, ["provider": "aeris", "code": "service_error", "message": "boom"]),
            line(549, "region_error", ["identifier": "home", "code": "5", "message": "monitoring failed"]),
        ]
    }

    /// The sample track with ``failureTranscript``.
    static func makeWithFailures() -> MapScene {
        make(transcript: failureTranscript)
    }
}
