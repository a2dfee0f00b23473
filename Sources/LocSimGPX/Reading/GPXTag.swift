/// What an open element means to the GPX reader; one byte per level on the element stack.
enum GPXTag: UInt8 {
    /// Anything the reader does not use (and everything inside it).
    case skip
    case gpx, wpt, rte, rtept, trk, trkseg, trkpt
    /// `<extensions>` directly inside a point.
    case extensions
    /// Garmin `<TrackPointExtension>` (v1 or v2) inside a point's `<extensions>`.
    case trackPointExtension
    // Fields whose text the reader keeps: children of a point …
    case ele, time, name, hdop, vdop, pdop, sat, fix, speed, course
    /// A point's `<type>`: only `locsim:hold` matters (`GPXHold`).
    case type
    // … and children of a Garmin TrackPointExtension.
    case heartRate, cadence, airTemperature, waterTemperature, extensionSpeed, extensionCourse

    /// Whether the element's text is collected.
    var isField: Bool { rawValue >= GPXTag.ele.rawValue }

    var isPoint: Bool { self == .wpt || self == .rtept || self == .trkpt }

    /// The element's name in messages (`<ele>`, `<gpxtpx:hr>` is written `<hr>`).
    var elementName: String {
        switch self {
        case .skip: "element"
        case .gpx: "gpx"
        case .wpt: "wpt"
        case .rte: "rte"
        case .rtept: "rtept"
        case .trk: "trk"
        case .trkseg: "trkseg"
        case .trkpt: "trkpt"
        case .extensions: "extensions"
        case .trackPointExtension: "TrackPointExtension"
        case .ele: "ele"
        case .time: "time"
        case .name: "name"
        case .hdop: "hdop"
        case .vdop: "vdop"
        case .pdop: "pdop"
        case .sat: "sat"
        case .fix: "fix"
        case .speed, .extensionSpeed: "speed"
        case .course, .extensionCourse: "course"
        case .type: "type"
        case .heartRate: "hr"
        case .cadence: "cad"
        case .airTemperature: "atemp"
        case .waterTemperature: "wtemp"
        }
    }
}

/// Which namespace an element is in, as far as the GPX reader cares.
enum GPXNamespace {
    /// No namespace (Xcode's template) or GPX 1.0/1.1.
    case gpx
    /// Garmin TrackPointExtension v1 or v2.
    case garminTrackPoint
    case other
}

/// Byte comparisons of libxml2's NUL-terminated names against static names: no `String`s.
enum GPXNames {
    static let gpx10: StaticString = "http://www.topografix.com/GPX/1/0"
    static let gpx11: StaticString = "http://www.topografix.com/GPX/1/1"
    static let garminV1: StaticString = "http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
    static let garminV2: StaticString = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    /// Whether the NUL-terminated `name` equals `literal`.
    @inline(__always)
    static func equals(_ name: UnsafePointer<UInt8>, _ literal: StaticString) -> Bool {
        let bytes = literal.utf8Start
        let count = literal.utf8CodeUnitCount
        for i in 0..<count where name[i] != bytes[i] { return false }
        return name[count] == 0
    }

    static func namespace(of uri: UnsafePointer<UInt8>) -> GPXNamespace {
        if equals(uri, gpx11) || equals(uri, gpx10) { return .gpx }
        if equals(uri, garminV2) || equals(uri, garminV1) { return .garminTrackPoint }
        return .other
    }

    /// A child of `<gpx>`.
    static func topLevel(_ name: UnsafePointer<UInt8>) -> GPXTag {
        switch name[0] {
        case UInt8(ascii: "w"): equals(name, "wpt") ? .wpt : .skip
        case UInt8(ascii: "r"): equals(name, "rte") ? .rte : .skip
        case UInt8(ascii: "t"): equals(name, "trk") ? .trk : .skip
        default: .skip
        }
    }

    /// A child of a point (`wpt`, `rtept`, `trkpt`) in the GPX namespace.
    static func pointChild(_ name: UnsafePointer<UInt8>) -> GPXTag {
        switch name[0] {
        case UInt8(ascii: "e"):
            if equals(name, "ele") { return .ele }
            return equals(name, "extensions") ? .extensions : .skip
        case UInt8(ascii: "t"):
            if equals(name, "time") { return .time }
            return equals(name, "type") ? .type : .skip
        case UInt8(ascii: "n"): return equals(name, "name") ? .name : .skip
        case UInt8(ascii: "h"): return equals(name, "hdop") ? .hdop : .skip
        case UInt8(ascii: "v"): return equals(name, "vdop") ? .vdop : .skip
        case UInt8(ascii: "p"): return equals(name, "pdop") ? .pdop : .skip
        case UInt8(ascii: "s"):
            if equals(name, "sat") { return .sat }
            return equals(name, "speed") ? .speed : .skip
        case UInt8(ascii: "f"): return equals(name, "fix") ? .fix : .skip
        case UInt8(ascii: "c"): return equals(name, "course") ? .course : .skip
        default: return .skip
        }
    }

    /// A child of a Garmin `<TrackPointExtension>` in a Garmin namespace.
    static func trackPointExtensionChild(_ name: UnsafePointer<UInt8>) -> GPXTag {
        switch name[0] {
        case UInt8(ascii: "h"): equals(name, "hr") ? .heartRate : .skip
        case UInt8(ascii: "c"): equals(name, "cad") ? .cadence : equals(name, "course") ? .extensionCourse : .skip
        case UInt8(ascii: "a"): equals(name, "atemp") ? .airTemperature : .skip
        case UInt8(ascii: "w"): equals(name, "wtemp") ? .waterTemperature : .skip
        case UInt8(ascii: "s"): equals(name, "speed") ? .extensionSpeed : .skip
        default: .skip
        }
    }
}
