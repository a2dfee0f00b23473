/// `64 MiB`, `1.5 MiB`, `512 KiB`, `100 bytes`: a size for a message.
package func describeByteCount(_ bytes: Int) -> String {
    if bytes >= 1 << 20 {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return tenths % 10 == 0 ? "\(tenths / 10) MiB" : "\(tenths / 10).\(tenths % 10) MiB"
    }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return "\(bytes) bytes"
}
