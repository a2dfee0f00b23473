import CanonicalJSON
import GPX
import LocationCore
import SafeXML

/// libFuzzer entry point: every input goes through the streaming reader, the validator (and its
/// JSON) and the generic XML tree reader. Besides "no crash, no hang, no leak", it checks that
/// the reader and the validator agree: the reader succeeds exactly when validation finds nothing,
/// and then both report the same summary.
@_cdecl("LLVMFuzzerTestOneInput")
public func gpxFuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var delivered = 0
    let summary = try? GPXReader().read(bytes: bytes, path: "fuzz.gpx") { point in
        precondition(point.coordinate.isValid, "reader delivered an invalid coordinate")
        delivered += 1
    }
    let validation = GPXValidator().validate(bytes: bytes, path: "fuzz.gpx")
    precondition((summary != nil) == validation.isValid, "reader and validator disagree")
    if let summary {
        precondition(summary == validation.summary, "reader and validator count differently")
        precondition(delivered == summary.pointCount, "delivered points differ from the summary")
    }
    _ = validation.json.compact()
    _ = try? XMLTreeElement.parse(bytes: bytes)
    return 0
}
