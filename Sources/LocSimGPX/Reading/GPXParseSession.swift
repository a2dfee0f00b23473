internal import LocSimLibXML2
import LocSimLocationCore
import LocSimSafeXML
import LocSimSupport

/// The state of one parse: the element stack, the point being built, text being collected and
/// the diagnostics so far. libxml2's SAX2 callbacks reach it through `userData`.
///
/// The hot path allocates nothing per element: names are compared as bytes, numbers and times
/// are parsed from the collected bytes, and only `name`/`fix` text becomes a `String`.
/// Hot properties are `@exclusivity(unchecked)`: the session is only touched from libxml2's
/// callbacks on the parsing thread, one at a time, so dynamic exclusivity checks buy nothing.
final class GPXParseSession {
    /// What a parse produced.
    struct Outcome {
        var summary: GPXSummary
        var diagnostics: [GPXDiagnostic]
        /// The repairs made, one summary per kind (empty when `strict` made them errors).
        var warnings: [GPXDiagnostic]
        var bodyError: (any Error)?
    }

    private let path: String
    private let options: GPXReaderOptions
    /// Keep going after data errors (validation) instead of stopping at the first problem.
    private let collectsAll: Bool
    private let deliver: ((UnsafePointer<GPXPoint>) throws -> Void)?

    @exclusivity(unchecked) private var context: xmlParserCtxtPtr?
    @exclusivity(unchecked) private(set) var stopped = false
    private var diagnostics: [GPXDiagnostic] = []
    private var bodyError: (any Error)?
    @exclusivity(unchecked) private var summary = GPXSummary()

    /// The open elements, one byte each; `depth` of them (at most `options.maxDepth`).
    private let tags: UnsafeMutablePointer<GPXTag>
    @exclusivity(unchecked) private var depth = 0
    private var rootPosition: (line: Int, column: Int)?
    private var sawMalformedXML = false
    @exclusivity(unchecked) private var segmentsInTrack = 0
    /// Per kind (``kindIndex``): the time of the previous kept timed point in the current track
    /// or route (all waypoints are one sequence).
    @exclusivity(unchecked) private var previousTimes: (Double?, Double?, Double?) = (nil, nil, nil)
    /// The kind of the point being built.
    @exclusivity(unchecked) private var currentKind = GPXPointKind.waypoint
    /// Per kind: a point was skipped since the last delivered one (the next one says so).
    @exclusivity(unchecked) private var skippedBefore = [false, false, false]
    /// Per kind (``kindIndex(_:)``): points kept for replay (neither invalid nor skipped nor dropped).
    @exclusivity(unchecked) private var playable = [0, 0, 0]
    /// Per kind: an untimed point came since the previous timed one (no gap check: the run
    /// shares the time between them).
    @exclusivity(unchecked) private var untimedSince = [false, false, false]
    /// Per kind: the first problem in a point of a kind a replay may not use, thrown at the end
    /// only if that kind is the one replayed.
    private var deferred: [GPXDiagnostic?] = [nil, nil, nil]
    private var repairs = Repairs()

    /// The point being built. It lives in one allocation of its own so that handing it to
    /// `deliver` borrows it in place instead of copying ~300 bytes per point.
    private let current: UnsafeMutablePointer<GPXPoint>
    private var point: GPXPoint {
        @inline(__always) unsafeAddress { UnsafePointer(current) }
        @inline(__always) unsafeMutableAddress { current }
    }
    @exclusivity(unchecked) private var pointIsValid = false
    /// Whether the current point is an exported hold (`<type>locsim:hold</type>`).
    @exclusivity(unchecked) private var pointIsHold = false
    @exclusivity(unchecked) private var timePosition = (line: 0, column: 0)

