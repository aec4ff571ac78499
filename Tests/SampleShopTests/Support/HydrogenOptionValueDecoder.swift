/// A Swift port of hydrogen-react's `decodeEncodedVariant` (`v1Decoder`), from
/// `packages/hydrogen-react/src/optionValueDecoder.ts` of Shopify/hydrogen at
/// 9c715c1743cc3ce87dc927d7d4ad0c02f9482e74 (MIT licence), statement for statement, so the
/// shop's encoder is checked by the code that storefronts decode with.
enum HydrogenOptionValueDecoder {
    struct UnsupportedEncoding: Error {}

    static func decodeEncodedVariant(_ field: String?) throws -> [[Int]] {
        guard let field, !field.isEmpty else { return [] }
        guard field.hasPrefix("v1_") else { throw UnsupportedEncoding() }
        return v1Decoder(Array(field.dropFirst(3)))
    }

    /// `Number.parseInt(text) || 0`: the leading digits, 0 when there are none.
    private static func parseInt(_ characters: ArraySlice<Character>) -> Int {
        let trimmed = characters.drop { $0 == " " }
        var digits = ""
        for character in trimmed {
            guard character.isASCII, character.isNumber else { break }
            digits.append(character)
        }
        return Int(digits) ?? 0
    }

    private static func v1Decoder(_ field: [Character]) -> [[Int]] {
        var index = 0
        var options: [[Int]] = []
        var current: [Int] = []
        var depth = 0
        var rangeStart: Int?
        func set(_ position: Int, _ value: Int) {
            // JavaScript arrays grow when written past their end; index -1 is not an element.
            guard position >= 0 else { return }
            while current.count <= position { current.append(0) }
            current[position] = value
        }
        for (tokenIndex, operation) in field.enumerated() where [" ", ":", ",", "-"].contains(operation) {
            let optionValueIndex = parseInt(field[index..<tokenIndex])
            if var start = rangeStart {
                while start < optionValueIndex {
                    set(depth, start)
                    options.append(current)
                    start += 1
                }
                rangeStart = nil
            }
            set(depth, optionValueIndex)
            if operation == "-" {
                rangeStart = optionValueIndex
            } else if operation == ":" {
                depth += 1
            } else {
                if operation == " " || (operation == "," && (tokenIndex == 0 || field[tokenIndex - 1] != ",")) {
                    options.append(current)
                }
                if operation == "," {
                    if !current.isEmpty { current.removeLast() }
                    depth -= 1
                }
            }
            index = tokenIndex + 1
        }
        // `encodedVariantField.match(/\d+$/g)`: a final index after the last control character.
        var tail = ""
        for character in field.reversed() {
            guard character.isASCII, character.isNumber else { break }
            tail.insert(character, at: tail.startIndex)
        }
        if let finalValueIndex = Int(tail) {
            if var start = rangeStart {
                while start <= finalValueIndex {
                    set(depth, start)
                    options.append(current)
                    start += 1
                }
            } else {
                options.append([finalValueIndex])
            }
        }
        return options
    }
}
