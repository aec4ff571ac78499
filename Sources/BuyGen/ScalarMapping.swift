/// How GraphQL scalars become Swift types. The built-in scalars are fixed (`Int` is
/// `Int32`, as in the Mobile Buy SDK); custom ones default to `String` unless listed in
/// `defaults` or given with `--scalar Name=SwiftType`.
public enum ScalarMapping {
    /// The spec's scalars.
    public static let builtIn: [String: String] = [
        "String": "String", "Int": "Int32", "Float": "Double", "Boolean": "Bool", "ID": "GraphQL.ID",
    ]

    /// Custom scalars with a richer type than `String` (the runtime parses them).
    public static let defaults: [String: String] = [
        "DateTime": "Date", "Decimal": "Decimal", "URL": "URL",
    ]

    /// The Swift type of a scalar named `name`.
    public static func swiftType(for name: String, overrides: [String: String]) -> String {
        builtIn[name] ?? overrides[name] ?? defaults[name] ?? "String"
    }
}
