import GraphQLKit

/// Writes a selection set that selects every field of a type, recursively to a depth,
/// with inline fragments on every possible type of interfaces and unions. Fields whose
/// required arguments it cannot fill are left out (and listed in `skipped`).
struct SelectionGenerator {
    let schema: Schema
    let maxDepth: Int
    /// Argument values by argument name, for required (and a few optional) arguments.
    var arguments: [String: String] = [
        "first": "3", "key": "\"gift\"",
        "selectedOptions": "[{name: \"Size\", value: \"9\"}]",
    ]
    private(set) var skipped: Set<String> = []

    init(schema: Schema, maxDepth: Int) {
        self.schema = schema
        self.maxDepth = maxDepth
    }

    /// Inside the fragments of an abstract type, fields are aliased `<Type>_<field>` so that
    /// same-named fields of different types never conflict.
    mutating func selection(for type: NamedType, depth: Int = 0, path: [String] = [], aliasPrefix: String = "") -> String {
        var parts: [String] = ["__typename"]
        if type.isAbstractType {
            for possible in schema.possibleTypes(of: type) where !path.contains(possible.name) {
                parts.append("... on \(possible.name) { \(selection(for: possible, depth: depth, path: path, aliasPrefix: possible.name + "_")) }")
            }
            return parts.joined(separator: " ")
        }
        for field in type.fields {
            var written: [String] = []
            var fillable = true
            for argument in field.arguments {
                if let value = arguments[argument.name] {
                    written.append("\(argument.name): \(value)")
                } else if argument.isRequired {
                    fillable = false
                }
            }
            guard fillable else {
                skipped.insert("\(type.name).\(field.name)")
                continue
            }
            let name = (aliasPrefix.isEmpty ? "" : aliasPrefix + field.name + ": ") + field.name + (written.isEmpty ? "" : "(" + written.joined(separator: ", ") + ")")
            let fieldType = schema[field.type]
            if fieldType.isLeafType {
                parts.append(name)
            } else if depth < maxDepth, !path.contains(fieldType.name) {
                parts.append("\(name) { \(selection(for: fieldType, depth: depth + 1, path: path + [type.name])) }")
            }
        }
        return parts.joined(separator: " ")
    }
}
