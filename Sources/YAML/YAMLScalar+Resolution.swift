/// YAML 1.2 core-schema resolution, done on the UTF-8 bytes with a first-byte
/// dispatch so ordinary words cost one comparison.
extension YAMLScalar {
    /// The outcome of resolving a scalar: a value, or text that does not fit its type.
    enum Resolution: Equatable {
        case resolved(Resolved)
        /// An integer too large for `Int`.
        case overflow
        /// Text that an explicit tag (`!!int`, `!!bool`, …) does not accept.
        case invalidForTag
    }

    /// Resolves an untagged plain scalar by the core schema.
    static func resolvePlain(_ text: String) -> Resolution {
        var text = text
        return text.withUTF8 { resolvePlain($0) }
    }

    /// Resolves a scalar with an explicit tag: core tags are checked and converted,
    /// any other tag (`!!binary`, `!custom`, `!`) leaves a string.
    static func resolve(_ text: String, tag: String) -> Resolution {
        var text = text
        return text.withUTF8 { bytes in
            switch tag {
            case YAMLTag.null:
                return isNull(bytes) ? .resolved(.null) : .invalidForTag
            case YAMLTag.bool:
                return bool(bytes).map { .resolved(.bool($0)) } ?? .invalidForTag
            case YAMLTag.int:
                switch number(bytes) {
                case .resolved(.int(let int))?: return .resolved(.int(int))
                case .overflow?: return .overflow
                default: return .invalidForTag
                }
            case YAMLTag.float:
                switch number(bytes) {
                case .resolved(.int(let int))?: return .resolved(.double(Double(int)))
                case .resolved(.double(let double))?: return .resolved(.double(double))
                default: return .invalidForTag
                }
            default:
                return .resolved(.string)
            }
        }
    }

    static func resolvePlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Resolution {
        guard let first = bytes.first else { return .resolved(.null) }
        switch first {
        case UInt8(ascii: "~"), UInt8(ascii: "n"), UInt8(ascii: "N"):
            return .resolved(isNull(bytes) ? .null : .string)
        case UInt8(ascii: "t"), UInt8(ascii: "T"), UInt8(ascii: "f"), UInt8(ascii: "F"):
            return .resolved(bool(bytes).map { .bool($0) } ?? .string)
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            return number(bytes) ?? .resolved(.string)
        default:
            return .resolved(.string)
        }
    }

    // MARK: - Forms

    private static func isNull(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.isEmpty || equals(bytes, "~") || equals(bytes, "null") || equals(bytes, "Null") || equals(bytes, "NULL")
    }

    private static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if equals(bytes, "true") || equals(bytes, "True") || equals(bytes, "TRUE") { return true }
        if equals(bytes, "false") || equals(bytes, "False") || equals(bytes, "FALSE") { return false }
        return nil
    }

    /// An integer or float, `.overflow` for an integer out of range, `nil` otherwise.
    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Resolution? {
        var index = 0
        var negative = false
        if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            index = 1
        }
        let body = UnsafeBufferPointer(rebasing: bytes[index...])
        guard let first = body.first else { return nil }
        // YAML 1.2's core schema: only unsigned `0o` and `0x` forms are integers (`-0x1A` is a string).
        if index == 0, first == UInt8(ascii: "0"), body.count > 2 {
            if body[1] == UInt8(ascii: "o") { return integer(body, from: 2, radix: 8, negative: negative) }
            if body[1] == UInt8(ascii: "x") { return integer(body, from: 2, radix: 16, negative: negative) }
        }
        if first != UInt8(ascii: "."), body.allSatisfy({ isDigit($0) }) {
            return integer(body, from: 0, radix: 10, negative: negative)
        }
        if equals(body, ".inf") || equals(body, ".Inf") || equals(body, ".INF") {
            return .resolved(.double(negative ? -.infinity : .infinity))
        }
        if index == 0, equals(body, ".nan") || equals(body, ".NaN") || equals(body, ".NAN") {
            return .resolved(.double(.nan))
        }
        guard isFloat(body), let double = Double(String(decoding: bytes, as: UTF8.self)) else { return nil }
        return .resolved(.double(double))
    }

    /// Digits of `radix` from `start` to the end, or `nil` if any is not one.
    private static func integer(
        _ body: UnsafeBufferPointer<UInt8>, from start: Int, radix: Int, negative: Bool
    ) -> Resolution? {
        guard start < body.count else { return nil }
        var value = 0
        var overflow = false
        for byte in body[start...] {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            if overflow { continue }
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            // Accumulate negatively so Int.min fits.
            let (next, o2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            overflow = o1 || o2
            value = next
        }
        return overflow ? .overflow : .resolved(.int(value))
    }

    /// `( \. [0-9]+ | [0-9]+ ( \. [0-9]* )? ) ( [eE] [-+]? [0-9]+ )?`
    private static func isFloat(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = body.count
        func digits() -> Int {
            let start = index
            while index < count, isDigit(body[index]) { index += 1 }
            return index - start
        }
        let whole = digits()
        if index < count, body[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = digits()
            if whole == 0, fraction == 0 { return false }
        } else if whole == 0 {
            return false
        }
        if index < count, body[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, body[index] == UInt8(ascii: "-") || body[index] == UInt8(ascii: "+") { index += 1 }
            if digits() == 0 { return false }
        }
        return index == count
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private static func equals(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        bytes.sameBytes(as: UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount))
    }
}
