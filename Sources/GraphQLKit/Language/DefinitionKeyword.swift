/// The keywords that start a definition.
enum DefinitionKeyword: String, CaseIterable {
    case query, mutation, subscription, fragment
    case schema, scalar, type, interface, union
    case enumKeyword = "enum"
    case input, directive, extend
}
