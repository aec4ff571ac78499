import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
import YAML

/// Every case of the yaml-test-suite (github: yaml/yaml-test-suite, `data` branch, MIT),
/// as written, with a UTF-8 byte-order mark and with CRLF line ends: the YAML module gives
/// libyaml's verdict, and where both accept, the values PyYAML's CLoader (libyaml) gives
/// with the core schema's scalars (`expected.json`, recorded by
/// `Tests/Conformance/yaml/record.py`; CI checks the recording against PyYAML).
/// Exceptions by design are listed in `Self.exceptions`, each with its reason.
@Suite("yaml-test-suite")
struct YAMLTestSuiteTests {
    static let folder = RepositoryPaths.file("Tests/YAMLTests/Fixtures/yaml-test-suite")

    /// A value as `record.py` writes it: ints and floats as text (`{"int": "7"}`), mappings
    /// as pairs (`{"map": [[k, v]]}`), keys being any value.
    indirect enum Canonical: Decodable, Equatable, Sendable, CustomStringConvertible {
        case null, bool(Bool), int(String), float(Double), string(String)
        case list([Canonical]), map([[Canonical]])

        private enum Keys: String, CodingKey { case int, float, map }

        init(from decoder: any Decoder) throws {
            if let object = try? decoder.container(keyedBy: Keys.self) {
                if let int = try object.decodeIfPresent(String.self, forKey: .int) {
                    self = .int(int)
                } else if let float = try object.decodeIfPresent(String.self, forKey: .float) {
                    self = .float(float == "nan" ? .nan : float == "inf" ? .infinity : float == "-inf" ? -.infinity : Double(float) ?? .nan)
                } else {
                    self = .map(try object.decode([[Canonical]].self, forKey: .map))
                }
                return
            }
            if var list = try? decoder.unkeyedContainer() {
                var items: [Canonical] = []
                while !list.isAtEnd { items.append(try list.decode(Canonical.self)) }
                self = .list(items)
                return
            }
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else {
                self = .string(try value.decode(String.self))
            }
        }

        init(_ node: YAMLNode) {
            switch node.value {
            case .null: self = .null
            case .bool(let bool): self = .bool(bool)
            case .int(let int): self = .int(String(int))
            case .double(let double): self = .float(double)
            case .string(let string): self = .string(string)
            case .sequence(let items): self = .list(items.map(Canonical.init))
            case .mapping(let pairs): self = .map(pairs.map { [Canonical($0.key), Canonical($0.value)] })
            }
        }

        static func == (a: Canonical, b: Canonical) -> Bool {
            switch (a, b) {
            case (.null, .null): true
            case (.bool(let x), .bool(let y)): x == y
            case (.int(let x), .int(let y)), (.string(let x), .string(let y)): x == y
            case (.float(let x), .float(let y)): x == y || (x.isNaN && y.isNaN)
            case (.list(let x), .list(let y)): x == y
            case (.map(let x), .map(let y)): x == y
            default: false
            }
        }

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let bool): "\(bool)"
            case .int(let int): int
            case .float(let float): "\(float)"
            case .string(let string): string.debugDescription
            case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
            case .map(let pairs): "{" + pairs.map { $0.map(\.description).joined(separator: ": ") }.joined(separator: ", ") + "}"
            }
        }
    }

    /// Cases where the module differs from libyaml on purpose.
    static let exceptions: [String: String] = [
        "3GZX": "an anchor defined again: YAML 1.2 allows it (spec example 7.1); libyaml's loader, of YAML 1.1, refuses",
        "PW8X": "an anchor defined again (as 3GZX)",
        "S4JQ": "'! 12' is the string \"12\" (spec example 6.28); libyaml's event marks it plain-implicit and PyYAML resolves an int",
    ]

    enum Form: String, CaseIterable, Sendable {
        case text, bom, crlf

        func bytes(_ original: [UInt8]) -> [UInt8] {
            switch self {
            case .text: original
            case .bom: [0xEF, 0xBB, 0xBF] + original
            case .crlf:
                original.reduce(into: []) { out, byte in
                    if byte == 0x0A, out.last != 0x0D { out.append(0x0D) }
                    out.append(byte)
                }
            }
        }
    }

    /// What libyaml made of one form of a case.
    struct Record: Decodable, Sendable {
        var accepts: Bool
        var error: String?
        var line: Int?
        var column: Int?
        var atEnd: Bool?
        var documents: [Canonical]?
    }

    struct Recording: Decodable, Sendable {
        var cases: [String: [String: Record]]
    }

    static let expected: [String: [String: Record]] = {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("expected.json").path),
              let recording = try? JSONDecoder().decode(Recording.self, from: data) else { return [:] }
        return recording.cases
    }()

    static let caseNames: [String] = expected.keys.sorted()

    @Test("the recording covers every case file")
    func everyCaseIsRecorded() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("cases").path)
        #expect(files.count == 402)
        #expect(Set(files.map { String($0.dropLast(5)) }) == Set(Self.caseNames))
    }

    @Test("libyaml's verdict and PyYAML's values", arguments: Form.allCases)
    func agreesWithLibYAML(_ form: Form) throws {
        var accepted = 0, rejected = 0, failures: [String] = []
        for name in Self.caseNames {
            let record = try #require(Self.expected[name]?[form.rawValue])
            let original = try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent("cases/\(name).yaml").path))
            let bytes = form.bytes(Array(original))
            let result = Result { () throws(DiagnosticList) in try YAMLParser.parseDocuments(bytes: bytes, path: "\(name).yaml") }
            if Self.exceptions[name] != nil { continue }
            if record.accepts {
                switch result {
                case .success(let documents):
                    accepted += 1
                    guard let theirs = record.documents else { continue }
                    let ours = documents.map(Canonical.init)
                    if ours != theirs { failures.append("\(name): ours \(ours), libyaml \(theirs)") }
                case .failure(let error):
                    // Duplicate keys are refused by design; nothing else may be.
                    if error.diagnostics.allSatisfy({ $0.code == "yaml.duplicate-key" }) { accepted += 1; continue }
                    failures.append("\(name): libyaml accepts, ours: \(error.diagnostics.map { "\($0.code ?? "") \($0.message)" })")
                }
            } else {
                switch result {
                case .success(let documents):
                    failures.append("\(name): libyaml refuses (\(record.error ?? "")), ours: \(documents.map(Canonical.init))")
                case .failure(let error):
                    rejected += 1
                    // The error where libyaml puts it (a mark past a leading byte-order mark
                    // counts it, as every location does).
                    // At the end of the text, ours points just past its last character.
                    if record.atEnd != true, let line = record.line, let column = record.column,
                       let location = error.diagnostics.first?.location {
                        let expectedColumn = form == .bom && line == 1 ? column + 1 : column
                        if (location.line, location.column) != (line, expectedColumn) {
                            failures.append("\(name): error at \(location.line):\(location.column), libyaml \(line):\(expectedColumn)")
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, Comment(rawValue: "\(failures.count) differences:\n" + failures.joined(separator: "\n")))
        #expect(accepted + rejected + Self.exceptions.count == 402)
    }
}
