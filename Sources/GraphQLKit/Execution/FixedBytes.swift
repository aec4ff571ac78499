/// Bytes that never change, in memory of their own, read through a pointer: no reference
/// count to touch. The owner frees them (`deallocate()`) in its `deinit`.
struct FixedBytes: @unchecked Sendable {
    // Unchecked: the bytes are written once, in `init`, and only read until the owner's deinit.
    let buffer: UnsafeBufferPointer<UInt8>

    init(_ bytes: [UInt8]) {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        self.buffer = UnsafeBufferPointer(buffer)
    }

    func deallocate() { buffer.deallocate() }
}
