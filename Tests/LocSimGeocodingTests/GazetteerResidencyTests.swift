#if os(Linux)
    import Foundation
    import LocSimLocationCore
    import Testing

    @testable import LocSimGeocoding

    /// The bundled gazetteer is mapped, not read: loading it touches the header only, and a few
    /// lookups touch a few pages — the reason a replay's peak memory no longer includes it.
    @Suite struct GazetteerResidencyTests {
        /// Resident kilobytes of the mapping that starts at `base`, from /proc/self/smaps.
        static func residentKilobytes(ofMappingAt base: UnsafeRawPointer) throws -> Int? {
            let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
            defer { handle.closeFile() }
            let smaps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
            let start = String(UInt(bitPattern: base), radix: 16)
            var inside = false
            for line in smaps.split(separator: "\n") {
                if let dash = line.firstIndex(of: "-"), line[..<dash].allSatisfy(\.isHexDigit) {
                    inside = line[..<dash].drop(while: { $0 == "0" }) == start[...].drop(while: { $0 == "0" })
                } else if inside, line.hasPrefix("Rss:") {
                    return Int(line.split(separator: " ")[1])
                }
            }
            return nil
        }

        @Test func loadingTouchesTheHeaderAndLookupsAFewPages() throws {
            let url = try #require(Bundle.module.url(forResource: "gazetteer", withExtension: "bin"))
            let bytes = try GazetteerFileReader.open(path: url.path)
            let gazetteer = try Gazetteer(bytes: bytes, name: url.path)
            let fileKilobytes = bytes.count / 1024
            let afterLoad = try #require(try Self.residentKilobytes(ofMappingAt: bytes.base))
            #expect(afterLoad <= 256, "resident after load: \(afterLoad) KB of \(fileKilobytes) KB")

            let places = [(29.79577, -91.50150), (45.52345, -122.67621), (34.6937, 135.5023), (-33.87, 151.21)]
            for (latitude, longitude) in places {
                #expect(gazetteer.match(Coordinate(latitude: latitude, longitude: longitude)) != nil)
            }
            let afterLookups = try #require(try Self.residentKilobytes(ofMappingAt: bytes.base))
            #expect(afterLookups <= 2_048, "resident after 4 lookups: \(afterLookups) KB of \(fileKilobytes) KB")
            #expect(fileKilobytes > 5_000)
        }
    }
#endif
