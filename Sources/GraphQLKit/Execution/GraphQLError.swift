import BuyflowCore

/// An error of a GraphQL response (spec 7.1.2 "Errors"): a message, where in the
/// document it arose (`locations`), which response field it concerns (`path`) and
/// `extensions` such as `code`.
///
/// Resolvers may throw one to choose the message and extensions; the executor fills in
/// `path` and, when empty, `locations`.
public struct GraphQLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A 1-based line and column in the request document.
    public struct Location: Sendable, Hashable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var message: String
    public var locations: [Location]
    /// The response path of the field the error concerns; empty for request errors.
    public var path: [PathComponent]
    public var extensions: JSONObject

    public init(
        _ message: String, locations: [Location] = [], path: [PathComponent] = [], extensions: JSONObject = JSONObject()
    ) {
        self.message = message
        self.locations = locations
        self.path = path
        self.extensions = extensions
    }

    /// `message`, `locations`, `path`, `extensions` in that order; empty members left out.
    public var json: JSONValue {
        var object = JSONObject(minimumCapacity: 4)
        object["message"] = .string(message)
        if !locations.isEmpty {
            object["locations"] = .array(locations.map { ["line": .int($0.line), "column": .int($0.column)] })
        }
        if !path.isEmpty { object["path"] = .array(path.map(\.json)) }
        if !extensions.isEmpty { object["extensions"] = .object(extensions) }
        return .object(object)
    }

    /// `message (line:column) at path`, for logs and test failures.
    public var description: String {
        var text = message
        if !locations.isEmpty { text += " (" + locations.map { "\($0.line):\($0.column)" }.joined(separator: ", ") + ")" }
        if !path.isEmpty { text += " at " + PathComponent.render(path) }
        return text
    }
}

extension GraphQLError.Location {
    /// The line and column of an AST node; `nil` for synthesized nodes.
    init?(_ location: GraphQLKit.Location) {
        guard !location.isSynthesized else { return nil }
        self.init(line: Int(location.line), column: Int(location.column))
    }
}
