import BuyflowCore
import BuyflowReport
import Testing

/// The encoding-aware matcher: each secret is found in every form output can hold it.
@Suite struct RedactorMatchTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var secret: String
        var text: String
        var redacted: String
        var testDescription: String { name }
    }

    static let forms: [Case] = [
        Case(name: "raw", secret: #"hunter2"PLANTED"#, text: #"note hunter2"PLANTED!"#, redacted: "note [redacted]!"),
        Case(name: "JSON quote", secret: #"hunter2"PLANTED"#, text: #"{"note":"hunter2\"PLANTED"}"#, redacted: #"{"note":"[redacted]"}"#),
        Case(name: "JSON backslash", secret: #"a\b-secret"#, text: #"{"n":"a\\b-secret"}"#, redacted: #"{"n":"[redacted]"}"#),
        Case(name: "JSON newline", secret: "line1\nline2-x", text: #"{"n":"line1\nline2-x"}"#, redacted: #"{"n":"[redacted]"}"#),
        Case(name: "raw newline", secret: "line1\nline2-x", text: "a line1\nline2-x b", redacted: "a [redacted] b"),
        Case(name: "JSON tab", secret: "tab\there-x", text: #""tab\there-x""#, redacted: #""[redacted]""#),
        Case(name: "JSON slash", secret: "a/b/secret", text: #""a\/b\/secret""#, redacted: #""[redacted]""#),
        Case(name: "shell apostrophe", secret: "it's-secret", text: #"--data-raw '{"n":"it'\''s-secret"}'"#, redacted: #"--data-raw '{"n":"[redacted]"}'"#),
        Case(name: "shell and JSON", secret: #"it's "q"-secret"#, text: #"'{"n":"it'\''s \"q\"-secret"}'"#, redacted: #"'{"n":"[redacted]"}'"#),
        Case(name: "\\u00e9", secret: "café-secret", text: #""caf\u00e9-secret""#, redacted: #""[redacted]""#),
        Case(name: "\\u00E9 upper hex", secret: "café-secret", text: #""caf\u00E9-secret""#, redacted: #""[redacted]""#),
        Case(name: "\\u0026", secret: "a&b-secret", text: #""a\u0026b-secret""#, redacted: #""[redacted]""#),
        Case(name: "one escape splits it", secret: "shpat_PLANTED42", text: #"x shpat_PL\u0041NTED42 y"#, redacted: "x [redacted] y"),
        Case(name: "every character escaped", secret: "ab\"cd", text: #"\u0061\u0062\u0022\u0063\u0064"#, redacted: "[redacted]"),
        Case(name: "surrogate pair", secret: "x😀-secret", text: #""x\ud83d\ude00-secret""#, redacted: #""[redacted]""#),
        Case(name: "percent-encoded", secret: "a/b+c=d-secret", text: "?token=a%2Fb%2Bc%3Dd-secret&x=1", redacted: "?token=[redacted]&x=1"),
        Case(name: "percent lower hex", secret: "a/b+c=d-secret", text: "?token=a%2fb%2bc%3dd-secret", redacted: "?token=[redacted]"),
        Case(name: "percent non-ASCII", secret: "é-file-secret", text: "?k=%C3%A9-file-secret", redacted: "?k=[redacted]"),
        Case(name: "JSON inside a JSON string", secret: #"say "hi"-x"#, text: #""{\"n\":\"say \\\"hi\\\"-x\"}""#, redacted: #""{\"n\":\"[redacted]\"}""#),
        Case(name: "non-ASCII raw", secret: "münchen-x", text: "clé→münchen-x→clé", redacted: "clé→[redacted]→clé"),
        Case(name: "twice in a row", secret: "secret-42", text: "secret-42secret-42", redacted: "[redacted][redacted]"),
        Case(name: "lone surrogate left alone", secret: "secret-42", text: #"\ud83d secret-42"#, redacted: #"\ud83d [redacted]"#),
        Case(name: "no secret", secret: "secret-42", text: #"{"n":"secret-4\"2"}"#, redacted: #"{"n":"secret-4\"2"}"#),
    ]

    @Test(arguments: forms)
    func everyForm(_ form: Case) {
        #expect(Redactor(secrets: [form.secret])(form.text) == form.redacted)
    }

    /// Short secrets (under `Redactor.minimumLength` bytes) only where they stand alone.
    static let short: [Case] = [
        Case(name: "a port's digit", secret: "3", text: "http://127.0.0.1:58013/api", redacted: "http://127.0.0.1:58013/api"),
        Case(name: "a number's digit", secret: "3", text: "expected 918273", redacted: "expected 918273"),
        Case(name: "a whole JSON number", secret: "3", text: #"{"quantity":3}"#, redacted: #"{"quantity":[redacted]}"#),
        Case(name: "a whole JSON string", secret: "abc", text: #"{"n":"abc"}"#, redacted: #"{"n":"[redacted]"}"#),
        Case(name: "a word in a message", secret: "3", text: "but it is 3", redacted: "but it is [redacted]"),
        Case(name: "part of a word", secret: "abc", text: "xabcx abc-d abc.d", redacted: "xabcx abc-d abc.d"),
        Case(name: "an escaped whole string", secret: "a\"b", text: #"{"n":"a\"b"}"#, redacted: #"{"n":"[redacted]"}"#),
        Case(name: "a query value", secret: "k1", text: "?key=k1&x=2", redacted: "?key=[redacted]&x=2"),
        Case(name: "six bytes match anywhere", secret: "918273", text: "x9182734", redacted: "x[redacted]4"),
    ]

    @Test(arguments: short)
    func shortSecrets(_ form: Case) {
        #expect(Redactor(secrets: [form.secret])(form.text) == form.redacted)
    }

    /// A cut text loses a tail that begins a secret, whatever cut it.
    static let cuts: [Case] = [
        Case(name: "ellipsis", secret: "SECRETVALUE12", text: "body SECRETV…", redacted: "body [redacted]…"),
        Case(name: "byte count", secret: "SECRETVALUE12", text: "body SECRETV… (5000 bytes)", redacted: "body [redacted]… (5000 bytes)"),
        Case(name: "escaped head", secret: "SEC\"RETVALUE", text: #""SEC\"RE…"#, redacted: #""[redacted]…"#),
        Case(name: "too short a head", secret: "SECRETVALUE12", text: "body SEC…", redacted: "body SEC…"),
        Case(name: "not cut", secret: "SECRETVALUE12", text: "body SECRETV", redacted: "body SECRETV"),
    ]

    @Test(arguments: cuts)
    func cutTails(_ form: Case) {
        #expect(Redactor(secrets: [form.secret])(form.text) == form.redacted)
    }

    @Test func aCutBodyLosesTheHeadOfASecret() {
        let redact = Redactor(secrets: ["SECRETVALUE12"])
        #expect(redact(#"{"n":"SECRETV"#, cut: true) == #"{"n":"[redacted]"#)
        #expect(redact(#"{"n":"SECRETV"#, cut: false) == #"{"n":"SECRETV"#)
    }

    static let numbers: [(secret: String, value: JSONValue, redacted: JSONValue)] = [
        ("918273645501", .int(918_273_645_501), .string("[redacted]")),
        ("3", .int(3), .string("[redacted]")),
        ("3", .int(918_273), .int(918_273)),
        ("2.5", .double(2.5), .string("[redacted]")),
        ("918273645501", ["n": .int(918_273_645_501), "s": "918273645501"], ["n": "[redacted]", "s": "[redacted]"]),
    ]

    @Test(arguments: numbers.indices)
    func numbersAreRedacted(_ index: Int) {
        let row = Self.numbers[index]
        #expect(Redactor(secrets: [row.secret])(row.value) == row.redacted)
    }

    @Test func secretTextsOfAValue() {
        #expect(Redactor.secretTexts(of: .int(3)) == ["3"])
        #expect(Redactor.secretTexts(of: .bool(true)).isEmpty)
        #expect(Redactor.secretTexts(of: ["a": "xy", "n": 4]).sorted() == [#"{"a":"xy","n":4}"#, "4", "xy"].sorted())
    }

    /// Many secrets over a large body: one pass each form (this would take minutes with a
    /// scan per secret and position); every planted copy goes.
    @Test func manySecretsOverALargeBody() {
        let secrets = (0..<500).map { "secret-\($0)-PLANTED" }
        var body = ""
        for index in 0..<20_000 { body += index % 40 == 0 ? #"{"v":"\#(secrets[index % 500])\"},"# : #"{"v":"filler text \#(index)"},"# }
        let redacted = Redactor(secrets: secrets)(body)
        #expect(!redacted.contains("PLANTED"))
        #expect(redacted.contains("filler text 19999"))
    }
}
