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

    /// Checks one step's operation, reusing what `memo` holds of clean checks of the same
    /// text (or of the same text under another operation name) and adding this one's.
    ///
    /// A named operation is looked up by its text without the name, the name's place and
    /// its length: another text that matches differs only in the name's characters, so
    /// its clean check, with the name changed, is this one's, locations included, and the
    /// text is not even parsed. Other texts are looked up whole.
    public static func check(
        _ text: String, expecting kind: OperationType?, schema: Schema, documents: [Document] = [], memo: inout Memo,
        mapLocation: GraphQLSourceMapper
    ) -> OperationCheck {
        let header = OperationHeader(text)
        var exact: Memo.Key?
        var renamable: Memo.RenameKey?
        var nameless: String?
        if let header {
            // Looked up around the name, in place: a text seen before under another name
            // makes no string but the new name.
            var whole = text
            let found = whole.withUTF8 { bytes in
                memo.renamable[Memo.RenameKey(probing: bytes, kind: kind, documents: documents.count, name: header.name)]
            }
            if let known = found { return memo.cleanChecks[known].renamed(Memo.name(in: text, at: header.name)) }
            let cut = Memo.nameless(text, cutting: header.name)
            renamable = Memo.RenameKey(nameless: cut, kind: kind, documents: documents.count, name: header.name)
            nameless = cut
        } else {
            let key = Memo.Key(text: text, kind: kind, documents: documents.count)
            if let known = memo.checks[key] { return memo.cleanChecks[known] }
            exact = key
        }
        let check = withoutActuallyEscaping(mapLocation) { mapLocation in
            run(text, expecting: kind, schema: schema, documents: documents, nameless: nameless, header: header, memo: &memo,
                mapLocation: mapLocation)
        }
        guard check.diagnostics.isEmpty, let operation = check.operation else { return check }
        if let renamable, let header {
            // Kept only when the parser found the name where the scan did.
            guard header.isName(of: operation) else { return check }
            memo.renamable[renamable] = memo.cleanChecks.count
        } else if let exact {
            memo.checks[exact] = memo.cleanChecks.count
        }
        memo.cleanChecks.append(check)
        return check
    }

    /// This clean check for the same text with another operation name of the same length.
    func renamed(_ name: String) -> OperationCheck {
        guard var operation, let document, let old = operation.name, old.value != name else { return self }
        operation.name = Name(name, location: old.location)
        let definitions = document.definitions.map { definition -> Definition in
            if case .operation = definition { .operation(operation) } else { definition }
        }
        return OperationCheck(
            document: Document(definitions: definitions, path: document.path), operation: operation, diagnostics: [], shape: shape
        )
    }

    private static func run(
        _ text: String, expecting kind: OperationType?, schema: Schema, documents: [Document], nameless: String?,
        header: OperationHeader?, memo: inout Memo, mapLocation: @escaping GraphQLSourceMapper
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
        // The scan's cut when the parser agrees on where the name is.
        let cut: String
        if let nameless, let header, header.isName(of: operation) {
            cut = nameless
        } else {
            cut = Memo.nameless(text, operation: operation)
        }
        let nameless = Memo.Key(text: cut, kind: kind, documents: documents.count, named: operation.name != nil)
        if diagnostics.isEmpty, let shape = memo.validated[nameless] {
            return OperationCheck(document: document, operation: operation, diagnostics: [], shape: shape)
        }
        diagnostics += Validator.validate(document, against: schema).map { relocate($0) }
        if diagnostics.isEmpty {
            let shape = Memo.newShape()
            memo.validated[nameless] = shape
            return OperationCheck(document: document, operation: operation, diagnostics: [], shape: shape)
        }
        return OperationCheck(document: document, operation: operation, diagnostics: diagnostics)
    }

    /// For a clean check made with a `Memo`: a number shared by the operations whose
    /// documents differ at most in the operation's name (so a path into the response
    /// that is clean for one is clean for all). Unique in the process, so the memos of
    /// a load's threads never give one number to two shapes.
    let shape: Int?

    private init(document: Document?, operation: OperationDefinition?, diagnostics: [Diagnostic], shape: Int? = nil) {
        self.document = document
        self.operation = operation
        self.diagnostics = diagnostics
        self.shape = shape
    }
}
