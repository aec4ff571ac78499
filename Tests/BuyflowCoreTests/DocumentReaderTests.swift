import BuyflowCore
import Testing
import YAML

/// `DocumentReader` on located trees from YAML (`YAMLParser.parse(…, duplicateKeys: .keep)`)
/// and JSON (`JSONParser.parseLocated`): each row reads a document with a description of
/// what to read, and lists every diagnostic as `line:column code: message` with its hint
/// and notes, in the order found — one pass reports all of a document's problems.
@Suite struct DocumentReaderTests {
    // MARK: - What a row reads

    /// How to read a value; `fields` reads a mapping against a spec, then its members.
    indirect enum Read: Sendable {
        case string, text, bool, duration
        case int(ClosedRange<Int>?)
        case number(ClosedRange<Double>?)
        case choice([String])
        case list(Read, item: String)
        case fields(ObjectSpec, context: String?, members: [String: Read])
    }

    enum Format: String, Sendable { case yaml, json }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var format: Format
        var text: String
        var read: Read
        var expected: [String]

        init(_ name: String, _ format: Format, _ text: String, _ read: Read, _ expected: [String]) {
            self.name = name
            self.format = format
            self.text = text
            self.read = read
            self.expected = expected
        }

        /// A step, from YAML.
        init(_ name: String, _ text: String, _ expected: [String]) { self.init(name, .yaml, text, step, expected) }
        init(_ name: String, _ text: String, _ read: Read, _ expected: [String]) { self.init(name, .yaml, text, read, expected) }
        init(_ name: String, _ format: Format, _ text: String, _ expected: [String]) { self.init(name, format, text, step, expected) }

