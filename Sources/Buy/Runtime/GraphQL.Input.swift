extension GraphQL {
    /// A field of an input object or an optional argument, telling apart the three things
    /// GraphQL does: a value, an explicit `null` (clear it) and an absent field (leave it).
    ///
    ///     CartInput(note: .value("gift"))   // note: "gift"
    ///     CartInput(note: .null)            // note: null
    ///     CartInput()                        // no note field at all
    public indirect enum Input<T> {
        case value(T)
        case null
        case undefined

        /// `.value` for a value, `.null` for `nil`.
        public init(orNull value: T?) {
            self = value.map(Input.value) ?? .null
        }

        /// `.value` for a value, `.undefined` for `nil`.
        public init(orUndefined value: T?) {
            self = value.map(Input.value) ?? .undefined
        }

        /// The value, or `nil` for `.null` and `.undefined`.
        public var value: T? {
            if case .value(let value) = self { value } else { nil }
        }

        public var isDefined: Bool {
            if case .undefined = self { false } else { true }
        }
    }
}

extension GraphQL.Input: Sendable where T: Sendable {}
extension GraphQL.Input: Equatable where T: Equatable {}
extension GraphQL.Input: Hashable where T: Hashable {}

extension GraphQL.Input: ExpressibleByNilLiteral {
    /// `nil` is an explicit `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension GraphQL.Input where T: GraphQL.InputValue {
    /// The literal to write, or `nil` when the field is absent.
    public var graphQLValueIfDefined: GraphQL.Value? {
        switch self {
        case .value(let value): value.graphQLValue
        case .null: .null
        case .undefined: nil
        }
    }
}

extension GraphQL.Value {
    /// An input object from its fields, leaving out the absent ones:
    /// `.inputObject([("note", note.graphQLValueIfDefined), …])`.
    public static func inputObject(_ fields: [(String, GraphQL.Value?)]) -> GraphQL.Value {
        .object(fields.compactMap { name, value in value.map { ObjectField(name, $0) } })
    }
}
