public import LocSimCanonicalJSON

/// Reads HAR 1.2 files (HTTP Archive: what Proxyman, Charles, Safari's and Chrome's Web
/// Inspectors, kean/Pulse and mattt/Replay export) into cassettes.
///
/// Entries keep the HAR's order (so repeated identical requests replay in recorded order). Each
/// kept entry becomes an interaction: the request's method, URL, headers (HTTP/2 pseudo-headers
/// and connection headers dropped) and body (`postData.text`, or `postData.params`
/// form-encoded); the response's status, headers and body (`content.text`, base64-decoded when
/// `content.encoding` is `base64`); `startedDateTime` as `recordedAt`. Each is redacted by
/// ``HARImportOptions/redactor`` exactly as a recording is. Entries a cassette cannot hold are
/// returned in ``HARImport/skipped`` with the reason.
///
/// Bad input is a ``CassetteError`` naming the file and, for a broken document, the line and
/// column, else the entry (`log.entries[3].request.url: …`): text that is not JSON, JSON that is
/// not a HAR, a version other than 1.2, a missing field locsim reads, a body over the cap
/// (decoded or claimed by `content.size`), invalid base64, a URL without a scheme.
public enum HARReader {
    /// The only HAR version read.
    public static let version = "1.2"

    /// Whether the file at `path` is read as a HAR: its name ends in `.har`.
    public static func isHARPath(_ path: String) -> Bool {
        path.lowercased().hasSuffix(".har")
    }

    /// Whether a parsed JSON document is a HAR rather than a cassette: a `log` and no `interactions`.
    public static func isHAR(_ root: JSONValue) -> Bool {
        root["log"] != nil && root["interactions"] == nil
    }

