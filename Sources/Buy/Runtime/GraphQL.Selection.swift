extension GraphQL {
    /// One entry of a selection set: a field (with its alias, arguments and sub-selection)
    /// or an inline fragment `... on Type { … }`.
    public struct Selection {
        public enum Kind: Sendable, Hashable {
            case field(name: String)
            case inlineFragment(on: String)
        }

        public let kind: Kind
        /// The alias, `field__suffix` for the SDK's `aliasSuffix`.
        public let alias: String?
        /// `(first:10)` or `nil`.
        public let arguments: String?
        public let subfields: AbstractQuery?

        public init(kind: Kind, alias: String? = nil, arguments: String? = nil, subfields: AbstractQuery? = nil) {
            self.kind = kind
            self.alias = alias
            self.arguments = arguments
            self.subfields = subfields
        }

        /// The key of this selection in the response, or in the selection set for merging.
        public var key: String {
            switch kind {
            case .field(let name): alias ?? name
            case .inlineFragment(let type): "... on \(type)"
            }
        }

        func write(into out: inout String) {
            switch kind {
            case .field(let name):
                if let alias { out += alias + ":" }
                out += name
                if let arguments { out += arguments }
            case .inlineFragment(let type):
                out += "... on " + type
            }
            subfields?.write(into: &out)
        }
    }
}
