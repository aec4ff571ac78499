@testable import GraphQLKit
import Testing

@Suite("Block strings")
struct BlockStringTests {
    /// The specification's BlockStringValue() examples.
    @Test(arguments: [
        ("", ""),
        ("simple", "simple"),
        ("\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  ", "Hello,\n  World!\n\nYours,\n  GraphQL."),
        ("  \n\n  leading and trailing blank lines \n\n  \n", "leading and trailing blank lines "),
        ("first line kept\n    indented\n  less", "first line kept\n  indented\nless"),
        ("    first line indentation kept\n  rest", "    first line indentation kept\nrest"),
        ("\n  a\n\n  b\n", "a\n\nb"),
        ("\n\t\ta\n\t\tb", "a\nb"),
        ("\n  mixed\n\t tab", "mixed\ntab"),
        ("\n   three\n  two", " three\ntwo"),
        ("a\r\n  b\r  c", "a\nb\nc"),
        ("\n    \\\"\"\"\n    x", "\"\"\"\nx"),
        ("   ", ""),
        ("\n\n", ""),
    ])
    func dedent(raw: String, value: String) {
        #expect(BlockString.value(raw: raw) == value)
    }

    /// graphql-js's printBlockString cases.
    @Test(arguments: [
        ("", #""""""""#),
        ("one liner", #""""one liner""""#),
        ("triple quotation \"\"\"", "\"\"\"\ntriple quotation \\\"\"\"\n\"\"\""),
        ("    space-led string", "\"\"\"    space-led string\"\"\""),
        ("    space-led value \"quoted string\"", "\"\"\"    space-led value \"quoted string\"\n\"\"\""),
        ("backslash \\", "\"\"\"\nbackslash \\\n\"\"\""),
        ("no indent\n with indent", "\"\"\"\nno indent\n with indent\n\"\"\""),
        ("    first  \n  line     \nindentation\n     string", "\"\"\"\n    first  \n  line     \nindentation\n     string\n\"\"\""),
        ("a\n  b", "\"\"\"\na\n  b\n\"\"\""),
        (String(repeating: "x", count: 71), "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\""),
        (String(repeating: "x", count: 70), "\"\"\"" + String(repeating: "x", count: 70) + "\"\"\""),
    ])
    func print(value: String, printed: String) {
        #expect(BlockString.print(value) == printed)
        #expect(BlockString.isPrintable(value))
        #expect(BlockString.value(raw: String(printed.dropFirst(3).dropLast(3))) == value)
    }

    @Test(arguments: [
        "\nleading blank line", "trailing blank line\n", "carriage\rreturn", "bell\u{7}", " a\n b", "  ", "\t\n\ta",
    ])
    func notPrintable(value: String) {
        #expect(!BlockString.isPrintable(value))
    }

    /// Every value a block string can have prints back to itself: all raw texts of up to
    /// six characters over an alphabet of the characters that matter.
    @Test func everyDedentedValueRoundTrips() {
        let alphabet: [String] = [" ", "\n", "a", "\"", "\\", "\t"]
        var raws: [String] = [""]
        var frontier: [String] = [""]
        for _ in 1...6 {
            frontier = frontier.flatMap { prefix in alphabet.map { prefix + $0 } }
            raws += frontier
        }
        var failures: [String] = []
        for raw in raws {
            let value = BlockString.value(raw: raw)
            let printed = BlockString.print(value)
            let inner = String(printed.dropFirst(3).dropLast(3))
            if !BlockString.isPrintable(value) || BlockString.value(raw: inner) != value {
                failures.append(raw.debugDescription)
            }
            // The printed form must also be one block string token: no unescaped """ inside.
            if inner.replacing("\\\"\"\"", with: "").contains("\"\"\"") { failures.append("token: " + raw.debugDescription) }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        #expect(raws.count == 55_987)
    }
}
