/// The options of `buyflow gen`.
struct GenOptions: ParsableOptions, Equatable {
    /// The schema file: SDL or introspection JSON.
    var schema: String
    /// The folder the Swift files go in (created when missing).
    var output: String
    var namespace: String
    /// `--scalar Name=SwiftType`, in order.
    var scalars: [String: String]
    var schemaVersion: String?
    var mocks: Bool

    static let schema = OptionSpec("schema", value: "file", help: "The schema: SDL (.graphql) or introspection JSON (.json).")
    static let output = OptionSpec("output", short: "o", value: "dir", help: "Write the Swift files into this folder (created if missing).")
    static let namespace = OptionSpec("namespace", value: "name", help: "The enum holding the generated types (default: Storefront).")
    static let scalar = OptionSpec(
        "scalar", value: "Name=SwiftType", repeatable: true,
        help: "Map a custom scalar to a Swift type conforming to GraphQL.Scalar (default: DateTime=Date, Decimal=Decimal, URL=URL, others String).")
    static let schemaVersion = OptionSpec(
        "schema-version", value: "version", help: "The schema's version for the headers (default: read from the SDL's first comment).")
    static let noMocks = OptionSpec("no-mocks", help: "Leave out the typed mock builders (Product.mock { … }).")

    static let optionSpecs = [schema, output, namespace, scalar, schemaVersion, noMocks]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        let schemaPath = try parsed.required(schema)
        let outputPath = try parsed.required(output)
        let namespaceName = try parsed.nonEmpty(namespace) ?? "Storefront"
        guard isIdentifier(namespaceName) else {
            throw parsed.usageError("invalid namespace '\(namespaceName)'", hint: "a Swift type name such as Storefront")
        }
        var scalars: [String: String] = [:]
        for text in parsed.values(scalar) {
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, isIdentifier(parts[0]), !parts[1].isEmpty else {
                throw parsed.usageError("invalid --scalar '\(text)'", hint: "write Name=SwiftType, e.g. --scalar UnsignedInt64=String")
            }
            scalars[parts[0]] = parts[1]
        }
        return Self(
            schema: schemaPath, output: outputPath, namespace: namespaceName, scalars: scalars,
            schemaVersion: try parsed.nonEmpty(schemaVersion), mocks: !parsed.flag(noMocks))
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
