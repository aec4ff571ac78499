/// Shopify's "v1" encoding of a set of option value combinations, the value of
/// `Product.encodedVariantExistence` and `encodedVariantAvailability` (the field
/// descriptions of the published schema define it; hydrogen-react's
/// `decodeEncodedVariant` reads it).
///
/// A combination is the list of the positions, in each of the product's options, of the
/// values a variant selects: `[1, 0]` is the second value of the first option with the
/// first value of the second. The set is written as a trie:
///
/// - `:` descends to the next option: `0:1` is value 0 of option 1, then value 1 of option 2;
/// - `,` closes a prefix: every inner node's children end with one;
/// - the last option's values are a sorted list, consecutive runs written `a-b`, runs and
///   single values separated by ` `.
///
///     [[0,0,0], [0,1,0], [0,1,1], [1,0,0], [1,0,1], [1,1,1], [2,0,1], [2,1,0]]
///         → "v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,"
///
/// One option: `v1_0-2 4`; no combinations at all: `v1_`.
enum OptionValueEncoding {
    static let prefix = "v1_"

    static func encode(_ combinations: [[Int]]) -> String {
        let unique = Set(combinations).sorted { $0.lexicographicallyPrecedes($1) }
        guard let length = unique.first?.count, length > 0 else { return prefix }
        return prefix + trie(unique.filter { $0.count == length }, depth: 0, length: length)
    }

    /// `combinations` sorted, all of `length`, sharing their first `depth` positions.
    private static func trie(_ combinations: [[Int]], depth: Int, length: Int) -> String {
        if depth == length - 1 { return runs(combinations.map { $0[depth] }) }
        var text = ""
        var start = 0
        while start < combinations.count {
            let value = combinations[start][depth]
            var end = start
            while end < combinations.count, combinations[end][depth] == value { end += 1 }
            text += "\(value):" + trie(Array(combinations[start..<end]), depth: depth + 1, length: length) + ","
            start = end
        }
        return text
    }

    /// Sorted distinct values as runs: `[0, 1, 2, 4, 6, 7]` → `0-2 4 6-7`.
    private static func runs(_ values: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        while index < values.count {
            var end = index
            while end + 1 < values.count, values[end + 1] == values[end] + 1 { end += 1 }
            parts.append(end == index ? "\(values[index])" : "\(values[index])-\(values[end])")
            index = end + 1
        }
        return parts.joined(separator: " ")
    }
}
