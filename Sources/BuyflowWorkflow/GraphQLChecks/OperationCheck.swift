import BuyflowCore
import GraphQLKit

/// The static check of a step's GraphQL operation: it parses the text, requires exactly
/// one operation of the kind the step's key names, validates it against the schema with
/// every GraphQLKit rule (deprecations stay warnings), and points each diagnostic at the
/// workflow file through the caller's mapper.
///
///     let check = OperationCheck(text, expecting: .mutation, schema: schema) { line, column in … }
///     diagnostics += check.diagnostics
///     if let operation = check.operation, let document = check.document { … paths, variables … }
///
/// Syntax and validation diagnostics keep GraphQLKit's codes (`graphql.syntax`,
/// `graphql.FieldsOnCorrectType` …); the check's own use `workflow.graphql`.
public struct OperationCheck: Sendable {
    /// The code of the check's own diagnostics (operation count and kind).
    public static let code = "workflow.graphql"

    /// The document validated: the operation text plus the `documents:` fragments it
    /// uses (their locations are internal; use `diagnostics` for places). `nil` when the
    /// text does not parse.
    public let document: Document?
    /// The one operation; `nil` when the text does not parse or holds no or several.
    public let operation: OperationDefinition?
    /// Every problem found, located in the workflow file (or in a documents file for its
    /// fragments).
    public let diagnostics: [Diagnostic]

    /// Whether any diagnostic is an error (warnings do not stop a run).
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The path given to the parser; locations on it are inside the operation text.
    static let textPath = "<buyflow-operation>"

    /// Checks one step's operation.
    ///
    /// - Parameters:
    ///   - text: The GraphQL text of the step (`query:` or `mutation:` value).
    ///   - kind: The kind the step's key names; `nil` for either a query or a mutation.
    ///   - schema: The schema operations run against.
    ///   - documents: The parsed `documents:` files; the fragments the text spreads but does
    ///     not define are taken from them.
    ///   - mapLocation: Where a line and column of `text` are in the workflow file.
    public init(
        _ text: String, expecting kind: OperationType?, schema: Schema, documents: [Document] = [],
        mapLocation: GraphQLSourceMapper
    ) {
        var memo = Memo()
        self = Self.check(text, expecting: kind, schema: schema, documents: documents, memo: &memo, mapLocation: mapLocation)
    }

    /// Checks one step's operation, reusing what `memo` holds of a clean check of the same
    /// text (a `use`d steps file or a copied step repeats its operations) and adding this one's.
    public static func check(
        _ text: String, expecting kind: OperationType?, schema: Schema, documents: [Document] = [], memo: inout Memo,
        mapLocation: GraphQLSourceMapper
    ) -> OperationCheck {
        let key = Memo.Key(text: text, kind: kind, documents: documents.count)
        if let known = memo.checks[key] { return known }
        let check = withoutActuallyEscaping(mapLocation) { mapLocation in
            run(text, expecting: kind, schema: schema, documents: documents, mapLocation: mapLocation)
        }
        guard check.diagnostics.isEmpty, check.operation != nil else { return check }
        let clean = OperationCheck(document: check.document, operation: check.operation, diagnostics: [], shape: memo.checks.count)
        memo.checks[key] = clean
        return clean
    }

    private static func run(
        _ text: String, expecting kind: OperationType?, schema: Schema, documents: [Document],
        mapLocation: @escaping GraphQLSourceMapper
    ) -> OperationCheck {
        let library = FragmentLibrary(documents, textBytes: text.utf8.count)
        let relocate = Relocation(library: library, mapLocation: mapLocation)
        let parsed: Document
        do {
            parsed = try Parser.parse(text, path: textPath)
        } catch {
            return OperationCheck(document: nil, operation: nil, diagnostics: [relocate(error)])
        }
        let operations = parsed.operations
        guard operations.count == 1, let operation = operations.first else {
            let problem = countProblem(operations, kind: kind, hasFragments: !parsed.fragments.isEmpty)
            return OperationCheck(document: parsed, operation: nil, diagnostics: [relocate(problem)])
        }
        var diagnostics: [Diagnostic] = []
        if let problem = kindProblem(operation, expected: kind) {
            diagnostics.append(relocate(problem))
            // The schema has no subscription root: validation would only say so again.
            if operation.operation == .subscription, schema.subscriptionType == nil {
                return OperationCheck(document: parsed, operation: operation, diagnostics: diagnostics)
            }
        }
        let document = Document(
            definitions: parsed.definitions + library.fragments(neededBy: parsed.definitions).map(Definition.fragment),
            path: textPath
        )
        diagnostics += Validator.validate(document, against: schema).map { relocate($0) }
        return OperationCheck(document: document, operation: operation, diagnostics: diagnostics)
    }

    /// For a clean check made with a `Memo`: a number shared by the steps with the same
    /// operation text (so a path into the response that is clean for one is clean for all).
    let shape: Int?

    private init(document: Document?, operation: OperationDefinition?, diagnostics: [Diagnostic], shape: Int? = nil) {
        self.document = document
        self.operation = operation
        self.diagnostics = diagnostics
        self.shape = shape
    }
}
