import BuyflowCore
import GraphQLKit

/// The GraphQL side of a sample shop: schema, catalog, carts, checkout attempts, the
/// executor with the shop's resolvers, and the document cache.
final class ShopEngine: Sendable {
    let catalog: ShopCatalog
    let schema: Schema
    /// Serving a schema given with `--schema`: unknown fields are mocked.
    let isMock: Bool
    let executor: Executor
    let carts: CartStore
    let completions: CompletionAttempts
    let editor: CartEditor
    let cache: DocumentCache
    /// The `LanguageCode` values, for `Accept-Language`.
    let languageCodes: Set<String>

    init(catalog: ShopCatalog, schema: Schema, isMock: Bool, options: ExecutionOptions, seed: UInt64,
         completionPolls: Int, completionPollDelay: Duration, cacheCapacity: Int) {
        self.catalog = catalog
        self.schema = schema
        self.isMock = isMock
        executor = Executor(schema: schema, resolvers: Self.resolvers(schema: schema, catalog: catalog, mock: isMock), options: options)
        carts = CartStore(seed: seed)
        completions = CompletionAttempts(
            polls: completionPolls, pollDelay: completionPollDelay, seed: seed, baseURL: catalog.primaryURL
        )
        editor = CartEditor(catalog: catalog)
        cache = DocumentCache(capacity: cacheCapacity)
        languageCodes = Set(schema.type(named: "LanguageCode")?.enumValues.map(\.name) ?? [])
    }

    /// The shop's resolvers; with `mock`, a mock for everything else.
    static func resolvers(schema: Schema, catalog: ShopCatalog, mock: Bool) -> Resolvers {
        var table = ResolverTable(mock: mock ? MockResolver(schema: schema, catalog: catalog) : nil)
        table.registerQueries()
        table.registerProducts()
        table.registerCollections()
        table.registerContent()
        table.registerSearch()
        table.registerCarts()
        table.registerMutations()
        table.registerCartExtraMutations()
        table.registerOrders()
        return table.resolvers
    }

    // MARK: - Documents

    /// The prepared document of a query text (cached), or its syntax or validation errors.
    func document(_ query: String) -> DocumentCache.Entry {
        cache.entry(for: query) { prepare(query) }
    }

    private func prepare(_ query: String) -> DocumentCache.Entry {
        let document: Document
        do {
            document = try Parser.parse(query, path: "<request>")
        } catch {
            return .invalid([Self.errorJSON("Syntax Error: " + error.fullMessage, at: error.location, code: "GRAPHQL_PARSE_FAILED")])
        }
        // Limits first: a document too large as written is refused before validation.
        if let error = executor.syntaxLimitError(document) { return .invalid([error.json]) }
        let diagnostics = Validator.validate(document, against: schema, options: ValidationOptions(maxErrors: 50, deprecationWarnings: true))
        let problems = diagnostics.filter { $0.severity == .error }
        guard problems.isEmpty else {
            return .invalid(problems.map { Self.errorJSON($0.fullMessage, at: $0.location, code: "GRAPHQL_VALIDATION_FAILED") })
        }
        let deprecated = diagnostics.first { $0.severity == .warning }.map { Self.headerValue($0.message) }
        return .ready(executor.prepare(document), deprecated: deprecated)
    }

    /// One line of visible ASCII, as a header value must be.
    static func headerValue(_ text: String) -> String {
        var out = ""
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let visible = scalar.isASCII && scalar.value >= 0x20 && scalar.value != 0x7F
            if visible, scalar != " " {
                out.unicodeScalars.append(scalar)
                lastWasSpace = false
            } else if !lastWasSpace, !out.isEmpty {
                out.append(" ")
                lastWasSpace = true
            }
        }
        return out.trimmingSpaces
    }

    static func errorJSON(_ message: String, at location: SourceLocation?, code: String) -> JSONValue {
        var error = JSONObject()
        error["message"] = .string(message)
        if let location { error["locations"] = [["line": .int(location.line), "column": .int(location.column)]] }
        error["extensions"] = ["code": .string(code)]
        return .object(error)
    }

    // MARK: - Context

    /// The country and language of `@inContext` on the operation, its arguments read from
    /// literals or the request's variables.
    static func inContext(_ operation: OperationDefinition, variables: JSONObject?) -> (country: String?, language: String?) {
        guard let directive = operation.directives.first(where: { $0.name.value == "inContext" }) else { return (nil, nil) }
        var country: String?, language: String?
        for argument in directive.arguments {
            let value: String?
            switch argument.value.kind {
            case .enumValue(let name), .string(let name, _): value = name
            case .variable(let name): value = variables?[name]?.stringValue
            default: value = nil
            }
            if argument.name.value == "country" { country = value }
            if argument.name.value == "language" { language = value }
        }
        return (country, language)
    }

    /// The `LanguageCode` an `Accept-Language` header prefers (`fr-CA,fr;q=0.9` → `FR`).
    func language(acceptLanguage header: String?) -> String? {
        guard let header else { return nil }
        var best: (code: String, weight: Double)?
        for (position, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";")
            let tag = pieces.first.map { String($0).trimmingSpaces } ?? ""
            guard !tag.isEmpty, tag != "*" else { continue }
            var weight = 1.0 - Double(position) * 1e-6
            for piece in pieces.dropFirst() {
                let parameter = String(piece).trimmingSpaces
                if parameter.hasPrefix("q="), let q = Double(parameter.dropFirst(2)) { weight = q - Double(position) * 1e-6 }
            }
            guard weight > 0, let code = languageCode(tag) else { continue }
            if best == nil || weight > best!.weight { best = (code, weight) }
        }
        return best?.code
    }

    private func languageCode(_ tag: String) -> String? {
        let full = tag.uppercased().replacing("-", with: "_")
        let primary = String(full.split(separator: "_").first ?? "")
        if languageCodes.isEmpty { return primary.isEmpty ? nil : primary }
        if languageCodes.contains(full) { return full }
        return languageCodes.contains(primary) ? primary : nil
    }
}
