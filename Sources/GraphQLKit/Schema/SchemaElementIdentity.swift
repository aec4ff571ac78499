/// Schema elements are compared by identity: each type, field, input value, enum value
/// and directive of a schema is one object, so `==` and hashing (for sets and
/// dictionaries keyed by them) are by reference.
extension NamedType: Hashable {
    public static func == (lhs: NamedType, rhs: NamedType) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension SchemaField: Hashable {
    public static func == (lhs: SchemaField, rhs: SchemaField) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension SchemaInputValue: Hashable {
    public static func == (lhs: SchemaInputValue, rhs: SchemaInputValue) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension SchemaEnumValue: Hashable {
    public static func == (lhs: SchemaEnumValue, rhs: SchemaEnumValue) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension SchemaDirective: Hashable {
    public static func == (lhs: SchemaDirective, rhs: SchemaDirective) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
