internal import CZlib

/// Inflates a gzip stream (RFC 1952) with zlib, bounded: the shipped schema is stored
/// compressed and inflated on first use.
enum Gunzip {
    /// Why a stream did not inflate.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    /// The bytes the gzip stream `compressed` inflates to. Throws when it is not gzip, is
    /// corrupt or truncated, is followed by other bytes, or inflates to more than `limit`
    /// bytes (nothing beyond `limit + 1` bytes is ever allocated).
    static func inflate(_ compressed: [UInt8], limit: Int) throws(Failure) -> [UInt8] {
        guard compressed.count >= 18, compressed[0] == 0x1f, compressed[1] == 0x8b else {
            throw Failure(description: "not a gzip stream")
        }
        // The trailer's ISIZE (the length modulo 2^32) sizes the buffer; it is only a hint.
        let tail = compressed.suffix(4).reversed().reduce(0) { $0 << 8 | Int($1) }
        var output = [UInt8](repeating: 0, count: max(1, min(tail, limit + 1)))
        var stream = z_stream()
        guard buyflow_inflate_init_gzip(&stream) == Z_OK else { throw Failure(description: "zlib could not start inflating") }
        defer { inflateEnd(&stream) }
        var produced = 0
        var status = Z_OK
        compressed.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            while status == Z_OK {
                if produced == output.count {
                    guard output.count <= limit else { return }
                    output.append(contentsOf: repeatElement(0, count: min(output.count, limit + 1 - output.count)))
                }
                status = output.withUnsafeMutableBufferPointer { buffer in
                    stream.next_out = buffer.baseAddress! + produced
                    stream.avail_out = UInt32(buffer.count - produced)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    produced = buffer.count - Int(stream.avail_out)
                    return status
                }
            }
        }
        switch status {
        case Z_STREAM_END where produced > limit, Z_OK:
            throw Failure(description: "it inflates to more than \(limit) bytes")
        case Z_STREAM_END:
            guard stream.avail_in == 0 else { throw Failure(description: "\(stream.avail_in) bytes follow the gzip stream") }
            output.removeSubrange(produced...)
            return output
        case Z_BUF_ERROR:
            throw Failure(description: "the gzip stream is truncated")
        default:
            let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw Failure(description: "the gzip stream is corrupt (\(reason))")
        }
    }
}
