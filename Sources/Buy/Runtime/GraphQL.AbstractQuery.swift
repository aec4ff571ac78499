extension GraphQL {
    /// The base of generated query builders (`Storefront.ShopQuery`, …): a selection set
    /// being built, field by field. Builders are mutable and not `Sendable`; the client
    /// takes a `Sendable` snapshot (`GraphQL.Operation`) of a finished root query.
    ///
    /// Selections with the same response key are merged: their sub-selections combine.
    open class AbstractQuery: CustomStringConvertible {
        /// Joins a field name and the SDK's `aliasSuffix` into an alias: `node__product`.
        public static let aliasSuffixSeparator = "__"

        public private(set) var selections: [Selection] = []
        private var positions: [String: Int] = [:]
        /// Directives of the operation, for a root query (`@inContext(…)`).
        public var directives: [Directive] = []
        /// The operation's name, for a root query: `query ProductByID {…}`. Test doubles
        /// (`Graph.InMemoryTransport`) answer by it.
        public var operationName: String?

        public init() {}

        /// `{shop{name},product(handle:"x"){title}}`
        open var description: String {
            var out = ""
            write(into: &out)
            return out
        }

        func write(into out: inout String) {
            out += "{"
            for (position, selection) in selections.enumerated() {
                if position > 0 { out += "," }
                selection.write(into: &out)
            }
            out += "}"
        }

        /// Adds a field; `args` is the argument list as text, `(first:10)`.
        public func addField(field: String, aliasSuffix: String? = nil, args: String? = nil, subfields: AbstractQuery? = nil) {
            let alias = aliasSuffix.map { "\(field)\(Self.aliasSuffixSeparator)\($0)" }
            addSelection(Selection(kind: .field(name: field), alias: alias, arguments: args, subfields: subfields))
        }

        /// Adds a field with structured arguments (rendered as GraphQL literals).
        public func addField(field: String, aliasSuffix: String? = nil, arguments: [Argument], subfields: AbstractQuery? = nil) {
            addField(field: field, aliasSuffix: aliasSuffix, args: Argument.render(arguments), subfields: subfields)
        }

        /// Adds `... on Type { … }`.
        public func addInlineFragment(on object: String, subfields: AbstractQuery) {
            addSelection(Selection(kind: .inlineFragment(on: object), subfields: subfields))
        }

        /// Adds a selection, merging it into an earlier one with the same key. Two
        /// different fields under one key are both kept: the server reports the conflict.
        public func addSelection(_ selection: Selection) {
            if let position = positions[selection.key] {
                let previous = selections[position]
                if previous.kind == selection.kind, previous.arguments == selection.arguments {
                    if let subfields = selection.subfields, let target = previous.subfields {
                        for subSelection in subfields.selections { target.addSelection(subSelection) }
                    }
                    return
                }
                selections.append(selection)
                return
            }
            positions[selection.key] = selections.count
            selections.append(selection)
        }
    }

    /// A root query builder (`Storefront.QueryRootQuery`, `Storefront.MutationQuery`):
    /// it knows its operation and the response model it decodes into.
    public protocol RootQuery: AbstractQuery {
        associatedtype Response: AbstractResponse
        static var operationType: OperationType { get }
    }
}
