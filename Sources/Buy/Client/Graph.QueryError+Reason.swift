import BuyflowCore

extension Graph.QueryError {
    /// One entry of a GraphQL response's `errors`: its message, where in the query it
    /// points (`locations: [{line, column}]` — the SDK read `line`/`column` from the
    /// wrong place and always had `nil`), the response path and `extensions`.
    public struct Reason: Sendable, Hashable, CustomStringConvertible {
        /// One `{line, column}` of `locations`.
        public struct Location: Sendable, Hashable {
            public let line: Int
            public let column: Int

            public init(line: Int, column: Int) {
                self.line = line
                self.column = column
            }
        }

        /// One element of `path`: a field's response key or a list index.
        public enum PathElement: Sendable, Hashable, CustomStringConvertible {
            case key(String)
            case index(Int)

            public var description: String {
                switch self {
                case .key(let key): key
                case .index(let index): String(index)
                }
            }
        }

        public let message: String
        /// The first location's line, as the SDK exposes it.
        public var line: Int? { locations.first?.line }
        /// The first location's column.
        public var column: Int? { locations.first?.column }
        public let locations: [Location]
        /// The response path of the field that failed (`["cart", "lines", 0, "cost"]`).
        public let path: [PathElement]
        /// `extensions` (e.g. `code`), empty when absent.
        public let extensions: JSONObject

        public init(message: String, locations: [Location] = [], path: [PathElement] = [], extensions: JSONObject = JSONObject()) {
            self.message = message
            self.locations = locations
            self.path = path
            self.extensions = extensions
        }

        /// Reads one entry of `errors`; anything malformed is left out, never fatal.
        public init(json: JSONValue) {
            message = json["message"]?.stringValue ?? "Unknown error"
            locations = (json["locations"]?.arrayValue ?? []).compactMap { location in
                guard let line = location["line"]?.intValue, let column = location["column"]?.intValue else { return nil }
                return Location(line: line, column: column)
            }
            path = (json["path"]?.arrayValue ?? []).compactMap { element in
                if let key = element.stringValue { return .key(key) }
                if let index = element.intValue { return .index(index) }
                return nil
            }
            extensions = json["extensions"]?.objectValue ?? JSONObject()
        }

        /// `extensions.code`, e.g. `THROTTLED`.
        public var code: String? { extensions["code"]?.stringValue }

        /// `a.b.0.c`
        public var pathString: String { path.map(\.description).joined(separator: ".") }

        /// `2:5: Field 'x' doesn't exist on type 'Shop' (at shop.x) [undefinedField]`
        public var description: String {
            var text = ""
            if let line, let column { text += "\(line):\(column): " }
            text += message
            if !path.isEmpty { text += " (at \(pathString))" }
            if let code { text += " [\(code)]" }
            return text
        }
    }
}
