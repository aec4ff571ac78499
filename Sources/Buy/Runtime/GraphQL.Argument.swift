extension GraphQL {
    /// `name: value` of a field or a directive.
    public struct Argument: Sendable, Hashable {
        public var name: String
        public var value: Value

        public init(_ name: String, _ value: Value) {
            self.name = name
            self.value = value
        }

        /// The argument, or `nil` when `input` is `.undefined` (an absent argument).
        public static func optional<T: InputValue>(_ name: String, _ input: Input<T>) -> Argument? {
            input.graphQLValueIfDefined.map { Argument(name, $0) }
        }

        /// The argument, or `nil` when `value` is `nil` (the SDK's optional arguments).
        public static func optional<T: InputValue>(_ name: String, _ value: T?) -> Argument? {
            value.map { Argument(name, $0.graphQLValue) }
        }

        /// `(first:10,after:"abc")`, or `nil` when there are no arguments.
        public static func render(_ arguments: [Argument]) -> String? {
            guard !arguments.isEmpty else { return nil }
            var out = "("
            for (position, argument) in arguments.enumerated() {
                if position > 0 { out += "," }
                out += argument.name + ":"
                argument.value.write(into: &out)
            }
            out += ")"
            return out
        }
    }

    /// `@name(arguments)` on an operation.
    public struct Directive: Sendable, Hashable {
        public var name: String
        public var arguments: [Argument]

        public init(_ name: String, _ arguments: [Argument] = []) {
            self.name = name
            self.arguments = arguments
        }

        /// `@inContext(country: CA, language: FR)`: the Storefront API's buyer context.
        /// Country and language are enum values (`CA`, `FR`, `PT_BR`).
        public static func inContext(country: String? = nil, language: String? = nil) -> Directive {
            var arguments: [Argument] = []
            if let country { arguments.append(Argument("country", .enumValue(country))) }
            if let language { arguments.append(Argument("language", .enumValue(language))) }
            return Directive("inContext", arguments)
        }

        /// `@inContext(country:CA,language:FR)`
        public var text: String { "@" + name + (Argument.render(arguments) ?? "") }
    }
}
