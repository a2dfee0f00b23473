@testable import LocSimGeocoding

extension V1GazetteerFile {
    /// Length and FNV-1a 64 hash of the version-1 file with the bundled file's content (what
    /// `gazetteer_format.write_v1` writes from it), regenerated with feature codes for issue 17
    /// and again without transliteration marks ("Thane"); the version-1 file first converted was
    /// commit 531da6e's.
    static let convertedFileSize = 5_046_128
    static let convertedFileHash: UInt64 = 0xdb80_c4fc_06b4_0195

    /// The version-1 file with the content of a version-2 one (what `gazetteer_format.write_v1`
    /// writes): places back in rank order, sections in ranks, no region groups.
    static func bytes(from file: GazetteerFile) -> [UInt8] {
        let n = file.placeCount
        var out: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
        }
        func copy(_ range: Range<Int>) {
            out.append(
                contentsOf: UnsafeRawBufferPointer(start: file.bytes.base + range.lowerBound, count: range.count))
        }
        out += Self.magic
        for value in [1, n, file.regionCount, file.countryCount, file.sectionCount, file.stringsSize] {
            append(UInt32(value))
        }
        append(file.attributionRef)
        copy(file.countriesOffset..<file.regionsOffset)
        for region in 0..<file.regionCount {
            let base = file.regionsOffset + GazetteerFile.regionStride * region
            copy(base..<base + 2)
            append(UInt16(0))
            copy(base + 4..<base + 12)
        }
        var slotOfRank = [Int](repeating: 0, count: n)
        for slot in 0..<n { slotOfRank[Int(file.rank(slot))] = slot }
        for slot in slotOfRank { append(file.latitudeE5(slot)) }
        for slot in slotOfRank { append(file.longitudeE5(slot)) }
        for slot in slotOfRank { append(UInt32(file.population(slot))) }
        for slot in slotOfRank { append(UInt16(file.region(slot))) }
        while out.count % 4 != 0 { out.append(0) }
        for slot in slotOfRank { append(file.nameRef(slot)) }
        var sections: [(child: UInt32, parent: UInt32)] = []
        for s in 0..<file.sectionCount {
            let child = Int(file.bytes.u32(file.sectionsOffset + 8 * s))
            let parent = Int(file.bytes.u32(file.sectionsOffset + 8 * s + 4))
            sections.append((file.rank(child), file.rank(parent)))
        }
        for (child, parent) in sections.sorted(by: { $0.child < $1.child }) {
            append(child)
            append(parent)
        }
        copy(file.stringsOffset..<file.stringsOffset + file.stringsSize)
        return out
    }

    /// FNV-1a, 64 bits.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { bytes in
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
    }
}
