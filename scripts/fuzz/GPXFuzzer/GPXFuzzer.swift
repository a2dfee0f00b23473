import LocSimCanonicalJSON
import LocSimGPX
import LocSimLocationCore
import LocSimSafeXML

/// libFuzzer entry point: every input goes through the streaming reader, the validator (and its
/// JSON) and the generic XML tree reader. Besides "no crash, no hang, no leak", it checks that
/// the reader and the validator agree: when validation finds no error, the reader succeeds exactly
/// when the file has points, and both report the same summary (warnings included); the reader
/// delivers at most the points counted (repairs drop some), and a strict read succeeds only
/// without warnings. (A reader may succeed where validation fails: an error in a waypoint or
/// route never vetoes a track.)
@_cdecl("LLVMFuzzerTestOneInput")
public func gpxFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var delivered = 0
    let summary = try? GPXReader().read(bytes: bytes, path: "fuzz.gpx") { point in
        precondition(point.coordinate.isValid, "reader delivered an invalid coordinate")
        delivered += 1
    }
    let validation = GPXValidator().validate(bytes: bytes, path: "fuzz.gpx")
    if validation.isValid {
        precondition((summary != nil) == (validation.summary.pointCount > 0), "reader and validator disagree")
        if let summary { precondition(summary == validation.summary, "reader and validator count differently") }
    }
    if let summary {
        precondition(delivered <= summary.pointCount, "delivered more points than the summary counts")
        let strict = try? GPXReader(options: GPXReaderOptions(strict: true)).read(bytes: bytes, path: "fuzz.gpx") { _ in }
        precondition(strict == nil || summary.warnings.isEmpty, "a strict read accepted a file with warnings")
    }
    _ = validation.json.compact()
    _ = try? XMLTreeElement.parse(bytes: bytes)
    return 0
}
