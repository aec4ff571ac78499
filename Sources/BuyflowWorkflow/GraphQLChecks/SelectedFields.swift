import GraphQLKit

/// The fields an operation selects at one level of the response, by response key (the
/// alias when there is one), with fragment spreads and inline fragments followed.
///
/// On an abstract type, a fragment on any type that can overlap it applies (which branch
/// the response takes is only known at run time), so `... on SubmitSuccess { attemptId }`
/// makes `attemptId` a key of `CartSubmitForCompletionResult`.
struct SelectedFields {
    /// A selected field and the type it is selected on (its definition is looked up there).
    struct Entry {
        var field: Field
        var parent: NamedType
    }

    /// The response keys in the order first selected.
    private(set) var keys: [String] = []
    private var entries: [String: [Entry]] = [:]

    init(_ sets: [SelectionSet], on type: NamedType, document: Document, schema: Schema) {
        var visited: Set<String> = []
        for set in sets { collect(set, on: type, document: document, schema: schema, visited: &visited) }
    }

    /// Every selection of `key` at this level.
    subscript(key: String) -> [Entry] { entries[key] ?? [] }

    /// Every selection of `key` in `sets`, as `SelectedFields(sets, …)[key]` gives, without
    /// collecting the other keys (the common case: a path member that is selected).
    static func entries(of key: String, in sets: [SelectionSet], on type: NamedType, document: Document, schema: Schema) -> [Entry] {
        var found: [Entry] = []
        var visited: Set<String> = []
        for set in sets { find(key, in: set, on: type, document: document, schema: schema, visited: &visited, found: &found) }
        return found
    }

    private static func find(
        _ key: String, in set: SelectionSet, on type: NamedType, document: Document, schema: Schema,
        visited: inout Set<String>, found: inout [Entry]
    ) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                if (field.alias?.value ?? field.name.value) == key { found.append(Entry(field: field, parent: type)) }
            case .inlineFragment(let fragment):
                guard let condition = condition(fragment.typeCondition?.value, on: type, schema: schema) else { continue }
                find(key, in: fragment.selectionSet, on: condition, document: document, schema: schema, visited: &visited, found: &found)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted,
                      let fragment = document.fragment(named: spread.name.value),
                      let condition = condition(fragment.typeCondition.value, on: type, schema: schema)
                else { continue }
                find(key, in: fragment.selectionSet, on: condition, document: document, schema: schema, visited: &visited, found: &found)
            }
        }
    }

    /// The keys under which the field `name` is selected with an alias.
    func aliases(of name: String) -> [String] {
        keys.filter { key in key != name && self[key].contains { $0.field.name.value == name } }
    }

    private mutating func collect(
        _ set: SelectionSet, on type: NamedType, document: Document, schema: Schema, visited: inout Set<String>
    ) {
        for selection in set.selections {
            switch selection {
            case .field(let field):
                let key = field.responseKey
                if entries[key] == nil { keys.append(key) }
                entries[key, default: []].append(Entry(field: field, parent: type))
            case .inlineFragment(let fragment):
                let name = fragment.typeCondition?.value
                guard let condition = Self.condition(name, on: type, schema: schema) else { continue }
                collect(fragment.selectionSet, on: condition, document: document, schema: schema, visited: &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted,
                      let fragment = document.fragment(named: spread.name.value),
                      let condition = Self.condition(fragment.typeCondition.value, on: type, schema: schema)
                else { continue }
                collect(fragment.selectionSet, on: condition, document: document, schema: schema, visited: &visited)
            }
        }
    }

    /// The type a fragment's fields are selected on, when the fragment can apply to `type`.
    private static func condition(_ name: String?, on type: NamedType, schema: Schema) -> NamedType? {
        guard let name else { return type }
        guard let condition = schema.type(named: name), condition.isCompositeType,
              schema.doTypesOverlap(condition, type)
        else { return nil }
        return condition
    }
}