        var testDescription: String { "\(format.rawValue): \(name)" }
    }

    static let retrySpec = ObjectSpec(
        "retry", name: "'retry'",
        keys: [
            KeySpec("attempts", .integer(minimum: 1, maximum: 100)), KeySpec("backoff", .choice(["none", "linear", "exponential"])),
            KeySpec("interval", .string), KeySpec("mutations", .boolean),
        ]
    )
    static let stepSpec = ObjectSpec(
        "step", name: "a step",
        keys: [
            KeySpec("name", required: true, .string, "unique within the workflow"), KeySpec("query", .string), KeySpec("sleep", .string),
            KeySpec("timeout", .string), KeySpec("retry", .object(retrySpec)), KeySpec("weight", .number), KeySpec("count", .integer),
            KeySpec("tags", .list(.string)), KeySpec("label", .string), KeySpec("id", required: true, .string),
        ],
        exactlyOneOf: [["query", "sleep"]]
    )
    static let retry = Read.fields(retrySpec, context: nil, members: [
        "attempts": .int(1...100), "backoff": .choice(["none", "linear", "exponential"]), "interval": .duration, "mutations": .bool,
    ])
    static let step = Read.fields(stepSpec, context: nil, members: [
        "name": .string, "query": .string, "sleep": .duration, "timeout": .duration, "retry": retry, "weight": .number(0...1),
        "count": .int(nil), "tags": .list(.string, item: "a tag"), "label": .text, "id": .string,
    ])
    static let durationHint = "hint: write a number followed by a unit: us, ms, s, m or h (a bare number has no unit)"
    static let stepHint = "hint: a step accepts name, query, sleep, timeout, retry, weight, count, tags, label, id"
    static let catalog = Read.fields(
        ObjectSpec("catalog", name: "the catalog", keys: [KeySpec("title", required: true, .string)], freeKeyPrefix: "$"),
        context: nil, members: ["title": .string]
    )
    static let translations = Read.fields(
        ObjectSpec("translations", name: "the translations", keys: [KeySpec("default", .string)], otherKeys: .string),
        context: nil, members: ["default": .string]
    )
    static let counts = Read.fields(
        ObjectSpec("counts", name: "'counts'", keys: [KeySpec("least", .integer), KeySpec("most", .integer)]),
        context: nil, members: ["least": .int(1...Int.max), "most": .int(Int.min...10)]
    )

    // MARK: - The table

    static let rows: [Row] = [
        Row("a valid step reads without a problem", "name: Shop\nid: shop\nquery: '{ shop { name } }'\nretry: {attempts: 3, backoff: linear}\n", []),
        Row("unknown key with a suggestion and the keys listed", "name: Shop\nid: s\nquery: q\ntimout: 5s\n", [
            "4:1 doc.unknown-key: unknown key 'timout' in a step; did you mean 'timeout'? | \(stepHint)",
        ]),
        Row("unknown key without a close name", "name: Shop\nid: s\nquery: q\nzzzzzz: 1\n", [
            "4:1 doc.unknown-key: unknown key 'zzzzzz' in a step | \(stepHint)",
        ]),
        Row("unknown key named after the context given", "name: Shop\nid: s\nsleep: 1s\nlable: x\n",
            .fields(stepSpec, context: "step 'Shop'", members: [:]), [
                "4:1 doc.unknown-key: unknown key 'lable' in step 'Shop'; did you mean 'label'? | hint: step 'Shop' accepts name, query, sleep, timeout, retry, weight, count, tags, label, id",
            ]),
        Row("missing required key, with its summary as the hint", "id: s\nquery: q\n", [
            "1:1 doc.missing-key: missing required key 'name' in a step | hint: 'name': unique within the workflow",
        ]),
        Row("missing required key without a summary has no hint", "  name: Shop\n  query: q\n", [
            "1:3 doc.missing-key: missing required key 'id' in a step",
        ]),
        Row("duplicate key: the note points at the first", "name: Shop\nid: s\nquery: q\nname: Again\n", [
            "4:1 doc.duplicate-key: duplicate key 'name' in a step | hint: a key may appear once in a mapping; remove one of them | note 1:1: 'name' first written here",
        ]),
        Row("a key that is not a scalar", "name: Shop\nid: s\nquery: q\n? [a, b]\n: 1\n", [
            #"4:3 doc.key: a key of a step must be a plain name, found ["a", "b"]"#,
        ]),
        Row("a mapping expected, a list found", "- name: Shop\n", [
            "1:1 doc.type: expected a mapping for a step, found a list",
        ]),
        Row("a string expected, a list found", "name: [a]\nid: s\nquery: q\n", [
            "1:7 doc.type: expected a string for 'name', found a list",
        ]),
        Row("a string expected, an integer found (quoted as written)", "name: 0x2A\nid: s\nquery: q\n", [
            "1:7 doc.type: expected a string for 'name', found an integer (0x2A)",
        ]),
        Row("a string expected, a boolean found", "name: Shop\nid: true\nquery: q\n", [
            "2:5 doc.type: expected a string for 'id', found a boolean (true)",
        ]),
        Row("a string expected, a number found (its text kept)", "name: 1.50\nid: s\nquery: q\n", [
            "1:7 doc.type: expected a string for 'name', found a number (1.50)",
        ]),
        Row("a string expected, null found", "name: ~\nid: s\nquery: q\n", [
            "1:7 doc.type: expected a string for 'name', found null",
        ]),
        Row("a string expected, no value: the hint says where to write it", "name:\nid: s\nquery: q\n", [
            "1:6 doc.type: expected a string for 'name', found no value | hint: the value is empty; write it after the ':' or on the lines below, indented further than its key",
        ]),
        Row("an integer expected, a long string found: quoted to 30 characters", "name: Shop\nid: s\nquery: q\ncount: \"one two three four five six seven\"\n", [
            "4:8 doc.type: expected an integer for 'count', found a string (\"one two three four five six se…\")",
        ]),
        Row("an integer expected, a block found: its first line quoted", "name: Shop\nid: s\nquery: q\ncount: |\n  first\n  second\n", [
            "4:8 doc.type: expected an integer for 'count', found a string (\"first…\")",
        ]),
        Row("an integer expected, a quoted number found", "name: Shop\nid: s\nquery: q\ncount: \"3\"\n", [
            "4:8 doc.type: expected an integer for 'count', found a string (\"3\")",
        ]),
        Row("an integer expected, a float found", "name: Shop\nid: s\nquery: q\ncount: 2.0\n", [
            "4:8 doc.type: expected an integer for 'count', found a number (2.0)",
        ]),
        Row("integer range: from … to", "name: Shop\nid: s\nquery: q\nretry:\n  attempts: 0\n", [
            "5:13 doc.range: 'attempts' must be from 1 to 100, found 0",
        ]),
        Row("integer range: at least, at most", "least: 0\nmost: 11\n", counts, [
            "1:8 doc.range: 'least' must be at least 1, found 0",
            "2:7 doc.range: 'most' must be at most 10, found 11",
        ]),
        Row("number range, with the value as written", "name: Shop\nid: s\nquery: q\nweight: 1.50\n", [
            "4:9 doc.range: 'weight' must be from 0.0 to 1.0, found 1.50",
        ]),
        Row("a number accepts an integer; a string is a type error", "name: Shop\nid: s\nquery: q\nweight: 1\ncount: 7\nlabel: heavy\n", []),
        Row("a number expected, a string found", "name: Shop\nid: s\nquery: q\nweight: heavy\n", [
            "4:9 doc.type: expected a number for 'weight', found a string (\"heavy\")",
        ]),
        Row("a boolean expected: 'yes' is a string in YAML 1.2", "name: Shop\nid: s\nquery: q\nretry: {mutations: yes}\n", [
            "4:20 doc.type: expected true or false for 'mutations', found a string (\"yes\")",
        ]),
        Row("choice with did you mean", "name: Shop\nid: s\nquery: q\nretry:\n  backoff: exponentail\n", [
            "5:12 doc.choice: 'backoff' must be 'none', 'linear' or 'exponential', found 'exponentail'; did you mean 'exponential'?",
        ]),
        Row("choice without a close name; a number is read as its text", "name: Shop\nid: s\nquery: q\nretry: {backoff: 5}\n", [
            "4:18 doc.choice: 'backoff' must be 'none', 'linear' or 'exponential', found '5'",
        ]),
        Row("durations: 1.5s, 0 and 250ms read", "name: Shop\nid: s\nsleep: 1.5s\ntimeout: 0\nretry: {interval: 250ms}\n", []),
        Row("a duration without a unit", "name: Shop\nid: s\nquery: q\ntimeout: 10\n", [
            "4:10 doc.duration: 'timeout' must be a duration such as 500ms, 10s or 2m, found '10' | \(durationHint)",
        ]),
        Row("a duration in words", "name: Shop\nid: s\nsleep: 10 seconds\n", [
            "3:8 doc.duration: 'sleep' must be a duration such as 500ms, 10s or 2m, found '10 seconds' | \(durationHint)",
        ]),
        Row("a negative duration", "name: Shop\nid: s\nsleep: -1s\n", [
            "3:8 doc.duration: 'sleep' must be a duration such as 500ms, 10s or 2m, found '-1s' | \(durationHint)",
        ]),
        Row("exactlyOneOf: both keys of a group, the note at the first", "name: Shop\nid: s\nquery: q\nsleep: 1s\n", [
            "4:1 doc.exclusive-keys: a step has both 'query' and 'sleep'; it takes exactly one of 'query' or 'sleep' | note 3:1: 'query' is here",
        ]),
        Row("exactlyOneOf: none of a group is not the reader's error", "name: Shop\nid: s\n", []),
        Row("freeKeyPrefix: keys with the prefix are free", "title: Shoes\n$comment: anything\n$note: [1, 2]\n", catalog, []),
        Row("freeKeyPrefix: the hint says so", "title: Shoes\ncomment: x\n", catalog, [
            "2:1 doc.unknown-key: unknown key 'comment' in the catalog | hint: the catalog accepts title (keys starting with '$' are free for comments)",
        ]),
        Row("otherKeys: any other key is taken", "default: Shoes\nfr: Chaussures\nde: Schuhe\n", translations, []),
        Row("a list expected, a string found", "name: Shop\nid: s\nquery: q\ntags: smoke\n", [
            "4:7 doc.type: expected a list for 'tags', found a string (\"smoke\")",
        ]),
        Row("each item of a list checked", "name: Shop\nid: s\nquery: q\ntags: [a, 2, [b]]\n", [
            "4:11 doc.type: expected a string for a tag, found an integer (2)",
            "4:14 doc.type: expected a string for a tag, found a list",
        ]),
        Row("text takes numbers and booleans as written", "name: Shop\nid: s\nquery: q\nlabel: 007\n", []),
        Row("nested: unknown key in 'retry' lists its keys", "name: Shop\nid: s\nquery: q\nretry:\n  mutation: true\n", [
            "5:3 doc.unknown-key: unknown key 'mutation' in 'retry'; did you mean 'mutations'? | hint: 'retry' accepts attempts, backoff, interval, mutations",
        ]),
        Row(
            "several problems in one pass, each at its place",
            """
            nme: Shop
            id: 12
            query: q
            sleep: forever
            weight: 2
            retry:
              attempts: 500
              backoff: linar
              mutations: 1
            tags: [ok, {a: b}]
            """,
            [
                "1:1 doc.unknown-key: unknown key 'nme' in a step; did you mean 'name'? | \(stepHint)",
                "1:1 doc.missing-key: missing required key 'name' in a step | hint: 'name': unique within the workflow",
                "4:1 doc.exclusive-keys: a step has both 'query' and 'sleep'; it takes exactly one of 'query' or 'sleep' | note 3:1: 'query' is here",
                "2:5 doc.type: expected a string for 'id', found an integer (12)",
                "4:8 doc.duration: 'sleep' must be a duration such as 500ms, 10s or 2m, found 'forever' | \(durationHint)",
                "5:9 doc.range: 'weight' must be from 0.0 to 1.0, found 2",
                "7:13 doc.range: 'attempts' must be from 1 to 100, found 500",
                "8:12 doc.choice: 'backoff' must be 'none', 'linear' or 'exponential', found 'linar'; did you mean 'linear'?",
                "9:14 doc.type: expected true or false for 'mutations', found an integer (1)",
                "10:12 doc.type: expected a string for a tag, found a mapping",
            ]
        ),

        // JSON input: the same reader, locations from the JSON parser.
        Row("json: a valid step", .json, #"{"name": "Shop", "id": "s", "query": "q", "retry": {"attempts": 2}}"#, []),
        Row("json: unknown key with a suggestion", .json, "{\n  \"name\": \"Shop\", \"id\": \"s\", \"query\": \"q\",\n  \"retyr\": {}\n}", [
            "3:3 doc.unknown-key: unknown key 'retyr' in a step; did you mean 'retry'? | \(stepHint)",
        ]),
        Row("json: duplicate key with the note at the first", .json, #"{"name": "a", "id": "s", "sleep": "1s", "name": "b"}"#, [
            "1:41 doc.duplicate-key: duplicate key 'name' in a step | hint: a key may appear once in a mapping; remove one of them | note 1:2: 'name' first written here",
        ]),
        Row("json: missing key and wrong types", .json, #"{"id": 5, "query": "q", "weight": "1", "tags": "x"}"#, [
            "1:1 doc.missing-key: missing required key 'name' in a step | hint: 'name': unique within the workflow",
            "1:8 doc.type: expected a string for 'id', found an integer (5)",
            "1:35 doc.type: expected a number for 'weight', found a string (\"1\")",
            "1:48 doc.type: expected a list for 'tags', found a string (\"x\")",
        ]),
        Row("json: ranges, choices and durations over several lines", .json, """
            {
              "name": "Shop", "id": "s", "sleep": "2 weeks",
              "weight": -0.5,
              "retry": {"attempts": 101, "backoff": "Linear", "mutations": null}
            }
            """, [
                "2:39 doc.duration: 'sleep' must be a duration such as 500ms, 10s or 2m, found '2 weeks' | \(durationHint)",
                "3:13 doc.range: 'weight' must be from 0.0 to 1.0, found -0.5",
                "4:25 doc.range: 'attempts' must be from 1 to 100, found 101",
                "4:41 doc.choice: 'backoff' must be 'none', 'linear' or 'exponential', found 'Linear'; did you mean 'linear'?",
                "4:64 doc.type: expected true or false for 'mutations', found null",
            ]),
        Row("json: a list where a mapping belongs", .json, "[1, 2]", [
            "1:1 doc.type: expected a mapping for a step, found a list",
        ]),
    ]

    // MARK: - Running a row

    static func parse(_ row: Row) throws -> LocatedValue {
        switch row.format {
        case .yaml: try YAMLParser.parse(row.text, path: "doc.yaml", duplicateKeys: .keep).located
        case .json: try JSONParser(path: "doc.json").parseLocated(row.text)
        }
    }

    static func run(_ read: Read, _ value: LocatedValue, context: String, into reader: inout DocumentReader) {
        switch read {
        case .string: _ = reader.string(value, context)
        case .text: _ = reader.text(value, context)
        case .bool: _ = reader.bool(value, context)
        case .duration: _ = reader.duration(value, context)
        case .int(let range): _ = reader.int(value, context, in: range)
        case .number(let range): _ = reader.number(value, context, in: range)
        case .choice(let names): _ = reader.choice(value, among: names, context)
        case .list(let item, let itemContext):
            for element in reader.list(value, context) ?? LocatedList() { run(item, element, context: itemContext, into: &reader) }
        case .fields(let spec, let specContext, let members):
            guard let fields = reader.fields(value, spec, context: specContext) else { return }
            for member in fields.members {
                if let read = members[member.key] { run(read, member.value, context: "'\(member.key)'", into: &reader) }
            }
        }
    }

    /// `line:column code: message; did you mean 'x'? | hint: … | note line:column: …`.
    static func render(_ diagnostic: Diagnostic) -> String {
        func place(_ location: BuyflowCore.SourceLocation?) -> String { location.map { "\($0.line):\($0.column)" } ?? "-" }
        var text = "\(place(diagnostic.location)) \(diagnostic.code ?? "-"): \(diagnostic.fullMessage)"
        if let hint = diagnostic.hint { text += " | hint: \(hint)" }
        for note in diagnostic.notes { text += " | note \(place(note.location)): \(note.message)" }
        return text
    }

    @Test(arguments: rows)
    func reportsEveryProblemInOnePass(_ row: Row) throws {
        let value = try Self.parse(row)
        var reader = DocumentReader(codePrefix: "doc")
        Self.run(row.read, value, context: "", into: &reader)
        #expect(reader.diagnostics.map(Self.render) == row.expected)
        #expect(reader.hasErrors == !row.expected.isEmpty)
        let file = row.format == .yaml ? "doc.yaml" : "doc.json"
        #expect(reader.diagnostics.allSatisfy { $0.location?.file == file && $0.severity == .error })
    }

    // MARK: - Values read

    @Test func valuesAreReadAsWritten() throws {
        let value = try YAMLParser.parse(
            "sleep: 1.5s\ntimeout: 0\ninterval: 800us\ncount: 0x10\nweight: 1\nlabel: 2026\nflag: false\nbackoff: linear\n",
            path: "v.yaml"
        ).located
        var reader = DocumentReader(codePrefix: "doc")
        #expect(value["sleep"].flatMap { reader.duration($0, "'sleep'") } == .milliseconds(1500))
        #expect(value["timeout"].flatMap { reader.duration($0, "'timeout'") } == .zero)
        #expect(value["interval"].flatMap { reader.duration($0, "'interval'") } == .microseconds(800))
        #expect(value["count"].flatMap { reader.int($0, "'count'", in: 0...100) } == 16)
        #expect(value["weight"].flatMap { reader.number($0, "'weight'") } == 1.0)
        #expect(value["label"].flatMap { reader.text($0, "'label'") } == "2026")
        #expect(value["flag"].flatMap { reader.bool($0, "'flag'") } == false)
        #expect(value["backoff"].flatMap { reader.choice($0, among: ["none", "linear"], "'backoff'") } == "linear")
        #expect(reader.diagnostics.isEmpty)
    }

    @Test func fieldsKeepTheFirstOfADuplicateKeyInOrder() throws {
        let value = try YAMLParser.parse("b: 1\na: 2\nb: 3\nc: 4\n", path: "d.yaml", duplicateKeys: .keep).located
        var reader = DocumentReader(codePrefix: "doc")
        let spec = ObjectSpec("m", name: "the mapping", keys: [KeySpec("a", .integer), KeySpec("b", .integer), KeySpec("c", .integer)])
        let read = reader.fields(value, spec)
        let fields = try #require(read)
        #expect(fields.members.map(\.key) == ["b", "a", "c"])
        #expect(fields["b"]?.int == 1)
        #expect(fields.member("c")?.keyLocation == BuyflowCore.SourceLocation(file: "d.yaml", line: 4, column: 1))
        #expect(fields.has("a") && !fields.has("d"))
        #expect(fields.location == BuyflowCore.SourceLocation(file: "d.yaml", line: 1, column: 1))
        #expect(reader.diagnostics.map(Self.render) == [
            "3:1 doc.duplicate-key: duplicate key 'b' in the mapping | hint: a key may appear once in a mapping; remove one of them | note 1:1: 'b' first written here",
        ])
    }

    /// A key asked for by literal (`FieldKey`: its static bytes; none for a one-scalar
    /// literal) and by a name made at run time find the same member, whether every member
    /// was kept or a duplicate made the reader keep a list of positions.
    @Test(arguments: [
        "a: 1\nname: 2\ncontinueOnError: 3\n\u{E9}t\u{E9}: 4\n",
        "a: 1\nname: 2\na: 9\ncontinueOnError: 3\n\u{E9}t\u{E9}: 4\n",
    ])
    func literalAndRuntimeKeysAgree(_ text: String) throws {
        let value = try YAMLParser.parse(text, path: "k.yaml", duplicateKeys: .keep).located
        var reader = DocumentReader(codePrefix: "doc")
        let spec = ObjectSpec("m", name: "the mapping", keys: [], otherKeys: .any)
        let read = reader.fields(value, spec)
        let fields = try #require(read)
        let literals: [(FieldKey, String)] = [
            ("a", "a"), ("name", "name"), ("continueOnError", "continueOnError"), ("\u{E9}t\u{E9}", "\u{E9}t\u{E9}"),
            ("b", "b"), ("nam", "nam"), ("names", "names"), ("continueOnErrors", "continueOnErrors"),
        ]
        for (key, name) in literals {
            #expect(fields.has(key) == fields.has(named: name), "\(name)")
            #expect(fields[key]?.int == fields.member(named: name)?.value.int, "\(name)")
            #expect(key.description == name)
        }
        #expect(fields["a"]?.int == 1)
        #expect(fields["continueOnError"]?.int == 3)
        #expect(fields["\u{E9}t\u{E9}"]?.int == 4)
        #expect(!fields.has("b") && !fields.has(named: "names"))
        #expect(fields.first(of: ["b", "name", "a"]) == "name")
        #expect(fields.first(named: ["b", "zz"]) == nil)
    }

    @Test func warningsAreNotErrorsAndQualifiedCodesStay() {
        var reader = DocumentReader(codePrefix: "doc")
        reader.warning("deprecated", at: nil, code: "old")
        #expect(!reader.hasErrors)
        reader.error("broken", at: nil, code: "yaml.syntax")
        #expect(reader.hasErrors)
        #expect(reader.diagnostics.map(\.code) == ["doc.old", "yaml.syntax"])
    }
}