    @exclusivity(unchecked) private var capturing = false
    @exclusivity(unchecked) private var captureDepth = 0
    private let text: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) private var textCount = 0
    @exclusivity(unchecked) private var textOverflowed = false
    @exclusivity(unchecked) private var fieldPosition = (line: 0, column: 0)

    @exclusivity(unchecked) private var cachedURI: UnsafePointer<UInt8>?
    @exclusivity(unchecked) private var cachedNamespace = GPXNamespace.other

    private init(
        path: String, options: GPXReaderOptions, collectsAll: Bool, deliver: ((UnsafePointer<GPXPoint>) throws -> Void)?
    ) {
        self.path = path
        self.options = options
        self.collectsAll = collectsAll
        self.deliver = deliver
        text = .allocate(capacity: options.maxTextLength)
        tags = .allocate(capacity: options.maxDepth + 1)
        current = .allocate(capacity: 1)
        current.initialize(to: GPXPoint(kind: .waypoint, coordinate: Coordinate(latitude: 0, longitude: 0)))
    }

    deinit {
        text.deallocate()
        tags.deallocate()
        current.deinitialize(count: 1)
        current.deallocate()
    }

    /// Parses `source` once; `deliver` (if any) receives each valid point.
    static func run(
        _ source: XMLByteSource, path: String, options: GPXReaderOptions, collectsAll: Bool,
        deliver: ((UnsafePointer<GPXPoint>) throws -> Void)?
    ) -> Outcome {
        let session = GPXParseSession(path: path, options: options, collectsAll: collectsAll, deliver: deliver)
        let userData = Unmanaged.passUnretained(session).toOpaque()
        do throws(LibXML2PushParser.Failure) {
            let outcome = try LibXML2PushParser.parse(
                source, chunkSize: options.chunkSize, handler: handler, userData: userData,
                didCreate: { session.context = $0 }, shouldStop: { session.stopped }
            )
            session.context = nil
            switch outcome {
            case .empty: session.report(.emptyFile, "file is empty", at: (0, 0))
            case .parsed(let failure): session.finish(failure)
            }
        } catch {
            session.context = nil
            switch error {
            case .notFound: session.report(.fileNotFound, "no such file or directory", at: (0, 0))
            case .unreadable(let message): session.report(.unreadableFile, message, at: (0, 0))
            }
        }
        return Outcome(
            summary: session.summary, diagnostics: session.diagnostics, warnings: session.summary.warnings,
            bodyError: session.bodyError)
    }

    private static var handler: xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { userData, localname, prefix, uri, namespaceCount, _, attributeCount, _, attributes in
            guard let userData, let localname else { return }
            Unmanaged<GPXParseSession>.fromOpaque(userData)._withUnsafeGuaranteedRef {
                $0.startElement(
                    localname, uri: uri, attributeCount: Int(attributeCount), attributes: attributes,
                    bare: prefix == nil && namespaceCount == 0 && attributeCount == 0)
            }
        }
        handler.endElementNs = { userData, _, _, _ in
            guard let userData else { return }
            Unmanaged<GPXParseSession>.fromOpaque(userData)._withUnsafeGuaranteedRef { $0.endElement() }
        }
        handler.characters = { userData, characters, count in
            guard let userData, let characters else { return }
            Unmanaged<GPXParseSession>.fromOpaque(userData)._withUnsafeGuaranteedRef {
                $0.characters(characters, Int(count))
            }
        }
        handler.serror = { userData, error in
            guard let userData, let error else { return }
            Unmanaged<GPXParseSession>.fromOpaque(userData)._withUnsafeGuaranteedRef { $0.libxml2Error(error) }
        }
        return handler
    }

    // MARK: - Callbacks

    private func startElement(
        _ localname: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?, attributeCount: Int,
        attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, bare: Bool
    ) {
        if stopped { return }
        if depth == 0 { return startRoot(localname, uri: uri) }
        let parent = tags[depth - 1]
        if depth >= options.maxDepth {
            report(.tooDeep, "elements are nested deeper than \(options.maxDepth) levels", at: position())
            return stop()
        }
        if parent == .skip || parent.isField {
            push(.skip)
            return
        }
        let tag: GPXTag
        switch (parent, namespace(of: uri)) {
        case (.gpx, .gpx): tag = GPXNames.topLevel(localname)
        case (.rte, .gpx): tag = GPXNames.equals(localname, "rtept") ? .rtept : .skip
        case (.trk, .gpx): tag = GPXNames.equals(localname, "trkseg") ? .trkseg : .skip
        case (.trkseg, .gpx): tag = GPXNames.equals(localname, "trkpt") ? .trkpt : .skip
        case (.wpt, .gpx), (.rtept, .gpx), (.trkpt, .gpx): tag = GPXNames.pointChild(localname)
        case (.extensions, .garminTrackPoint):
            tag = GPXNames.equals(localname, "TrackPointExtension") ? .trackPointExtension : .skip
        case (.trackPointExtension, .garminTrackPoint): tag = GPXNames.trackPointExtensionChild(localname)
        default: tag = .skip
        }
        push(tag)
        switch tag {
        case .skip, .gpx, .extensions, .trackPointExtension:
            break
        case .trk:
            summary.tracks += 1
            segmentsInTrack = 0
            previousTimes.2 = nil
            untimedSince[2] = false
        case .rte:
            summary.routes += 1
            previousTimes.1 = nil
        case .trkseg:
            summary.segments += 1
            segmentsInTrack += 1
        case .wpt, .rtept, .trkpt:
            beginPoint(tag, attributeCount: attributeCount, attributes: attributes)
        default:
            capturing = true
            captureDepth = depth
            textCount = 0
            textOverflowed = false
            // Fields are almost always a bare `<ele>`: found without scanning for the `<`.
            if bare, let context, let at = LibXML2PushParser.bareStartTagPosition(context, name: localname) {
                fieldPosition = at
            } else {
                fieldPosition = position()
            }
        }
    }

    private func endElement() {
        if stopped { return }
        guard depth > 0 else { return }
        depth -= 1
        let tag = tags[depth]
        if tag.isField {
            capturing = false
            finishField(tag)
        } else if tag.isPoint {
            finishPoint()
        }
    }

    private func characters(_ characters: UnsafePointer<UInt8>, _ count: Int) {
        guard capturing, depth == captureDepth, !textOverflowed else { return }
        guard textCount + count <= options.maxTextLength else {
            textOverflowed = true
            if tags[depth - 1] == .name {
                // A name is only a label: keep what fits, cut at a UTF-8 character boundary.
                var kept = options.maxTextLength - textCount
                while kept > 0, kept < count, characters[kept] & 0xC0 == 0x80 { kept -= 1 }
                (text + textCount).update(from: characters, count: kept)
                textCount += kept
                return
            }
            let name = tags[depth - 1].elementName
            invalid(.textTooLong, "<\(name)> is longer than \(options.maxTextLength) bytes", at: fieldPosition)
            return
        }
        (text + textCount).update(from: characters, count: count)
        textCount += count
    }

    private func libxml2Error(_ error: UnsafePointer<xmlError>) {
        if stopped { return }
        let level = error.pointee.level
        guard level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var at = (line: Int(error.pointee.line), column: Int(error.pointee.int2))
        if at.line <= 0, let context, let input = context.pointee.input {
            at = (Int(input.pointee.line), Int(input.pointee.col))
        }
        sawMalformedXML = true
        var message = LibXML2PushParser.cleanedMessage(error.pointee.message)
        if error.pointee.code == Int32(XML_ERR_DOCUMENT_END.rawValue), depth > 0,
            let open = context?.pointee.name
        {
            // libxml2's push parser calls a truncated file "extra content at the end".
            message = "unexpected end of file: <\(String(cString: open))> is not closed"
        } else if error.pointee.code == Int32(XML_ERR_DOCUMENT_EMPTY.rawValue) {
            message = "start tag expected, '<' not found"
        }
        report(.malformedXML, "malformed XML: " + message, at: at)
        // Malformed XML ends the parse whatever its level: libxml2 goes on after a namespace
        // error (an unbound prefix), repeating it for every element that uses the prefix.
        stop()
    }

    // MARK: - Structure

    private func startRoot(_ localname: UnsafePointer<UInt8>, uri: UnsafePointer<UInt8>?) {
        let at = position()
        rootPosition = at
        let isGPXName = GPXNames.equals(localname, "gpx")
        if isGPXName, namespace(of: uri) == .gpx {
            push(.gpx)
            return
        }
        let name = String(cString: localname)
        if isGPXName, let uri {
            report(
                .notGPX,
                "root element <gpx> is in namespace '\(String(cString: uri))', expected GPX 1.0 or 1.1 (\(GPXNames.gpx11))",
                at: at)
        } else {
            report(.notGPX, "root element is <\(name)>, expected <gpx>", at: at)
        }
        stop()
    }

    private func finish(_ failure: LibXML2PushParser.Outcome.Failure?) {
        checkEnd(failure)
        guard bodyError == nil else { return }
        if !collectsAll, !stopped, let problem = deferred[Self.kindIndex(replayedKind)] {
            // A problem in the routes or waypoints, and the file has nothing else to replay.
            return report(problem.code, problem.message, at: (problem.line, problem.column))
        }
        if !collectsAll, stopped { return }
        let warnings = repairs.warnings(file: path, replayed: replayedKind, maxGap: options.maxGap)
        if collectsAll, options.strict {
            for var warning in warnings {
                warning.severity = .error
                diagnostics.append(warning)
            }
        } else {
            summary.warnings = warnings
        }
    }

    /// The kind a replay of this file uses: `options.source`, else tracks, routes, waypoints.
    private var replayedKind: GPXPointKind {
        if let source = options.source { return source }
        if summary.trackPoints > 0 { return .trackPoint }
        return summary.routePoints > 0 ? .routePoint : .waypoint
    }

    /// How many points of `kind` the file has, skipped ones included.
    private func pointCount(_ kind: GPXPointKind) -> Int {
        switch kind {
        case .waypoint: summary.waypoints
        case .routePoint: summary.routePoints
        case .trackPoint: summary.trackPoints
        }
    }

    /// The structural checks at the end of the document.
    private func checkEnd(_ failure: LibXML2PushParser.Outcome.Failure?) {
        guard !stopped, bodyError == nil else { return }
        if let failure, !sawMalformedXML {
            sawMalformedXML = true
            return report(.malformedXML, "malformed XML: " + failure.message, at: (failure.line, failure.column))
        }
        if depth > 0, !sawMalformedXML {
            sawMalformedXML = true
            return report(.malformedXML, "malformed XML: unexpected end of file", at: position())
        }
        guard let rootPosition else {
            if !sawMalformedXML { report(.malformedXML, "malformed XML: no root element", at: (1, 1)) }
            return
        }
        // Nothing playable is an error for `validate` and a replay alike (docs/gpx.md).
        guard !sawMalformedXML else { return }
        if summary.pointCount == 0 {
            report(.noPoints, "nothing to replay: the file has no <wpt>, <rtept> or <trkpt>", at: rootPosition)
        } else if diagnostics.isEmpty, deferred[Self.kindIndex(replayedKind)] == nil,
            playable[Self.kindIndex(replayedKind)] == 0, pointCount(replayedKind) > 0
        {
            let element = "<\(replayedKind.rawValue)>"
            // Why, from the first warning the points got (a replay that throws shows no warnings).
            let why = repairs.warnings(file: path, replayed: replayedKind, maxGap: options.maxGap).first.map {
                " (\($0.message))"
            }
            report(
                .noPoints, "nothing to replay: every \(element) of the file was skipped" + (why ?? ""), at: rootPosition
            )
        }
    }

    // MARK: - Points

    private func beginPoint(
        _ tag: GPXTag, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<UInt8>?>?
    ) {
        let kind: GPXPointKind
        var trackIndex = 0
        var segmentIndex = 0
        pointIsHold = false
        switch tag {
        case .trkpt:
            summary.trackPoints += 1
            kind = .trackPoint
            trackIndex = summary.tracks - 1
            segmentIndex = segmentsInTrack - 1
        case .rtept:
            summary.routePoints += 1
            kind = .routePoint
            trackIndex = summary.routes - 1
        default:
            summary.waypoints += 1
            kind = .waypoint
        }
        currentKind = kind
        let at = position()
        pointIsValid = true
        timePosition = at
        var latitudeText: (UnsafePointer<UInt8>, Int)?
        var longitudeText: (UnsafePointer<UInt8>, Int)?
        if let attributes {
            for index in 0..<attributeCount {
                let entry = attributes + 5 * index
                guard entry[2] == nil, let name = entry[0], let value = entry[3], let end = entry[4] else { continue }
                if GPXNames.equals(name, "lat") {
                    latitudeText = (value, end - value)
                } else if GPXNames.equals(name, "lon") {
                    longitudeText = (value, end - value)
                }
            }
        }
        let name = tag.elementName
        let latitude = coordinate(latitudeText, attribute: "lat", limit: 90, element: name, at: at)
        var longitude = coordinate(longitudeText, attribute: "lon", limit: 180, element: name, at: at)
        if pointIsValid, abs(longitude) > 180 {
            let shown = TextBytes.quoted(longitudeText!.0, count: longitudeText!.1)
            longitude = Self.wrapLongitude(longitude)
            let message = "<\(name)> attribute 'lon' is out of range: \(shown) is not between -180 and 180"
            repair(.longitudeWrapped, message, at: at) {
                $0.longitudes.add(at: at, sample: "\(shown) at \(GPXRepairTally.place(at))")
            }
        }
        if pointIsValid, abs(latitude) > 90 {
            let shown = TextBytes.quoted(latitudeText!.0, count: latitudeText!.1)
            let message = "<\(name)> attribute 'lat' is out of range: \(shown) is not between -90 and 90"
            repair(.latitudeOutOfRange, message, at: at) {
                $0.latitudes.add(at: at, sample: "\(shown) at \(GPXRepairTally.place(at))")
            }
            pointIsValid = false
            skippedBefore[Self.kindIndex(kind)] = true
        }
        point.reset(
            kind: kind, coordinate: Coordinate(latitude: latitude, longitude: longitude), trackIndex: trackIndex,
            segmentIndex: segmentIndex, line: at.line, column: at.column)
    }

    private func coordinate(
        _ text: (UnsafePointer<UInt8>, Int)?, attribute: String, limit: Double, element: String,
        at: (line: Int, column: Int)
    ) -> Double {
        guard let (raw, rawCount) = text else {
            invalid(.missingAttribute, "<\(element)> is missing attribute '\(attribute)'", at: at)
            return 0
        }
        let (bytes, count) = TextBytes.trimmed(raw, count: rawCount)
        guard let value = TextBytes.parseDouble(bytes, count: count) else {
            let shown = TextBytes.quoted(raw, count: rawCount)
            invalid(.notANumber, "<\(element)> attribute '\(attribute)' is not a number: '\(shown)'", at: at)
            return 0
        }
        guard
            abs(value) <= limit || attribute == "lat" || (attribute == "lon" && abs(value) < Self.wrappedLongitudeLimit)
        else {
            let shown = TextBytes.quoted(bytes, count: count)
            let range = "between -\(Int(limit)) and \(Int(limit))"
            invalid(
                .outOfRange, "<\(element)> attribute '\(attribute)' is out of range: \(shown) is not \(range)", at: at)
            return 0
        }
        return value
    }

    private func finishField(_ tag: GPXTag) {
        if textOverflowed, tag != .name { return }
        let (bytes, count) = TextBytes.trimmed(text, count: textCount)
        if count == 0 { return }
        switch tag {
        case .ele: point.elevation = number(tag, bytes, count)
        case .time:
            if let time = ISO8601Time.parse(bytes, count: count) {
                point.time = time
                timePosition = fieldPosition
            } else if let time = ISO8601Time.parseUnpadded(bytes, count: count) {
                let shown = TextBytes.quoted(bytes, count: count)
                let at = fieldPosition
                repair(.unpaddedTime, "<time> has unpadded fields: '\(shown)'", at: at) {
                    $0.unpadded.add(at: at, sample: "'\(shown)' at \(GPXRepairTally.place(at))")
                }
                point.time = time
                timePosition = at
            } else {
                let shown = TextBytes.quoted(bytes, count: count)
                invalid(.invalidTime, "<time> is not an xsd:dateTime: '\(shown)'", at: fieldPosition)
            }
        case .name: point.name = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        case .type:
            pointIsHold =
                String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) == GPXHold.type
        case .hdop: point.hdop = number(tag, bytes, count)
        case .vdop: point.vdop = number(tag, bytes, count)
        case .pdop: point.pdop = number(tag, bytes, count)
        case .sat: point.satellites = integer(tag, bytes, count)
        case .fix: point.fix = String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
        case .speed: point.speed = number(tag, bytes, count)
        case .course: point.course = number(tag, bytes, count)
        case .heartRate: point.heartRate = extensionValue(tag, bytes, count).flatMap(Self.wholeNumber)
        case .cadence: point.cadence = extensionValue(tag, bytes, count).flatMap(Self.wholeNumber)
        case .airTemperature: point.temperature = extensionValue(tag, bytes, count)
        case .waterTemperature: point.waterTemperature = extensionValue(tag, bytes, count)
        case .extensionSpeed:
            let value = extensionValue(tag, bytes, count)
            if point.speed == nil { point.speed = value }
        case .extensionCourse:
            let value = extensionValue(tag, bytes, count)
            if point.course == nil { point.course = value }
        default: break
        }
    }

    private func number(_ tag: GPXTag, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        if let value = TextBytes.parseDouble(bytes, count: count) { return value }
        let shown = TextBytes.quoted(bytes, count: count)
        invalid(.notANumber, "<\(tag.elementName)> is not a number: '\(shown)'", at: fieldPosition)
        return nil
    }

    /// A TrackPointExtension value: replay uses none of them, so one that is not a number is
    /// ignored with a warning (an error only with `strict`).
    private func extensionValue(_ tag: GPXTag, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Double? {
        if let value = TextBytes.parseDouble(bytes, count: count), value.isFinite { return value }
        let shown = TextBytes.quoted(bytes, count: count)
        let at = fieldPosition
        repair(.unusedValue, "<\(tag.elementName)> is not a number: '\(shown)'", at: at) {
            $0.unusedValues.add(at: at, sample: "<\(tag.elementName)> '\(shown)' at \(GPXRepairTally.place(at))")
        }
        return nil
    }

    /// A count written as a decimal (`<cad>15.0</cad>`), rounded; `nil` if negative or huge.
    private static func wholeNumber(_ value: Double) -> Int? {
        value >= 0 && value < 1e9 ? Int(value.rounded()) : nil
    }

    private func integer(_ tag: GPXTag, _ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        if let value = TextBytes.parseInt(bytes, count: count) { return value }
        let shown = TextBytes.quoted(bytes, count: count)
        invalid(.notANumber, "<\(tag.elementName)> is not a non-negative integer: '\(shown)'", at: fieldPosition)
        return nil
    }

    private func finishPoint() {
        guard pointIsValid else { return }
        let kind = Self.kindIndex(currentKind)
        if pointIsHold {
            // An exported hold only keeps a player that interpolates (Xcode) at the previous
            // point until the next one: for locsim, the next point follows a pause.
            skippedBefore[kind] = true
            return
        }
        if let time = point.time {
            let at = timePosition
            if let previous = previousTime(kind) {
                if time < previous, currentKind == .trackPoint {
                    // Route and waypoint times are no schedule: only tracks are order-checked.
                    let step = previous - time
                    let message =
                        "<time> \(Self.format(time)) is \(GPXDuration.text(step)) earlier than the previous point's \(Self.format(previous))"
                    repair(.timeOutOfOrder, message, at: at) { $0.steppedBack.add(at: at, size: step) }
                    return
                } else if time == previous {
                    repair(.repeatedTime, "<time> \(Self.format(time)) repeats the previous point's", at: at) {
                        $0.repeats[kind].add(at: at)
                    }
                } else if time - previous > options.maxGap, !untimedSince[kind] {
                    let gap = time - previous
                    let message =
                        "<time> is \(GPXDuration.text(gap)) after the previous point's, more than --max-gap \(GPXDuration.text(options.maxGap))"
                    repair(.longGap, message, at: at) { $0.gaps[kind].add(at: at, size: gap) }
                }
            }
            if !pointIsValid { return }
            setPreviousTime(kind, time)
            untimedSince[kind] = false
            summary.earliestTime = min(summary.earliestTime ?? time, time)
            summary.latestTime = max(summary.latestTime ?? time, time)
        }
        if point.time == nil { untimedSince[kind] = true }
        if skippedBefore[kind] {
            skippedBefore[kind] = false
            point.followsSkippedPoint = true
        }
        playable[kind] += 1
        guard let deliver else { return }
        do {
            try deliver(current)
        } catch {
            bodyError = error
            stop()
        }
    }

    /// A time with as many fraction digits (up to 6) as it needs, so two different times never
    /// print alike.
    private static func format(_ time: Double) -> String {
        var digits = 0
        while digits < 6 {
            let scale = TextBytes.powersOfTen[digits]
            if abs((time * scale).rounded() / scale - time) < 5e-7 { break }
            digits += 1
        }
        return ISO8601Timestamp.format(epochSeconds: time, fractionDigits: digits) ?? "\(time)"
    }

    /// A longitude past ±180 by less than a degree (a tracker crossing the antimeridian writes
    /// 180.87702) is wrapped into [-180, 180) with a warning; from ±181 on it is an error.
    static let wrappedLongitudeLimit = 181.0

    /// `longitude` wrapped into [-180, 180).
    static func wrapLongitude(_ longitude: Double) -> Double {
        let wrapped = (longitude + 180).truncatingRemainder(dividingBy: 360)
        return (wrapped < 0 ? wrapped + 360 : wrapped) - 180
    }

    /// 0 for waypoints, 1 for route points, 2 for track points.
    static func kindIndex(_ kind: GPXPointKind) -> Int {
        switch kind {
        case .waypoint: 0
        case .routePoint: 1
        case .trackPoint: 2
        }
    }

    private func previousTime(_ kind: Int) -> Double? {
        switch kind {
        case 0: previousTimes.0
        case 1: previousTimes.1
        default: previousTimes.2
        }
    }

    private func setPreviousTime(_ kind: Int, _ time: Double) {
        switch kind {
        case 0: previousTimes.0 = time
        case 1: previousTimes.1 = time
        default: previousTimes.2 = time
        }
    }

    // MARK: - Helpers

    /// A data error in the current point: the point is not delivered. Reported, except that a
    /// read for replay does not stop for a kind it may not replay (see ``deferred``).
    private func invalid(_ code: GPXDiagnostic.Code, _ message: String, at: (line: Int, column: Int)) {
        pointIsValid = false
        if collectsAll { return report(code, message, at: at) }
        if let source = options.source {
            if currentKind == source { report(code, message, at: at) }
        } else if currentKind == .trackPoint {
            report(code, message, at: at)
        } else if deferred[Self.kindIndex(currentKind)] == nil {
            deferred[Self.kindIndex(currentKind)] = GPXDiagnostic(
                file: path, line: at.line, column: at.column, code: code, message: message)
        }
    }

    /// Something the reader accepts and repairs: counted by `tally` for one summary warning, or
    /// with `strict`, an error in the current point (`message` says what this occurrence is).
    private func repair(
        _ code: GPXDiagnostic.Code, _ message: String, at: (line: Int, column: Int), tally: (inout Repairs) -> Void
    ) {
        if options.strict, !collectsAll { return invalid(code, message, at: at) }
        tally(&repairs)
    }

    private func report(_ code: GPXDiagnostic.Code, _ message: String, at: (line: Int, column: Int)) {
        if stopped { return }
        diagnostics.append(GPXDiagnostic(file: path, line: at.line, column: at.column, code: code, message: message))
        if !collectsAll { return stop() }
        if diagnostics.count >= options.maxDiagnostics {
            let message = "too many errors (\(options.maxDiagnostics)); stopping"
            diagnostics.append(
                GPXDiagnostic(file: path, line: at.line, column: at.column, code: .tooManyErrors, message: message))
            stop()
        }
    }

    /// Ends the parse: every later callback returns at once and no further chunk is pushed.
    ///
    /// `xmlStopParser` is deliberately not called: it frees the input buffer that the current
    /// callback's attribute pointers point into (found by the fuzzer), and finishing the current
    /// chunk with callbacks ignored costs at most one chunk.
    private func stop() {
        stopped = true
        capturing = false
    }

    @inline(__always)
    private func push(_ tag: GPXTag) {
        tags[depth] = tag
        depth += 1
    }

    @inline(__always)
    private func position() -> (line: Int, column: Int) {
        guard let context else { return (0, 0) }
        return LibXML2PushParser.startTagPosition(context)
    }

    @inline(__always)
    private func namespace(of uri: UnsafePointer<UInt8>?) -> GPXNamespace {
        guard let uri else { return .gpx }
        if uri == cachedURI { return cachedNamespace }
        let namespace = GPXNames.namespace(of: uri)
        cachedURI = uri
        cachedNamespace = namespace
        return namespace
    }
}