    /// `bytes` without a leading UTF-8 byte order mark (Fiddler and Chrome on Windows write one).
    /// Without one, the same array (no copy of a file that may be 128 MiB).
    static func droppingByteOrderMark(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes[3...]) : bytes
    }

    /// The largest HAR file read: ``maxExpansion`` times the cassette file cap
    /// (``CassetteStore/maxFileBytes(forBodyCap:)``, 512 MiB by default), so the HAR of any
    /// cassette `cassettes export` writes reads back; export refuses a HAR larger than this.
    package static func maxFileBytes(forBodyCap maxBodyBytes: Int) -> Int {
        let cassetteCap = CassetteStore.maxFileBytes(forBodyCap: maxBodyBytes)
        let (product, overflow) = cassetteCap.multipliedReportingOverflow(by: maxExpansion)
        return overflow ? Int.max : product
    }

    /// How many times larger than its cassette a HAR may be and still read: HAR spells out what
    /// a cassette leaves implicit (timings, cache, cookies, each query parameter and header as an
    /// object, a JSON body as an escaped string), so a cassette of many small interactions
    /// becomes a HAR 1.4 to 2.6 times its size, one of bodiless requests about 2.8 times.
    package static let maxExpansion = 4

    /// Reads the HAR file at `path` (a missing file is ``CassetteError/Kind/missing``; a file
    /// over the HAR file cap, ``maxFileBytes(forBodyCap:)``, is refused before it is read).
    public static func load(_ path: String, options: HARImportOptions) throws(CassetteError) -> HARImport {
        guard let bytes = try CassetteStore.read(path, maxBytes: maxFileBytes(forBodyCap: options.maxBodyBytes))
        else { throw CassetteError(kind: .missing, path: path, reason: "no such HAR file") }
        return try read(owning: bytes, path: path, options: options)
    }

    /// Parses the HAR file text `bytes`; `path` only names the file in errors.
    public static func read(
        utf8 bytes: [UInt8], path: String, options: HARImportOptions
    ) throws(CassetteError) -> HARImport {
        try read(owning: bytes, path: path, options: options)
    }

    /// ``read(utf8:path:options:)`` of bytes no one else needs: they are freed once parsed, and
    /// each entry's part of the tree once read.
    static func read(
        owning bytes: consuming [UInt8], path: String, options: HARImportOptions
    ) throws(CassetteError) -> HARImport {
        var parsed: (value: JSONValue, invalidUTF8: [String])
        do {
            parsed = try JSONValue.parseNamingInvalidUTF8(utf8: droppingByteOrderMark(consume bytes))
        } catch {
            throw CassetteError(
                kind: .syntax, path: path, line: error.line, column: error.column,
                reason: "\(error.message) (not a JSON document, so not a HAR)")
        }
        var root = JSONValue.null
        swap(&root, &parsed.value)
        var imported = try read(owning: consume root, path: path, options: options)
        imported.invalidUTF8 = parsed.invalidUTF8
        return imported
    }

    /// Reads a parsed HAR document.
    public static func read(
        _ root: JSONValue, path: String, options: HARImportOptions
    ) throws(CassetteError) -> HARImport {
        try read(owning: root, path: path, options: options)
    }

    /// ``read(_:path:options:)`` of a tree no one else holds: each entry's subtree is freed as
    /// soon as it is read.
    static func read(
        owning root: consuming JSONValue, path: String, options: HARImportOptions
    ) throws(CassetteError) -> HARImport {
        let shape = HARShape(path: path)
        guard case .object(var top) = consume root else {
            throw shape.error("", "expected a JSON object with a 'log' (not a HAR)")
        }
        guard case .object(var log)? = top.removeValue(forKey: "log") else {
            throw shape.error(
                "log", top["interactions"] != nil ? "missing: this is a cassette, not a HAR" : "missing (not a HAR)")
        }
        guard let version = log["version"] else { throw shape.error("log.version", "missing (expected \"1.2\")") }
        guard version.stringValue == HARReader.version else {
            throw shape.error(
                "log.version",
                "HAR version \(version.compact()) is not read (this build reads HAR \(HARReader.version); "
                    + "re-export with a current version of the tool)")
        }
        // Taken out of the (now unshared) tree, so the list is this function's alone.
        guard var entries = log.removeValue(forKey: "entries")?.arrayValue else {
            throw shape.error("log.entries", "expected an array")
        }
        var creator = ""
        if case .object(let members)? = log["creator"] {
            creator = [members["name"]?.stringValue, members["version"]?.stringValue].compactMap { $0 }
                .filter { !$0.isEmpty }.joined(separator: " ")
        }
        var interactions: [HTTPInteraction] = []
        var skipped: [HARSkippedEntry] = []
        var indices: [Int] = []
        for index in entries.indices {
            var item = JSONValue.null
            swap(&item, &entries[index])
            var entry = HAREntryReader(shape: shape, index: index, options: options)
            switch try entry.read(item) {
            case .interaction(let interaction):
                interactions.append(interaction)
                indices.append(index)
            case .skipped(let reason):
                skipped.append(
                    HARSkippedEntry(
                        index: index, method: entry.method, url: options.redactor.redact(url: entry.url), reason: reason
                    ))
            }
        }
        let comment = log["comment"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
        var matching: MatchingRules?
        if let rules = log[HARWriter.matchingKey] {
            matching = try MatchingRules.decode(rules) { key, message in
                shape.error("log.\(HARWriter.matchingKey).\(key)", message)
            }
        }
        // A value learned from one entry's secret header or field may be echoed in an earlier one.
        if options.redactor.hasLearnedSecrets {
            interactions = interactions.map { options.redactor.redact($0) }
        }
        return HARImport(
            cassette: Cassette(interactions: interactions, comment: comment, matching: matching), skipped: skipped,
            creator: creator, entryIndices: indices)
    }
}

/// Builds the errors of a HAR that is not the expected shape, naming where in it.
struct HARShape {
    let path: String

    func error(_ place: String, _ message: String) -> CassetteError {
        CassetteError(kind: .shape, path: path, reason: place.isEmpty ? message : "\(place): \(message)")
    }
}
