import BuyflowCore
import GraphQLKit

extension SelectionPath {
    /// One step of a path as the walk sees it: its place is an opaque number the walk's
    /// `locate` turns into a location only when a diagnostic needs one (a clean path
    /// computes no location at all).
    enum Step {
        case field(name: String, place: Int)
        case index(place: Int)
        case dynamic
    }

    /// One resolution: the type and selection sets at the current component, and the
    /// diagnostic that stops it.
    struct Walk {
        let document: Document
        let schema: Schema
        let opaqueScalars: Set<String>
        /// The location of a step's place, asked for only when reporting.
        let locate: (Int) -> SourceLocation
        private(set) var diagnostics: [Diagnostic] = []

        init(document: Document, schema: Schema, opaqueScalars: Set<String>, locate: @escaping (Int) -> SourceLocation) {
            self.document = document
            self.schema = schema
            self.opaqueScalars = opaqueScalars
            self.locate = locate
        }

        /// The type at the end of `components`, or `nil` when unknown or wrong.
        mutating func resolve(_ components: [Step], root: NamedType, selectionSet: SelectionSet) -> TypeRef? {
            var type = TypeRef.nonNull(.named(root.id))
            /// The selection sets of the fields the path has reached.
            var sets = [selectionSet]
            /// The path's last member (with the indexes after it), for messages.
            var label = "data"
            for component in components {
                let named = schema[type]
                let opaque = named.kind == .scalar && opaqueScalars.contains(named.name)
                switch component {
                case .dynamic:
                    guard case .list(let item) = type.nullableType else { return nil }
                    type = item
                    label += "[…]"
                case .index(let place):
                    guard case .list(let item) = type.nullableType else {
                        if opaque { return nil }
                        fail("'\(label)' is not a list (\(schema.describe(type))); remove the index", at: locate(place))
                        return nil
                    }
                    type = item
                    label += "[0]"
                case .field(let name, let place):
                    if type.isList {
                        fail("'\(label)' is a list; add an index such as \(label)[0].\(name)", at: locate(place))
                        return nil
                    }
                    if opaque { return nil }
                    guard named.isCompositeType else {
                        fail("'\(label)' is of type \(schema.describe(type)) and has no member '\(name)'", at: locate(place))
                        return nil
                    }
                    let entries = SelectedFields.entries(of: name, in: sets, on: named, document: document, schema: schema)
                    guard let first = entries.first else {
                        guard name == "__typename" else {
                            let fields = SelectedFields(sets, on: named, document: document, schema: schema)
                            notSelected(name, on: named, fields: fields, at: locate(place))
                            return nil
                        }
                        type = schema.typeNameMetaField.type
                        sets = []
                        label = name
                        continue
                    }
                    // An unknown field is the validator's error; the path cannot go on.
                    guard let definition = schema.field(named: first.field.name.value, on: first.parent) else {
                        return nil
                    }
                    type = definition.type
                    sets = entries.compactMap(\.field.selectionSet)
                    label = name
                }
            }
            return type
        }

        /// `name` is no response key of this level: say what it is instead.
        private mutating func notSelected(
            _ name: String, on type: NamedType, fields: SelectedFields, at location: SourceLocation
        ) {
            if let alias = fields.aliases(of: name).first {
                fail(
                    "'\(name)' is selected on '\(type.name)' under the alias '\(alias)'", at: location,
                    suggestion: alias
                )
                return
            }
            if schema.field(named: name, on: type) != nil {
                fail(
                    "'\(name)' is a field of \(type.name) but the operation does not select it; "
                        + "add it to the selection set",
                    at: location
                )
                return
            }
            if type.isAbstractType,
               let owner = schema.possibleTypes(of: type).first(where: { $0.field(named: name) != nil }) {
                fail(
                    "'\(name)' is a field of \(owner.name) but the operation does not select it; "
                        + "add it to the selection set",
                    at: location, hint: "select it for that type: '... on \(owner.name) { \(name) }'"
                )
                return
            }
            let message = "'\(name)' is not selected on '\(type.name)'"
            if let suggestion = Suggestions.closest(to: name, among: fields.keys) {
                fail(message, at: location, suggestion: suggestion)
            } else if let field = Suggestions.closest(to: name, among: schemaFieldNames(of: type)) {
                fail(message, at: location, hint: "'\(field)' is a field of \(type.name); add it to the selection set")
            } else {
                let selected = fields.keys.isEmpty ? "nothing" : fields.keys.map { "'\($0)'" }.joined(separator: ", ")
                fail(message, at: location, hint: "the operation selects \(selected) there")
            }
        }

        /// The fields of a type, and of its possible types when it is abstract.
        private func schemaFieldNames(of type: NamedType) -> [String] {
            var names = type.fields.map(\.name)
            for possible in schema.possibleTypes(of: type) { names += possible.fields.map(\.name) }
            return names
        }

        private mutating func fail(
            _ message: String, at location: SourceLocation, suggestion: String? = nil, hint: String? = nil
        ) {
            diagnostics.append(
                .error(message, at: location, code: SelectionPath.code, suggestion: suggestion, hint: hint)
            )
        }
    }
}
