import Testing
import YAML

/// Plain scalars by the YAML 1.2 core schema; quoted scalars stay strings; tags win.
@Suite struct ScalarResolutionTests {
    @Test(arguments: [
        // null
        ("~", "null"), ("null", "null"), ("Null", "null"), ("NULL", "null"), ("", "null"), ("nULL", #""nULL""#),
        // bool
        ("true", "true"), ("True", "true"), ("TRUE", "true"), ("false", "false"), ("False", "false"),
        ("FALSE", "false"), ("tRUE", #""tRUE""#), ("yes", #""yes""#), ("on", #""on""#), ("n", #""n""#),
        // int
        ("0", "0"), ("42", "42"), ("-17", "-17"), ("+17", "17"), ("007", "7"), ("0o17", "15"), ("0x1F", "31"),
        ("0xff", "255"), ("0o8", #""0o8""#), ("0x", #""0x""#), ("0xG", #""0xG""#),
        // Only the unsigned forms are hexadecimal or octal integers in the core schema.
        ("-0x10", #""-0x10""#), ("-0x1A", #""-0x1A""#), ("+0x1A", #""+0x1A""#), ("-0o17", #""-0o17""#), ("+0o17", #""+0o17""#),
        ("1_000", #""1_000""#), ("9223372036854775807", "9223372036854775807"),
        ("-9223372036854775808", "-9223372036854775808"),
        // float
        ("1.5", "1.5"), ("-1.5", "-1.5"), (".5", "0.5"), ("1.", "1.0"), ("1e3", "1000.0"), ("1.5E-2", "0.015"),
        ("+2.5e+2", "250.0"), (".inf", ".inf"), ("-.inf", "-.inf"), ("+.Inf", ".inf"), (".INF", ".inf"),
        (".nan", ".nan"), (".NaN", ".nan"), (".NAN", ".nan"), ("-.nan", #""-.nan""#), (".", #"".""#),
        ("1.2.3", #""1.2.3""#), ("1e", #""1e""#), ("e3", #""e3""#),
        // strings
        ("2024-01-01", #""2024-01-01""#), ("12:30", #""12:30""#), ("gid://shopify/Cart/1", #""gid://shopify/Cart/1""#),
        ("hello world", #""hello world""#), ("+", #""+""#), ("-1-", #""-1-""#),
    ])
    func plain(_ text: String, _ expected: String) throws {
        let root = try parse("value: \(text)\n")
        let node = try #require(root["value"])
        #expect(node.description == expected)
        #expect(node.scalar?.style == .plain)
        #expect(node.text == text)
    }

    @Test(arguments: [
        "'true'", "\"1\"", "'null'", "'~'", "\"\"", "\".inf\"", "'0x10'", "|\n  42\n", ">\n  false\n",
    ])
    func nonPlainScalarsStayStrings(_ written: String) throws {
        let root = try parse("value: \(written)\n")
        let node = try #require(root["value"])
        #expect(node.string != nil, "\(written) resolved to \(node)")
        #expect(node.int == nil && node.bool == nil && !node.isNull)
    }

    @Test(arguments: [
        ("!!str 1", #""1""#), ("!!str true", #""true""#), ("!!int \"42\"", "42"), ("!!int 0x10", "16"),
        ("!!float 1", "1.0"), ("!!float '2.5'", "2.5"), ("!!bool \"true\"", "true"), ("!!null ''", "null"),
        ("!!null ~", "null"), ("! 12", #""12""#), ("!custom 12", #""12""#), ("!!binary aGVsbG8=", #""aGVsbG8=""#),
    ])
    func explicitTags(_ written: String, _ expected: String) throws {
        let root = try parse("value: \(written)\n")
        let node = try #require(root["value"])
        #expect(node.description == expected)
        #expect(node.tag != nil)
    }

    @Test func tagsAreExpanded() throws {
        let root = try parse("a: !!int 1\nb: !local x\nc: !!map {k: v}\n")
        #expect(root["a"]?.tag == "tag:yaml.org,2002:int")
        #expect(root["b"]?.tag == "!local")
        #expect(root["c"]?.tag == "tag:yaml.org,2002:map")
        #expect(root["c"]?["k"]?.string == "v")
    }

    @Test(arguments: [
        ("!!int three", "'three' is not a valid !!int value"),
        ("!!bool yes", "'yes' is not a valid !!bool value"),
        ("!!null nothing", "'nothing' is not a valid !!null value"),
        ("!!float abc", "'abc' is not a valid !!float value"),
        ("99999999999999999999", "integer 99999999999999999999 does not fit in 64 bits"),
        ("!!seq {a: 1}", "a mapping cannot have the tag !!seq"),
        ("!!str [1]", "a sequence cannot have the tag !!str"),
    ])
    func invalidValues(_ written: String, _ message: String) {
        let found = diagnostics("value: \(written)\n")
        #expect(found.map(\.message) == [message])
        #expect(found.first?.location == at(1, 8))
    }

    @Test(arguments: [
        ("plain", YAMLScalar.Style.plain), ("'single'", .singleQuoted), ("\"double\"", .doubleQuoted),
        ("|\n  literal\n", .literal), (">\n  folded\n", .folded),
    ])
    func styles(_ written: String, _ style: YAMLScalar.Style) throws {
        #expect(try parse("value: \(written)\n")["value"]?.scalar?.style == style)
    }

    @Test func quotedEscapesAndFolding() throws {
        let root = try parse(#"""
        double: "tab\tnewline\nquote\" unicode\u00e9 \x41"
        single: 'it''s \n raw'
        multi: "one
          two"
        """#)
        #expect(root["double"]?.string == "tab\tnewline\nquote\" unicode\u{e9} A")
        #expect(root["single"]?.string == #"it's \n raw"#)
        #expect(root["multi"]?.string == "one two")
    }
}
