/// Interns the names of one parse: a name longer than `String`'s inline capacity (15
/// UTF-8 bytes) is allocated once and shared by every later occurrence, which saves
/// most of the allocations of a large schema (type references repeat a lot).
///
/// Keys point into the parser's source buffer, so a table lives no longer than a parse.
struct NameTable {
    private struct Key: Hashable {
        let bytes: UnsafeBufferPointer<UInt8>
        let hash: Int

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            self.hash = Int(truncatingIfNeeded: hash)
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.bytes.elementsEqual(rhs.bytes)
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    private var strings: [Key: String] = [:]

    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if slice.count <= 15 { return String(decoding: slice, as: UTF8.self) }
        let key = Key(slice)
        if let string = strings[key] { return string }
        let string = String(decoding: slice, as: UTF8.self)
        strings[key] = string
        return string
    }
}
