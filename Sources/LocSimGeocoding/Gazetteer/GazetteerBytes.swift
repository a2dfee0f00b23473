import LocSimSupport

/// The immutable bytes of a gazetteer file: a read-only private mapping of the file, or memory
/// the file was read or copied into. Mapped, a page of the file costs resident memory only once
/// something reads it, and nothing is read up front.
///
/// `@unchecked Sendable` without a lock: the bytes are never written after `init`, and `deinit`
/// (which unmaps or frees them) runs only when no reference is left.
final class GazetteerBytes: @unchecked Sendable {
    private enum Storage {
        case mapped
        case allocated
    }

    /// The first byte (page aligned when mapped, 16-byte aligned otherwise).
    let base: UnsafeRawPointer
    let count: Int
    private let storage: Storage

    /// Takes over a mapping of `count` bytes at `base` (from `mmap`), unmapped in `deinit`.
    init(mapping base: UnsafeRawPointer, count: Int) {
        self.base = base
        self.count = count
        storage = .mapped
    }

    /// Takes over `count` bytes at `base` (from `UnsafeMutableRawPointer.allocate`), freed in `deinit`.
    init(allocation base: UnsafeMutableRawPointer, count: Int) {
        self.base = UnsafeRawPointer(base)
        self.count = count
        storage = .allocated
    }

    /// Copies `bytes` into memory of its own.
    convenience init(copying bytes: [UInt8]) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let address = source.baseAddress { buffer.copyMemory(from: address, byteCount: source.count) }
        }
        self.init(allocation: buffer, count: bytes.count)
    }

    deinit {
        switch storage {
        case .mapped: munmap(UnsafeMutableRawPointer(mutating: base), count)
        case .allocated: UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }

    /// The byte at `offset` (< `count`).
    @inline(__always) func u8(_ offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    /// The little-endian `UInt16` at `offset` (any alignment; `offset + 2` ≤ `count`).
    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// The little-endian `UInt32` at `offset` (any alignment; `offset + 4` ≤ `count`).
    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// The bytes `range` (within `0..<count`) decoded as UTF-8.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }
}
