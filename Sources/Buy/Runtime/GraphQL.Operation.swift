import BuyflowCore

extension GraphQL {
    /// A finished root query, frozen: the operation type, directives and selection set
    /// as text, and the response type to decode into. `Sendable`, so the client can carry
    /// it across tasks while the builder it came from stays where it was built.
    public struct Operation<Response: AbstractResponse>: Sendable, CustomStringConvertible {
        public let type: OperationType
        /// The operation's name, `nil` for an anonymous one.
        public let name: String?
        public let directives: [Directive]
        /// `{shop{name}}`
        public let selectionSet: String

        public init<Query: RootQuery>(_ query: Query) where Query.Response == Response {
            type = Query.operationType
            name = query.operationName
            directives = query.directives
            selectionSet = query.description
        }

        public init(type: OperationType, name: String? = nil, directives: [Directive] = [], selectionSet: String) {
            self.type = type
            self.name = name
            self.directives = directives
            self.selectionSet = selectionSet
        }

        /// The document: `query Name @inContext(country:CA) {shop{name}}`. `context` is added
        /// when the operation has no `@inContext` of its own.
        public func text(context: Directive? = nil) -> String {
            var all = directives
            if let context, !all.contains(where: { $0.name == context.name }) { all.append(context) }
            var out = type.rawValue
            if let name { out += " " + name }
            for directive in all { out += " " + directive.text }
            out += " " + selectionSet
            return out
        }

        public var description: String { text() }

        /// Decodes the `data` object of a response.
        public func decode(_ data: JSONObject) throws(SchemaViolationError) -> Response {
            try Response(fields: data)
        }
    }
}
