import Foundation
import LocSimLocationCore
import Testing

@testable import LocSimGeocoding

/// The version-2 layout: what the bundled file stores is what the search assumes, and a bad
/// file gives an error or a nil answer, never a crash.
struct GazetteerFileTests {
    static func shippedBytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: GazetteerVersion1EquivalenceTests.shippedURL))
    }

    static func file(_ bytes: [UInt8]) throws -> GazetteerFile {
        try GazetteerFile(bytes: GazetteerBytes(copying: bytes), name: "test.bin")
    }

    /// The k-d order holds for the unit vectors this process computes (to 1e-13, well inside the
    /// search's margin), and each slot's radius bound covers every radius of its subtree.
    @Test func storedTreeFitsTheGeocodersArithmetic() throws {
        let file = try Self.file(Self.shippedBytes())
        let bounds2 = KDTree.radiusBounds2
        var failures = 0
        typealias Box = (low: SIMD3<Double>, high: SIMD3<Double>, radius2: Double)
        func check(_ lo: Int, _ hi: Int) -> Box {
            guard lo < hi else { return (SIMD3(repeating: .infinity), SIMD3(repeating: -.infinity), 0) }
            let mid = lo + (hi - lo) / 2
            let left = check(lo, mid)
            let right = check(mid + 1, hi)
            let p = KDTree.unitVector(
                latitude: Double(file.latitudeE5(mid)) / 1e5, longitude: Double(file.longitudeE5(mid)) / 1e5)
            let r = MunicipalityRule.radius(population: file.population(mid)) / MunicipalityRule.earthRadius
            let radius2 = max(r * r, left.radius2, right.radius2)
            let axis = Int(file.bytes.u8(file.slotsOffset + GazetteerFile.slotStride * mid + 14))
            let bound = Int(file.bytes.u8(file.slotsOffset + GazetteerFile.slotStride * mid + 15))
            if axis > 2 || left.high[min(axis, 2)] > p[min(axis, 2)] + 1e-13
                || right.low[min(axis, 2)] < p[min(axis, 2)] - 1e-13 || bounds2[bound] < radius2
            {
                failures += 1
            }
            return (
                pointwiseMin(pointwiseMin(left.low, right.low), p),
                pointwiseMax(pointwiseMax(left.high, right.high), p),
                radius2
            )
        }
        _ = check(0, file.placeCount)
        #expect(failures == 0, "\(failures) slots break the k-d order or their radius bound")
    }

    @Test func ranksAreAPermutationAndSectionsAreSortedSlots() throws {
        let file = try Self.file(Self.shippedBytes())
        var seen = [Bool](repeating: false, count: file.placeCount)
        for slot in 0..<file.placeCount {
            let rank = Int(file.rank(slot))
            #expect(rank < file.placeCount && !seen[rank])
            if rank < file.placeCount { seen[rank] = true }
        }
        var previous = -1
        for s in 0..<file.sectionCount {
            let child = Int(file.bytes.u32(file.sectionsOffset + 8 * s))
            #expect(child > previous && child < file.placeCount)
            previous = child
            #expect(try file.sectionParent(of: child) == Int(file.bytes.u32(file.sectionsOffset + 8 * s + 4)))
        }
        #expect(file.sectionCount > 7000)
        // A section's parent is a root or a borough, whose own parent is a root: chains of two at most.
        for s in 0..<file.sectionCount {
            let parent = Int(file.bytes.u32(file.sectionsOffset + 8 * s + 4))
            if let city = try file.sectionParent(of: parent) { #expect(try file.sectionParent(of: city) == nil) }
        }
        #expect(try file.sectionParent(of: file.placeCount) == nil)
    }

    @Test func regionGroupsAreCountryAndFirstLevelRegion() throws {
        let file = try Self.file(Self.shippedBytes())
        var groupOfKey: [String: Int] = [:]
        for region in 0..<file.regionCount {
            let key = "\(try file.regionCountry(region))/\(try file.regionAdmin1(region) ?? "-")"
            let group = try file.regionGroup(region)
            #expect(groupOfKey[key, default: group] == group)
            groupOfKey[key] = group
        }
        #expect(Set(groupOfKey.values).count == groupOfKey.count)
    }

    static func message(_ bytes: [UInt8]) -> String? {
        do throws(GazetteerError) {
            _ = try Gazetteer(bytes: bytes, name: "test.bin")
            return nil
        } catch {
            return error.message
        }
    }

    @Test func headerErrorsAreRejectedAtLoad() throws {
        let bytes = try Self.shippedBytes()
        let prefix = "test.bin: not a valid gazetteer file: "
        #expect(Self.message([]) == prefix + "bad magic")
        #expect(Self.message(Array(bytes.prefix(31))) == prefix + "bad magic")
        var version1 = bytes
        version1[4] = 1
        #expect(Self.message(version1) == prefix + "version 1, expected 2")
        #expect(Self.message(Array(bytes.dropLast()))?.hasPrefix(prefix + "section sizes do not add up") == true)
        #expect(Self.message(bytes + [0])?.hasPrefix(prefix + "section sizes do not add up") == true)
        var noPlaces = bytes
        noPlaces.replaceSubrange(8..<12, with: [0, 0, 0, 0])
        #expect(Self.message(noPlaces) == prefix + "0 places and 26044 regions")
        var hugeCounts = bytes
        hugeCounts.replaceSubrange(8..<24, with: [UInt8](repeating: 0xFF, count: 16))
        #expect(Self.message(hugeCounts)?.hasPrefix(prefix) == true)
        #expect(Self.message(bytes) == nil)
    }

    /// A place in Franklin, LA and the file with one edit.
    static func patched(_ edit: (inout [UInt8], GazetteerFile, Int) throws -> Void) throws -> Gazetteer {
        var bytes = try shippedBytes()
        let file = try Self.file(bytes)
        let gazetteer = try Gazetteer(bytes: bytes, name: "test.bin")
        let slot = try #require(gazetteer.match(franklin)).locality
        try edit(&bytes, file, slot)
        return try Gazetteer(bytes: bytes, name: "test.bin")
    }

    static let franklin = Coordinate(latitude: 29.7960, longitude: -91.5015)

    static func put(_ value: UInt32, at offset: Int, in bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + 4, with: $0) }
    }

    @Test func badReferencesGiveNilAnswersWhenFollowed() throws {
        let slotBase = { (file: GazetteerFile, slot: Int) in file.slotsOffset + GazetteerFile.slotStride * slot }
        let nameOutOfRange = try Self.patched { bytes, file, slot in
            Self.put(UInt32(file.stringsSize), at: file.namesOffset + 4 * slot, in: &bytes)
        }
        let nameNone = try Self.patched { bytes, file, slot in
            Self.put(GazetteerFile.none, at: file.namesOffset + 4 * slot, in: &bytes)
        }
        let regionOutOfRange = try Self.patched { bytes, file, slot in
            bytes[slotBase(file, slot) + 12] = 0xFF
            bytes[slotBase(file, slot) + 13] = 0xFF
        }
        let countryOutOfRange = try Self.patched { bytes, file, slot in
            let region = file.region(slot)
            bytes[file.regionsOffset + GazetteerFile.regionStride * region] = 0xFF
        }
        let countryCode = try Self.patched { bytes, file, slot in
            let country = try file.regionCountry(file.region(slot))
            bytes[file.countriesOffset + GazetteerFile.countryStride * country] = UInt8(ascii: "u")
        }
        let stringOverrun = try Self.patched { bytes, file, slot in
            Self.put(UInt32(file.stringsSize - 2), at: file.namesOffset + 4 * slot, in: &bytes)
            bytes[file.stringsOffset + file.stringsSize - 2] = 200
        }
        for gazetteer in [nameOutOfRange, nameNone, regionOutOfRange, countryOutOfRange, countryCode, stringOverrun] {
            let match = gazetteer.match(Self.franklin)
            if let match { #expect(gazetteer.placemark(for: match) == nil) }
        }
        #expect(regionOutOfRange.place(at: 0) != nil)
    }

    @Test func badSectionParentGivesNoMatch() throws {
        let intact = try Gazetteer(bytes: Self.shippedBytes(), name: "test.bin")
        let tempeJunction = Coordinate(latitude: 33.416199, longitude: -111.936619)
        #expect(intact.match(tempeJunction).flatMap { intact.place(at: $0.locality)?.name } == "Tempe")
        let gazetteer = try Self.patched { bytes, file, _ in
            for s in 0..<file.sectionCount { Self.put(UInt32.max, at: file.sectionsOffset + 8 * s + 4, in: &bytes) }
        }
        // Tempe Junction, the deepest disc here, is a section of Tempe: its parent is now out of range.
        #expect(gazetteer.match(tempeJunction) == nil)
        #expect(gazetteer.match(Self.franklin) != nil)
    }

    @Test func badAxesAndBoundsStillAnswerWithoutCrashing() throws {
        let gazetteer = try Self.patched { bytes, file, _ in
            for slot in stride(from: 0, to: file.placeCount, by: 3) {
                bytes[file.slotsOffset + GazetteerFile.slotStride * slot + 14] = 0xFF
                bytes[file.slotsOffset + GazetteerFile.slotStride * slot + 15] = 0
            }
        }
        #expect(gazetteer.match(Self.franklin) != nil)
    }

    @Test func outOfRangeIndicesAndAttribution() throws {
        let gazetteer = try Self.patched { bytes, _, _ in Self.put(UInt32.max - 1, at: 28, in: &bytes) }
        #expect(gazetteer.attribution == "")
        #expect(gazetteer.place(at: -1) == nil)
        #expect(gazetteer.place(at: gazetteer.count) == nil)
        #expect(
            gazetteer.placemark(for: GazetteerMatch(locality: 0, nearest: gazetteer.count, nearestDistance: 0)) == nil)
        #expect(gazetteer.placemark(for: GazetteerMatch(locality: 0, nearest: 0, nearestDistance: 0)) != nil)
    }

    @Test func corruptFileFailsLookupsWithNetworkCodeAndNamesTheFile() throws {
        var bytes = try Self.shippedBytes()
        let file = try Self.file(bytes)
        for slot in 0..<file.placeCount {
            Self.put(UInt32(file.stringsSize), at: file.namesOffset + 4 * slot, in: &bytes)
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gazetteer-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(bytes).write(to: url)
        let geocoder = OfflineGazetteer(contentsOf: url)
        #expect(try geocoder.load().count == file.placeCount)
        do {
            _ = try geocoder.reverseGeocode(Self.franklin)
            Issue.record("expected a failure")
        } catch {
            #expect(error.code == GeocodeError.networkCode)
            #expect(
                error.message == "offline gazetteer unavailable: \(url.path): not a valid gazetteer file: bad reference"
            )
        }
    }
}
