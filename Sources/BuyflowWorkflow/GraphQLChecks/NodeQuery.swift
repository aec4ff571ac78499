import BuyflowCore

/// The query of a `node:` step, built from `as` and `select`:
///
///     query($id: ID!) { node(id: $id) { __typename ... on <Type> {
///     <select>
///     } } }
///
/// `select` stands on lines of its own, so `mapLocation` can send a place inside it to
/// the workflow file through the caller's mapper for the `select` text; the type name goes
/// to the `as` value and everything else to the start of the `select` value. A `select`
/// already wrapped in braces (`{ title }`) is used as the selection set itself.
///
/// Check `as` with `NodeCheck` first; pass `text` and `mapLocation` to `OperationCheck`.
public struct NodeQuery {
    /// The query text.
    public let text: String
    /// Where a line and column of `text` are in the workflow file.
    public let mapLocation: GraphQLSourceMapper

    /// The name of the query's one variable, which the step's node ID fills.
    public static let idVariable = "id"

    /// - Parameters:
    ///   - typeName: The `as` value.
    ///   - select: The `select` value: the fields to read from the node.
    ///   - selectLocation: Where the `select` value starts.
    ///   - typeLocation: Where the `as` value is, when known.
    ///   - mapSelect: Where a line and column of `select` are in the workflow file.
    public init(
        typeName: String, select: String, selectLocation: SourceLocation, typeLocation: SourceLocation? = nil,
        mapSelect: @escaping GraphQLSourceMapper
    ) {
        let trimmed = select.trimmingPrefix { $0.isWhitespace }
        let braced = trimmed.hasPrefix("{") && select.last(where: { !$0.isWhitespace }) == "}"
        let head = "query($\(Self.idVariable): ID!) { node(id: $\(Self.idVariable)) { __typename ... on "
        let typeStart = head.unicodeScalars.count + 1
        let typeColumns = typeStart..<(typeStart + typeName.unicodeScalars.count)
        let selectLines = select.count { $0 == "\n" || $0 == "\r" || $0 == "\r\n" } + 1
        text = head + typeName + (braced ? "\n" : " {\n") + select + (braced ? "\n} }\n" : "\n} } }\n")
        mapLocation = { line, column in
            switch line {
            case 1 where typeColumns.contains(column): typeLocation ?? selectLocation
            case 2...(selectLines + 1): mapSelect(line - 1, column)
            default: selectLocation
            }
        }
    }
}
