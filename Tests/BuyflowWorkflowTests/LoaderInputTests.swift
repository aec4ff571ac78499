import BuyflowCore
import BuyflowWorkflow
import Foundation
import Testing

/// `WorkflowLoader.Options` through the real loader: `--var`, `--var-file`, `--env-file`,
/// `--data`, data files of each kind, row labels, and which schema operations are
/// checked against (the sample shop's, the published Storefront schema, or none).
/// Files are written to a temporary folder per test.
@Suite struct LoaderInputTests {
    /// A folder under the system's temporary directory, removed by `remove()`.
    struct TemporaryFolder {
        let path: String

        init() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-loader-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            path = url.path
        }

        /// Writes `text` to `name` inside the folder; returns its path.
        @discardableResult
        func write(_ name: String, _ text: String) throws -> String {
            let file = path + "/" + name
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            return file
        }

        func remove() { try? FileManager.default.removeItem(atPath: path) }
    }

    static let shopStep = """
        steps:
          - name: Shop
            query: "{ shop { name } }"
        """

    /// Loads `workflow` (written as workflow.yaml) with `options`, after `prepare` wrote the
    /// other files it needs.
    static func load(
        _ workflow: String, options: WorkflowLoader.Options = Fixtures.options(),
        files: [String: String] = [:], configure: (inout WorkflowLoader.Options, TemporaryFolder) -> Void = { _, _ in }
    ) throws -> WorkflowLoader.Result {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, text) in files { try folder.write(name, text) }
        let path = try folder.write("workflow.yaml", workflow)
        var options = options
        configure(&options, folder)
        return WorkflowLoader.load(path: path, options: options)
    }

    static func vars(_ result: WorkflowLoader.Result) -> [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: (result.workflow?.vars ?? []).map { ($0.name, $0.value.literalValue ?? .string("<template>")) })
    }

    static func values(_ rows: [DataRow]) -> [JSONValue] { rows.map { .object($0.values) } }

    /// `file-name:line:column severity: message` with the folder cut from paths.
    static func lines(_ result: WorkflowLoader.Result) -> [String] {
        result.diagnostics.map { diagnostic in
            let place = diagnostic.location.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line):\($0.column) " } ?? ""
            return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.fullMessage)"
        }
    }

    // MARK: - --var, --var-file and vars

    @Test(arguments: [
        ("qty", "2", JSONValue.int(2)),
        ("flag", "true", .bool(true)),
        ("name", "x", .string("x")),
        ("price", "1.50", .double(1.5)),
        ("hex", "0x10", .int(16)),
        ("answer", "yes", .string("yes")),
        ("nothing", "null", .null),
        ("phrase", "two words: here", .string("two words: here")),
    ])
    func varFlagIsTypedAsAYAMLScalar(name: String, text: String, expected: JSONValue) throws {
        var options = Fixtures.options()
        options.vars = [(name, text)]
        let result = try Self.load("version: 1\nname: Vars\n" + Self.shopStep, options: options)
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        #expect(Self.vars(result)[name] == expected)
    }

    @Test func flagsWinOverFilesAndFilesOverTheWorkflow() throws {
        let workflow = """
            version: 1
            name: Precedence
            vars:
              a: workflow
              b: workflow
              c: workflow
              n: 1
            """ + "\n" + Self.shopStep
        let result = try Self.load(workflow, files: [
            "first.yaml": "b: first\nc: first\nd: first\n",
            "second.yaml": "d: second\nn: 2\n",
        ]) { options, folder in
            options.varFiles = [folder.path + "/first.yaml", folder.path + "/second.yaml"]
            options.vars = [("c", "flag"), ("e", "3")]
        }
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        #expect(result.workflow?.vars.map(\.name) == ["a", "b", "c", "n", "d", "e"])
        #expect(Self.vars(result) == [
            "a": "workflow", "b": "first", "c": "flag", "d": "second", "e": 3, "n": 2,
        ])
    }

    @Test func varFileProblemsPointIntoTheVarFile() throws {
        let result = try Self.load("version: 1\nname: Var files\n" + Self.shopStep, files: [
            "list.yaml": "- a\n- b\n",
            "names.yaml": "good: 1\nbad-name: 2\n",
        ]) { options, folder in
            options.varFiles = [folder.path + "/list.yaml", folder.path + "/names.yaml", folder.path + "/missing.yaml"]
        }
        #expect(result.workflow == nil)
        let lines = Self.lines(result)
        #expect(lines.count == 3)
        #expect(lines.prefix(2) == [
            "list.yaml:1:1 error: expected a mapping for a --var-file, found a list",
            "names.yaml:2:1 error: var name 'bad-name' must start with a letter or '_' and hold only letters, digits and '_'",
        ])
        #expect(lines.last?.hasPrefix("error: cannot read --var-file '/") == true)
        #expect(lines.last?.hasSuffix("/missing.yaml': no such file") == true)
    }

    @Test("a file named that is a folder, or not UTF-8, or empty: each gets its own error")
    func unreadableFiles() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path + "/steps", withIntermediateDirectories: true)
        let latin1 = folder.path + "/latin1.yaml"
        try Data([0x61, 0x3A, 0x20, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: latin1))
        let empty = try folder.write("empty.yaml", "")
        var options = WorkflowLoader.Options()
        options.usePublishedSchema = false
        options.varFiles = [folder.path + "/steps", latin1]
        let path = try folder.write("workflow.yaml", "version: 1\nname: Files\nsteps:\n  - name: Use\n    use: empty.yaml\n")
        let result = WorkflowLoader.load(path: path, options: options)
        let messages = result.diagnostics.map(\.message)
        #expect(messages.contains("cannot read --var-file '\(folder.path)/steps': it is a folder"))
        #expect(messages.contains("--var-file '\(latin1)' is not UTF-8 text: invalid byte 0xE9"))
        let notUTF8 = result.diagnostics.first { $0.message.hasSuffix("invalid byte 0xE9") }?.location
        #expect(notUTF8 == SourceLocation(file: latin1, line: 1, column: 4), "located at the byte")
        #expect(messages.contains { $0.contains("empty") }, "\(messages)")
        _ = empty
    }

    // MARK: - --env-file

    @Test func envFileReadsCommentsExportQuotesAndEscapes() throws {
        let env = #"""
            # a comment
               # an indented comment

            export TOKEN=abc123
            PLAIN = spaced value   # a trailing comment
            SINGLE='single $HOME \n kept'
            DOUBLE="line1\nline2\t\"quoted\" \\ back"
            HASH=a#b
            EMPTY=
            """#
        let result = try Self.load("version: 1\nname: Env\n" + Self.shopStep, files: [
            "one.env": env, "two.env": "TOKEN=override\n",
        ]) { options, folder in
            options.envFiles = [folder.path + "/one.env", folder.path + "/two.env"]
        }
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        #expect(result.workflow?.environment == [
            "TOKEN": "override",
            "PLAIN": "spaced value",
            "SINGLE": #"single $HOME \n kept"#,
            "DOUBLE": "line1\nline2\t\"quoted\" \\ back",
            "HASH": "a#b",
            "EMPTY": "",
        ])
    }

    /// `DotEnv.parse` splits lines on the Character "\n", which a CRLF line end is not
    /// (it is one grapheme, "\r\n"): a CRLF file reads as one line. DotEnv.swift is
    /// outside this branch's files; the fix is splitting on `\.isNewline` or the scalars.
    @Test func envFileWithCRLFLineEnds() throws {
        let result = try Self.load("version: 1\nname: Env\n" + Self.shopStep, files: ["crlf.env": "A=1\r\nB='two'\r\n"]) { options, folder in
            options.envFiles = [folder.path + "/crlf.env"]
        }
        #expect(result.workflow?.environment == ["A": "1", "B": "two"])
    }

    @Test func envFileMistakesAreReportedAtFileLineColumn() throws {
        let result = try Self.load("version: 1\nname: Env\n" + Self.shopStep, files: [
            "bad.env": "GOOD=1\nthis is not an assignment\n  9BAD=x\nQUOTE=\"unterminated\nSINGLE='open\n",
        ]) { options, folder in
            options.envFiles = [folder.path + "/bad.env"]
        }
        #expect(result.workflow == nil)
        #expect(Self.lines(result) == [
            "bad.env:2:1 error: expected NAME=value",
            "bad.env:3:3 error: '9BAD' is not a valid variable name",
            "bad.env:4:7 error: unterminated double-quoted value",
            "bad.env:5:8 error: unterminated single-quoted value",
        ])
        #expect(result.diagnostics.allSatisfy { $0.code == "workflow.env-file" && $0.hint != nil })
    }

    // MARK: - data

    static let rowStep = """
        steps:
          - name: Product
            query: |
              query($h: String!) { product(handle: $h) { title } }
            variables:
              h: ${{ row.handle }}
        """

    @Test func dataFlagReplacesTheWorkflowsData() throws {
        let workflow = "version: 1\nname: Data\ndata:\n  - {handle: inline, name: inline}\n" + Self.rowStep
        let result = try Self.load(workflow, files: ["rows.csv": "handle,name\nfrom-csv,csv\n"]) { options, folder in
            options.dataPath = folder.path + "/rows.csv"
        }
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        #expect(result.workflow.map { Self.values($0.rows) } == [["handle": "from-csv", "name": "csv"]])
    }

    @Test func csvCellsAreTypedAndQuotedCellsHoldCommasQuotesAndLineBreaks() throws {
        let csv = "handle,qty,price,flag,sku,empty,note\r\n"
            + "sneaker,2,19.90,true,A-1,,\"red, blue\"\r\n"
            + "boot,10,1e3,false,0x1F,,\"two\nlines\"\n"
            + "\"sandal\",-3,0.5,yes,null,,\"He said \"\"hi\"\"\"\n"
        let result = try Self.load("version: 1\nname: CSV\ndata: rows.csv\n" + Self.rowStep, files: ["rows.csv": csv])
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        let rows = try #require(result.workflow?.rows)
        #expect(Self.values(rows) == [
            ["handle": "sneaker", "qty": 2, "price": 19.9, "flag": true, "sku": "A-1", "empty": nil, "note": "red, blue"],
            ["handle": "boot", "qty": 10, "price": 1000.0, "flag": false, "sku": 31, "empty": nil, "note": "two\nlines"],
            ["handle": "sandal", "qty": -3, "price": 0.5, "flag": "yes", "sku": nil, "empty": nil, "note": "He said \"hi\""],
        ])
        // A row starts on the line after the line break inside the quoted cell before it.
        #expect(rows.map { $0.location?.line } == [2, 3, 5])
        #expect(rows.map(\.index) == [1, 2, 3])
        #expect(rows.map(\.label) == ["[row 1]", "[row 2]", "[row 3]"])
    }

    /// Spreadsheets on Windows start a CSV with a byte-order mark: it is not in the first
    /// column's name.
    @Test func csvByteOrderMarkIsNotPartOfTheHeader() throws {
        let csv = "\u{FEFF}handle,name\nsneaker,Sneaker\n"
        let result = try Self.load("version: 1\nname: CSV\ndata: rows.csv\n" + Self.rowStep, files: ["rows.csv": csv])
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        #expect(result.workflow.map { Self.values($0.rows) } == [["handle": "sneaker", "name": "Sneaker"]])
    }

    @Test func jsonDataFileRowsKeepTheirTypesAndLabelByName() throws {
        let json = #"[{"name": "first", "handle": "a", "qty": 2, "on": true}, {"handle": "b", "qty": 1.5, "tags": ["x"]}, {"name": null, "handle": "c"}]"#
        let result = try Self.load("version: 1\nname: JSON rows\ndata: rows.json\n" + Self.rowStep, files: ["rows.json": json])
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        let rows = try #require(result.workflow?.rows)
        #expect(Self.values(rows) == [
            ["name": "first", "handle": "a", "qty": 2, "on": true],
            ["handle": "b", "qty": 1.5, "tags": ["x"]],
            ["name": nil, "handle": "c"],
        ])
        #expect(rows.map(\.label) == ["[first]", "[row 2]", "[row 3]"])
        #expect(rows[0].runName(workflow: "JSON rows") == "JSON rows [first]")
        #expect(rows.map { $0.location?.line } == [1, 1, 1])
        #expect(rows.map { $0.location?.column } == [2, 58, 102])
    }

    @Test func yamlDataFileIsReadAsYAML12() throws {
        let yaml = "- name: 42\n  handle: a\n  answer: yes\n- handle: b\n  when: 2026-04-01\n"
        let result = try Self.load("version: 1\nname: YAML rows\ndata: rows.yml\n" + Self.rowStep, files: ["rows.yml": yaml])
        #expect(result.diagnostics.isEmpty, "\(Self.lines(result))")
        let rows = try #require(result.workflow?.rows)
        #expect(Self.values(rows) == [["name": 42, "handle": "a", "answer": "yes"], ["handle": "b", "when": "2026-04-01"]])
        #expect(rows.map(\.label) == ["[42]", "[row 2]"])
        #expect(rows.map { $0.location?.line } == [1, 4])
    }

    @Test func dataFilesOfAnotherKindOrWithoutRowsAreErrors() throws {
        let result = try Self.load("version: 1\nname: Data\ndata: rows.txt\n" + Self.shopStep, files: ["rows.txt": "handle\na\n"])
        #expect(Self.lines(result).count == 1)
        #expect(Self.lines(result).first?.hasPrefix("workflow.yaml:3:7 error: data file '") == true)
        #expect(Self.lines(result).first?.hasSuffix("rows.txt' must end in .csv, .json, .yaml or .yml") == true)

        let empty = try Self.load("version: 1\nname: Data\ndata: rows.csv\n" + Self.shopStep, files: ["rows.csv": "handle\n"])
        #expect(empty.workflow == nil)
        #expect(Self.lines(empty).first?.hasPrefix("rows.csv:1:1 error: data file '") == true)
        #expect(Self.lines(empty).first?.hasSuffix("rows.csv' has a header but no rows") == true)
    }

    // MARK: - The schema operations are checked against

    static func shopWorkflow(field: String, shop: String? = "shop:\n  domain: shoes.myshopify.com\n") -> String {
        "version: 1\nname: Published\n" + (shop ?? "") + "steps:\n  - name: Shop\n    query: \"{ shop { \(field) } }\"\n"
    }

    /// `customerAccountUrl` is in the published Storefront schema but not in the sample
    /// shop's (samples/storefront.graphql).
    @Test func aShopWithoutASchemaIsCheckedAgainstThePublishedSchema() throws {
        let passes = try Self.load(Self.shopWorkflow(field: "customerAccountUrl"))
        #expect(passes.diagnostics.isEmpty, "\(Self.lines(passes))")
        #expect(passes.schemaDescription == "the published Storefront API \(BuyflowVersion.storefrontAPIVersion) schema")

        let misspelt = try Self.load(Self.shopWorkflow(field: "customerAccountUrll"))
        #expect(Self.lines(misspelt) == [
            "workflow.yaml:7:22 error: cannot query field 'customerAccountUrll' on type 'Shop'; did you mean 'customerAccountUrl'?",
        ])
    }

    @Test func theSampleShopIsCheckedAgainstItsOwnSchema() throws {
        let result = try Self.load(Self.shopWorkflow(field: "customerAccountUrl", shop: nil))
        #expect(result.schemaDescription == "the sample shop's schema")
        #expect(Self.lines(result) == ["workflow.yaml:5:22 error: cannot query field 'customerAccountUrl' on type 'Shop'"])
    }

    @Test func anotherAPIVersionIsCheckedForSyntaxOnly() throws {
        let shop = "shop:\n  domain: shoes.myshopify.com\n  apiVersion: 2025-10\n"
        let result = try Self.load(Self.shopWorkflow(field: "customerAccountUrll", shop: shop))
        #expect(!result.hasErrors)
        #expect(result.workflow != nil)
        #expect(result.schemaDescription == nil)
        #expect(Self.lines(result) == [
            "workflow.yaml:4:3 warning: buyflow ships the Storefront API 2026-04 schema; operations for API version 2025-10 were checked for syntax only",
        ])
        #expect(result.diagnostics.first?.code == "workflow.schema-version")
        #expect(result.workflow?.warnings.count == 1)

        // --api-version wins over the file's.
        var options = Fixtures.options()
        options.apiVersion = "2025-07"
        let overridden = try Self.load(Self.shopWorkflow(field: "customerAccountUrl", shop: "shop:\n  apiVersion: 2026-04\n"), options: options)
        #expect(Self.lines(overridden).first?.contains("operations for API version 2025-07 were checked for syntax only") == true)
    }

    @Test func remoteTargetUsesThePublishedSchemaWithoutAShopKey() throws {
        var options = Fixtures.options()
        options.remoteTarget = true
        let passes = try Self.load(Self.shopWorkflow(field: "customerAccountUrl", shop: nil), options: options)
        #expect(passes.diagnostics.isEmpty, "\(Self.lines(passes))")
        #expect(passes.schemaDescription == "the published Storefront API \(BuyflowVersion.storefrontAPIVersion) schema")

        options.apiVersion = "2025-01"
        let other = try Self.load(Self.shopWorkflow(field: "customerAccountUrll", shop: nil), options: options)
        #expect(!other.hasErrors)
        #expect(other.diagnostics.map(\.code) == ["workflow.schema-version"])
        #expect(other.diagnostics.first?.location == nil)
    }
}
