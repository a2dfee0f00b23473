/// Builds gzip streams (RFC 1952) for test servers without a zlib dependency.
///
/// The deflate data uses stored (uncompressed) blocks, BTYPE 00 of RFC 1951: a valid gzip
/// stream every decoder, libcurl's zlib included, must inflate. It is larger than the input,
/// which is fine for exercising the client's decoding path.
package enum Gzip {
    /// `bytes` wrapped as a gzip member: header, stored deflate blocks, CRC-32 and size.
    package static func wrapStored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF]
        var offset = 0
        repeat {
            let length = min(65_535, bytes.count - offset)
            let isLast = offset + length == bytes.count
            out.append(isLast ? 0x01 : 0x00)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            out += bytes[offset..<offset + length]
            offset += length
        } while offset < bytes.count
        out += littleEndian(crc32(bytes))
        out += littleEndian(UInt32(truncatingIfNeeded: bytes.count))
        return out
    }

    /// The CRC-32 (IEEE 802.3, reflected, as gzip and zlib use it) of `bytes`.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
