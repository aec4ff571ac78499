import BuyflowCore
import GraphQLKit

/// Checks that response data has the shape of an operation's selection: every key is a
/// selected response key, every field selected unconditionally on the runtime type is
/// there, non-null fields are not null, lists are lists, leaves have their scalar's JSON
/// type (enum values among the enum's), objects recurse with the merged sub-selections.
/// Abstract positions use `__typename` when selected to know which fragments apply.
struct ShapeChecker {
    let schema: Schema
    let document: Document
    private(set) var problems: [String] = []
    private(set) var checkedValues = 0

    init(schema: Schema, document: Document) {
        self.schema = schema
        self.document = document
    }

    private struct Entry {
        var field: Field
        var owner: NamedType
        var required: Bool
    }

    mutating func check(_ operation: OperationDefinition, data: JSONValue) {
        guard let root = schema.rootType(for: operation.operation) else {
            problems.append("no root type for \(operation.operation)")
            return
        }
        checkObject(data, [operation.selectionSet.selections], type: root, path: "data")
    }

    private func isConditional(_ directives: [Directive]) -> Bool {
        directives.contains { ["skip", "include", "defer"].contains($0.name.value) }
    }

    /// Whether fragments on `condition` apply: true, false, or nil when unknown.
    private func applies(_ condition: NamedType, runtime: NamedType?, declared: NamedType) -> Bool? {
        if let runtime { return condition === runtime || condition.hasSubType(runtime.id) }
        if condition === declared { return true }
        if declared.kind == .object { return condition.hasSubType(declared.id) }
        return nil
    }

    private func collect(
        _ selections: [Selection], parent: NamedType, runtime: NamedType?, required: Bool, into entries: inout [(String, Entry)]
    ) {
        for selection in selections {
            switch selection {
            case .field(let field):
                entries.append((field.responseKey, Entry(field: field, owner: parent, required: required && !isConditional(field.directives))))
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.flatMap { schema.type(named: $0.value) } ?? parent
                let applicable = applies(condition, runtime: runtime, declared: parent)
                guard applicable != false else { continue }
                collect(fragment.selectionSet.selections, parent: condition, runtime: runtime,
                        required: required && applicable == true && !isConditional(fragment.directives), into: &entries)
            case .fragmentSpread(let spread):
                guard let fragment = document.fragment(named: spread.name.value),
                      let condition = schema.type(named: fragment.typeCondition.value) else { continue }
                let applicable = applies(condition, runtime: runtime, declared: parent)
                guard applicable != false else { continue }
                collect(fragment.selectionSet.selections, parent: condition, runtime: runtime,
                        required: required && applicable == true && !isConditional(spread.directives), into: &entries)
            }
        }
    }

    private mutating func checkObject(_ value: JSONValue, _ selectionSets: [[Selection]], type: NamedType, path: String) {
        checkedValues += 1
        guard case .object(let object) = value else {
            problems.append("\(path): expected an object of \(type.name), found \(value.typeName)")
            return
        }
        var runtime: NamedType? = type.kind == .object ? type : nil
        if type.isAbstractType, let name = object["__typename"]?.stringValue {
            guard let named = schema.type(named: name), schema.isPossibleType(named, of: type) else {
                problems.append("\(path).__typename: \(name) is not a possible type of \(type.name)")
                return
            }
            runtime = named
        }
        var entries: [(String, Entry)] = []
        for selections in selectionSets { collect(selections, parent: type, runtime: runtime, required: true, into: &entries) }
        var grouped: [String: [Entry]] = [:]
        for (key, entry) in entries { grouped[key, default: []].append(entry) }
        for key in object.keys where grouped[key] == nil {
            problems.append("\(path).\(key): not selected (on \(runtime?.name ?? type.name))")
        }
        for (key, group) in grouped {
            guard let member = object[key] else {
                if group.contains(where: \.required) { problems.append("\(path).\(key): selected but missing") }
                continue
            }
            let first = group[0]
            guard let definition = schema.field(named: first.field.name.value, on: runtime ?? first.owner)
                ?? schema.field(named: first.field.name.value, on: first.owner) else {
                problems.append("\(path).\(key): no field \(first.field.name.value) on \(first.owner.name)")
                continue
            }
            checkValue(member, definition.type, group.compactMap { $0.field.selectionSet?.selections }, path: "\(path).\(key)")
        }
    }

    private mutating func checkValue(_ value: JSONValue, _ type: TypeRef, _ selectionSets: [[Selection]], path: String) {
        switch type {
        case .nonNull(let inner):
            if value == .null {
                problems.append("\(path): null for non-null \(schema.describe(type))")
                return
            }
            checkValue(value, inner, selectionSets, path: path)
        case .list(let inner):
            if value == .null { return }
            guard case .array(let items) = value else {
                problems.append("\(path): expected a list (\(schema.describe(type))), found \(value.typeName)")
                return
            }
            for (index, item) in items.enumerated() { checkValue(item, inner, selectionSets, path: "\(path)[\(index)]") }
        case .named(let id):
            if value == .null { return }
            let named = schema[id]
            if named.isCompositeType {
                checkObject(value, selectionSets, type: named, path: path)
                return
            }
            checkedValues += 1
            let ok: Bool
            switch named.kind == .enum ? "enum" : named.name {
            case "String", "ID": ok = value.stringValue != nil
            case "Int": ok = { if case .int = value { true } else { false } }()
            case "Float": ok = value.doubleValue != nil
            case "Boolean": ok = value.boolValue != nil
            case "enum": ok = value.stringValue.map { named.enumValue(named: $0) != nil } ?? false
            default: ok = true
            }
            if !ok { problems.append("\(path): \(value) is not a \(named.name)") }
        }
    }
}
