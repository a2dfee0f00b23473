extension GPXParseSession {
    /// The repairs of one parse, each kind counted and reported once (docs/gpx.md, "Warnings").
    struct Repairs {
        /// Track points whose time is earlier than the previous kept one's: dropped.
        var steppedBack = GPXRepairTally()
        /// `<time>` values with unpadded fields: read as if padded.
        var unpadded = GPXRepairTally()
        /// Points with a latitude beyond ±90: skipped, the track breaks there.
        var latitudes = GPXRepairTally()
        /// Points with a longitude past ±180 by less than a degree: wrapped into [-180, 180).
        var longitudes = GPXRepairTally()
        /// TrackPointExtension values that are not numbers: ignored.
        var unusedValues = GPXRepairTally()
        /// Per kind (``kindIndex(_:)``): gaps longer than the maximum, and repeated times.
        var gaps = [GPXRepairTally(), GPXRepairTally(), GPXRepairTally()]
        var repeats = [GPXRepairTally(), GPXRepairTally(), GPXRepairTally()]

        /// One warning per kind of repair, in the order of their first occurrence; gaps and
        /// repeated times only for the kind a replay uses.
        func warnings(file: String, replayed: GPXPointKind, maxGap: Double) -> [GPXDiagnostic] {
            typealias Tally = GPXRepairTally
            var found: [(code: GPXDiagnostic.Code, at: (line: Int, column: Int), message: String)] = []
            if steppedBack.count > 0 {
                let size = GPXDuration.text(steppedBack.largest)
                let detail =
                    steppedBack.count == 1
                    ? "by \(size)" : "largest \(size) at \(Tally.place(steppedBack.largestAt))"
                found.append(
                    (
                        .timeOutOfOrder, steppedBack.first,
                        "\(Tally.points(steppedBack.count)) stepped back in time (\(detail)); dropped"
                    ))
            }
            if unpadded.count > 0 {
                let values = unpadded.count == 1 ? "1 <time> value has" : "\(unpadded.count) <time> values have"
                found.append(
                    (
                        .unpaddedTime, unpadded.first,
                        "\(values) unpadded fields (first \(unpadded.firstSample)); read as if zero-padded"
                    ))
            }
            if latitudes.count > 0 {
                found.append(
                    (
                        .latitudeOutOfRange, latitudes.first,
                        "\(Tally.points(latitudes.count)) with a latitude out of range (first \(latitudes.firstSample)); "
                            + "skipped, replay breaks the track there"
                    ))
            }
            if longitudes.count > 0 {
                found.append(
                    (
                        .longitudeWrapped, longitudes.first,
                        "\(Tally.points(longitudes.count)) with a longitude out of range (first \(longitudes.firstSample)); "
                            + "wrapped into [-180, 180)"
                    ))
            }
            if unusedValues.count > 0 {
                let values =
                    unusedValues.count == 1
                    ? "1 extension value is not a number" : "\(unusedValues.count) extension values are not numbers"
                found.append(
                    (
                        .unusedValue, unusedValues.first,
                        "\(values) (first \(unusedValues.firstSample)); ignored, replay does not use them"
                    ))
            }
            let kind = GPXParseSession.kindIndex(replayed)
            let gaps = gaps[kind]
            if gaps.count > 0 {
                let what = gaps.count == 1 ? "1 gap" : "\(gaps.count) gaps"
                let size = GPXDuration.text(gaps.largest)
                let detail = gaps.count == 1 ? size : "largest \(size) at \(Tally.place(gaps.largestAt))"
                found.append(
                    (
                        .longGap, gaps.first,
                        "\(what) between timed points longer than --max-gap \(GPXDuration.text(maxGap)) (\(detail)); "
                            + "replay pauses there: no interpolation, the clock jumps"
                    ))
            }
            let repeats = repeats[kind]
            if repeats.count > 0 {
                let verb = repeats.count == 1 ? "repeats" : "repeat"
                found.append(
                    (
                        .repeatedTime, repeats.first,
                        "\(Tally.points(repeats.count)) \(verb) the time of the point before them; "
                            + "replayed as untimed, at --speed"
                    ))
            }
            return found.sorted { ($0.at.line, $0.at.column) < ($1.at.line, $1.at.column) }.map {
                GPXDiagnostic(
                    file: file, line: $0.at.line, column: $0.at.column, code: $0.code, message: $0.message,
                    severity: .warning)
            }
        }
    }
}
