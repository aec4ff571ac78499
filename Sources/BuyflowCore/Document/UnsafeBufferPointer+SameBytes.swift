#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension UnsafeBufferPointer where Element == UInt8 {
    /// Whether both hold the same bytes: the lengths, then one `memcmp`. The one byte
    /// comparison the located reader and the loader's memo keys use.
    @inlinable
    public func sameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let base = baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base, otherBase, count) == 0
    }
}
