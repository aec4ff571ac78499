import GraphQLKit

/// Where an operation's name is in its text, found by a scan of the text's first tokens
/// without parsing it: ignored tokens (spaces, tabs, line ends, commas, `#` comments, a
/// byte-order mark), the keyword `query`, `mutation` or `subscription`, ignored tokens
/// again, then the name.
///
///     OperationHeader("query Product3($handle: String!) { … }")?.name  // 6..<14
///
/// `nil` when the text does not start that way: an anonymous or shorthand operation, a
/// description or a fragment first, or text that is not GraphQL. A `nil` only means
/// the text is parsed as usual.
struct OperationHeader: Equatable {
    /// The name's UTF-8 byte range in the text.
    var name: Range<Int>

    /// Whether the parser found `operation`'s name where the scan did.
    func isName(of operation: OperationDefinition) -> Bool {
        guard let name = operation.name else { return false }
        return Int(name.location.start) == self.name.lowerBound && Int(name.location.end) == self.name.upperBound
    }

    init?(_ text: String) {
        var copy = text
        guard let name = copy.withUTF8({ Self.scan($0) }) else { return nil }
        self.name = name
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        var index = skipIgnored(bytes, from: 0)
        let keyword = nameEnd(bytes, from: index)
        guard keyword > index, isOperationKeyword(bytes[index..<keyword]) else { return nil }
        index = skipIgnored(bytes, from: keyword)
        // Ignored tokens must separate the keyword from the name.
        guard index > keyword else { return nil }
        let end = nameEnd(bytes, from: index)
        guard end > index else { return nil }
        return index..<end
    }

    private static func skipIgnored(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D, 0x2C: index += 1
            case 0x23:  // `#` to the end of the line
                while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
            case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBB && bytes[index + 2] == 0xBF:
                index += 3
            default: return index
            }
        }
        return index
    }

    /// The end of the GraphQL name starting at `start` (`start` itself when none does).
    private static func nameEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, isNameStart(bytes[start]) else { return start }
        var index = start + 1
        while index < bytes.count, isNameStart(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39) { index += 1 }
        return index
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        byte == 0x5F || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isOperationKeyword(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.elementsEqual("query".utf8) || bytes.elementsEqual("mutation".utf8) || bytes.elementsEqual("subscription".utf8)
    }
}
