import LocSimGPX
internal import LocSimLibXML2
import LocSimLocationCore
import LocSimSafeXML
import LocSimSupport

/// Parse-throughput measurements for `locsim bench`: a generated track, a bare libxml2 SAX2
/// loop over it as the baseline, and the full reader extracting every point with its time.
///
/// Library code without timing assertions; the clock is passed in. Targets (docs/contract.md, Qualities): the
/// reader within 2× of the bare loop, peak resident memory under 32 MiB.
package enum GPXBenchmark {
    /// Why a benchmark could not run.
    package struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        package var message: String
        package var description: String { message }
    }

    /// Writes a deterministic timed track of `points` `<trkpt>`s to `path` (one per line with
    /// 6-decimal coordinates, `<ele>` and `<time>` one second apart, like GPSBabel or Strava
    /// exports; 1,000,000 points ≈ 100 MB), streaming and atomically (``AtomicFileWriter``).
    ///
    /// - Returns: the file size in bytes.
    package static func writeTrack(to path: String, points: Int = 1_000_000) throws(Failure) -> Int {
        do {
            var size = 0
            try AtomicFileWriter().write(to: path) { (output: inout AtomicFileOutput) throws(AtomicWriteError) in
                try writeTrack(points: points, to: &output)
                size = output.count
            }
            return size
        } catch {
            throw Failure(message: "\(path): \(SystemCall.lowercasedErrorText(error.code))")
        }
    }

    private static func writeTrack(points: Int, to output: inout AtomicFileOutput) throws(AtomicWriteError) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        buffer += Array(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="locsim bench" xmlns="http://www.topografix.com/GPX/1/1">
              <trk>
                <name>locsim benchmark track (\(points) points)</name>
                <trkseg>\n
            """.utf8)
        let start = 1_715_691_600  // 2024-05-14T13:00:00Z
        for index in 0..<points {
            // Micro-degree steps: ~5.6 m east and a slow north-south zig-zag; ele cycles 0–99.9 m.
            let wave = index % 20_000 < 10_000 ? index % 20_000 : 20_000 - index % 20_000
            buffer += Array("      <trkpt lat=\"".utf8)
            appendFixed(29_500_000 + wave * 3, decimals: 6, to: &buffer)
            buffer += Array("\" lon=\"".utf8)
            appendFixed(-95_000_000 + index * 5, decimals: 6, to: &buffer)
            buffer += Array("\"><ele>".utf8)
            appendFixed((index * 7) % 1000, decimals: 1, to: &buffer)
            buffer += Array("</ele><time>".utf8)
            buffer += Array(
                (ISO8601Timestamp.format(epochSeconds: Double(start + index), fractionDigits: 0) ?? "").utf8)
            buffer += Array("</time></trkpt>\n".utf8)
            if buffer.count >= 1 << 20 {
                try output.write(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        buffer += Array("    </trkseg>\n  </trk>\n</gpx>\n".utf8)
        try output.write(buffer)
    }

    /// The baseline: libxml2's SAX2 push parser over the file with empty callbacks, fed the same
    /// 256 KiB chunks as the reader.
    package static func measureBareSAXLoop<C: Clock>(
        fileAt path: String, points: Int, clock: C
    ) throws(Failure) -> GPXBenchmarkResult
    where C.Duration == Duration {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { _, _, _, _, _, _, _, _, _ in }
        handler.endElementNs = { _, _, _, _ in }
        handler.characters = { _, _, _ in }
        handler.serror = { _, _ in }
        var failure: Failure?
        let peak = PeakMemory()
        let elapsed = clock.measure {
            do {
                _ = try LibXML2PushParser.parse(
                    .file(path: path), chunkSize: GPXReaderOptions().chunkSize, handler: handler,
                    userData: UnsafeMutableRawPointer(bitPattern: 1)!, didCreate: { _ in }, shouldStop: { false })
            } catch {
                failure = Failure(message: "\(path): cannot read the file")
            }
        }
        if let failure { throw failure }
        return GPXBenchmarkResult(
            name: "libxml2 SAX2 loop", seconds: elapsed.inSeconds, points: points, bytes: fileSize(path),
            peakResidentBytes: peak.read())
    }

    /// The full `GPXReader` over the file, touching every point's coordinate and time.
    package static func measureReader<C: Clock>(fileAt path: String, clock: C) throws(Failure) -> GPXBenchmarkResult
    where C.Duration == Duration {
        var points = 0
        var checksum = 0.0
        var failure: Failure?
        let peak = PeakMemory()
        let elapsed = clock.measure {
            do {
                _ = try GPXReader().read(fileAt: path) { point in
                    points += 1
                    checksum += point.coordinate.latitude + (point.time ?? 0)
                }
            } catch {
                failure = Failure(message: "\(error)")
            }
        }
        if let failure { throw failure }
        precondition(checksum.isFinite)
        return GPXBenchmarkResult(
            name: "GPXReader", seconds: elapsed.inSeconds, points: points, bytes: fileSize(path),
            peakResidentBytes: peak.read())
    }

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }

    /// Appends `value / 10^decimals` with exactly `decimals` fraction digits.
    private static func appendFixed(_ value: Int, decimals: Int, to buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var digits = Array(String(abs(value)).utf8)
        if digits.count <= decimals {
            digits = [UInt8](repeating: UInt8(ascii: "0"), count: decimals + 1 - digits.count) + digits
        }
        buffer += digits[..<(digits.count - decimals)]
        buffer.append(UInt8(ascii: "."))
        buffer += digits[(digits.count - decimals)...]
    }
}

/// The process's peak resident set size since creation: resets Linux's high-water mark
/// (`echo 5 > /proc/self/clear_refs`) and reads `VmHWM` from `/proc/self/status`.
private struct PeakMemory {
    let available: Bool

    init() {
        #if os(Linux)
            let descriptor = open("/proc/self/clear_refs", O_WRONLY)
            if descriptor >= 0 {
                available = write(descriptor, "5", 1) == 1
                close(descriptor)
            } else {
                available = false
            }
        #else
            available = false
        #endif
    }

    func read() -> Int? {
        #if os(Linux)
            guard available, let file = fopen("/proc/self/status", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if text.hasPrefix("VmHWM:") {
                    let digits = text.filter(\.isNumber)
                    return Int(digits).map { $0 * 1024 }
                }
            }
            return nil
        #else
            return nil
        #endif
    }
}
