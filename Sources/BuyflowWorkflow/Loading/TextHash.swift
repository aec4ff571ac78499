/// A fast 64-bit hash of UTF-8 bytes for the loader's memo keys (`ExpressionMemo.Key`,
/// `OperationCheck.Memo.RenameKey`): eight bytes at a time, multiply and mix, then
/// MurmurHash3's finalizer. The keys' `hash(into:)` feeds this one word to the table's
/// `Hasher` instead of every byte (SipHash over a 300-byte operation was most of a memo
/// hit's cost); equality still compares every byte, so a collision costs a comparison,
/// never a wrong answer. The texts are the user's own files, not adversarial input.
enum TextHash {
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, into state: UInt64 = 0x9E37_79B9_7F4A_7C15) -> UInt64 {
        var hash = state ^ (UInt64(truncatingIfNeeded: bytes.count) &* 0xC2B2_AE3D_27D4_EB4F)
        guard let base = UnsafeRawPointer(bytes.baseAddress) else { return finish(hash) }
        var index = 0
        while index + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ (word &* 0x87C3_7B91_1142_53D5)).rotated(27) &* 0x4CF5_AD43_2745_937F
            index += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while index < bytes.count {
            tail |= UInt64(bytes[index]) << shift
            shift += 8
            index += 1
        }
        hash = (hash ^ (tail &* 0x87C3_7B91_1142_53D5)).rotated(31) &* 0x4CF5_AD43_2745_937F
        return finish(hash)
    }

    /// MurmurHash3's 64-bit finalizer: every input bit affects every output bit.
    private static func finish(_ value: UInt64) -> UInt64 {
        var x = value
        x ^= x >> 33
        x = x &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 33
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 33
        return x
    }
}

extension UInt64 {
    fileprivate func rotated(_ count: UInt64) -> UInt64 { (self << count) | (self >> (64 - count)) }
}
