import BuyflowCore
import BuyflowTestSupport
import Foundation
import GraphQLKit
import Testing

/// The schemas the validation tests run against.
enum ValidationSchemas {
    /// The specification's section 5 schema (dogs, cats, …), `Fixtures/validation/spec-schema.graphql`.
    static let spec: Schema = {
        let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!
            .appendingPathComponent("validation/spec-schema.graphql")
        let text = try! String(contentsOf: url, encoding: .utf8)
        return try! Schema(sdl: text, path: "spec-schema.graphql")
    }()

    /// `Fixtures/validation/storefront/`: documents valid against the Storefront API.
    static var storefrontDocumentsDirectory: URL {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.appendingPathComponent("validation/storefront")
    }

    /// The Storefront API introspection, read from `../shared/storefront/` next to the
    /// package (reference data, never copied into the repository).
    static let storefrontPath = RepositoryPaths.publishedSchema.path

    static var hasStorefront: Bool { FileManager.default.isReadableFile(atPath: storefrontPath) }

    static let storefrontMissing: Comment =
        "the Storefront schema is not at ../shared/storefront/storefront.schema.json (next to the package); skipped"

    static let storefront: Schema? = hasStorefront ? try! Schema.load(path: storefrontPath) : nil
}

/// An expected diagnostic: its rule, message, primary location and notes' locations.
struct Expected: Sendable, CustomTestStringConvertible {
    var code: String
    var message: String
    var line: Int
    var column: Int
    var notes: [Position]
    var suggestion: String?

    struct Position: Sendable, Equatable, CustomStringConvertible {
        var line: Int
        var column: Int
        var description: String { "\(line):\(column)" }
    }

    init(
        _ rule: ValidationRule, _ message: String, at line: Int, _ column: Int, notes: [(Int, Int)] = [],
        suggestion: String? = nil
    ) {
        self.init(code: rule.code, message, at: line, column, notes: notes, suggestion: suggestion)
    }

    init(code: String, _ message: String, at line: Int, _ column: Int, notes: [(Int, Int)] = [], suggestion: String? = nil) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
        self.notes = notes.map { Position(line: $0.0, column: $0.1) }
        self.suggestion = suggestion
    }

    /// A deprecation warning.
    static func deprecated(_ message: String, at line: Int, _ column: Int) -> Expected {
        Expected(code: Validator.deprecatedCode, message, at: line, column)
    }

    var testDescription: String { "\(code) \(line):\(column) \(message)" }
}

/// Validates `source` (path `test.graphql`).
func validate(
    _ source: String, schema: Schema = ValidationSchemas.spec, rules: Set<ValidationRule> = ValidationRule.all,
    deprecations: Bool = false, order: ValidationOptions.Order = .location, maxErrors: Int = 100
) throws -> [Diagnostic] {
    let document = try Parser.parse(source, path: "test.graphql")
    let options = ValidationOptions(maxErrors: maxErrors, deprecationWarnings: deprecations, rules: rules, order: order)
    return Validator.validate(document, against: schema, options: options)
}

/// Checks that validating `source` with only `rule` finds exactly `expected`.
func expectErrors(
    _ source: String, rule: ValidationRule, _ expected: [Expected], schema: Schema = ValidationSchemas.spec,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let diagnostics = try validate(source, schema: schema, rules: [rule])
    expectDiagnostics(diagnostics, expected, sourceLocation: sourceLocation)
}

/// Checks that `source` is valid for `rule` (and, with `allRules`, for every rule).
func expectValid(
    _ source: String, rule: ValidationRule, allRules: Bool = false, schema: Schema = ValidationSchemas.spec,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let diagnostics = try validate(source, schema: schema, rules: allRules ? ValidationRule.all : [rule])
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
}

/// Compares diagnostics with expectations, one by one, in order.
func expectDiagnostics(
    _ diagnostics: [Diagnostic], _ expected: [Expected], sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    #expect(
        diagnostics.count == expected.count,
        "got:\n\(diagnostics.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation
    )
    for (diagnostic, expected) in zip(diagnostics, expected) {
        #expect(diagnostic.code == expected.code, sourceLocation: sourceLocation)
        #expect(diagnostic.message == expected.message, sourceLocation: sourceLocation)
        #expect(
            diagnostic.location == SourceLocation(file: "test.graphql", line: expected.line, column: expected.column),
            "\(diagnostic.message)", sourceLocation: sourceLocation
        )
        let notes = diagnostic.notes.map { Expected.Position(line: $0.location?.line ?? 0, column: $0.location?.column ?? 0) }
        #expect(notes == expected.notes, "notes of: \(diagnostic.message)", sourceLocation: sourceLocation)
        #expect(diagnostic.suggestion == expected.suggestion, "\(diagnostic.message)", sourceLocation: sourceLocation)
        #expect(diagnostic.severity == (expected.code == Validator.deprecatedCode ? .warning : .error), sourceLocation: sourceLocation)
    }
}
