import BuyflowCore

/// A named type of a schema: scalar, object, interface, union, enum or input object.
///
/// One class serves every kind, like `__Type`: the members that do not apply to a kind
/// are empty. Types refer to each other by `TypeID` (`schema[id]` is O(1)).
public final class NamedType: Sendable, CustomDebugStringConvertible {
    /// This type's position in `Schema.types`.
    public let id: TypeID
    public let name: String
    public let kind: TypeKind
    public let description: String?

    /// Scalars: the `@specifiedBy(url:)` URL.
    public let specifiedByURL: String?
    /// Objects and interfaces: the fields in definition order, without the meta fields
    /// (`Schema.field(named:on:)` also finds `__typename`, `__schema` and `__type`).
    public let fields: [SchemaField]
    /// Objects and interfaces: the interfaces declared with `implements`, in order.
    public let interfaces: [TypeID]
    /// Unions: the member types in order. Interfaces: the object types implementing the
    /// interface, in schema order. Empty for the other kinds.
    public let possibleTypes: [TypeID]
    /// Interfaces: the interfaces implementing this interface, in schema order.
    public let implementingInterfaces: [TypeID]
    /// Enums: the values in definition order.
    public let enumValues: [SchemaEnumValue]
    /// Input objects: the fields in definition order.
    public let inputFields: [SchemaInputValue]
    /// Input objects: marked `@oneOf` (exactly one field must be given).
    public let isOneOf: Bool

    /// One of the spec's scalars (`Int`, `Float`, `String`, `Boolean`, `ID`) or an
    /// introspection type (`__Schema` …), always present with its standard definition.
    public let isBuiltIn: Bool
    /// The type's name in the SDL it was built from; `nil` for introspection results and
    /// built-in types.
    public let location: SourceLocation?

    // Lookup tables and diagnostics' locations.
    private let fieldIndex: [String: Int]
    private let enumValueIndex: [String: Int]
    private let inputFieldIndex: [String: Int]
    /// Interfaces: possible types plus implementing interfaces; unions: the members.
    private let subTypes: Set<TypeID>
    let interfaceLocations: [SourceLocation?]
    let memberLocations: [SourceLocation?]

    init(
        id: TypeID, name: String, kind: TypeKind, description: String?, specifiedByURL: String? = nil,
        fields: [SchemaField] = [], interfaces: [TypeID] = [], possibleTypes: [TypeID] = [],
        implementingInterfaces: [TypeID] = [], enumValues: [SchemaEnumValue] = [],
        inputFields: [SchemaInputValue] = [], isOneOf: Bool = false, isBuiltIn: Bool = false,
        location: SourceLocation? = nil, interfaceLocations: [SourceLocation?] = [],
        memberLocations: [SourceLocation?] = []
    ) {
        self.id = id
        self.name = name
        self.kind = kind
        self.description = description
        self.specifiedByURL = specifiedByURL
        self.fields = fields
        self.interfaces = interfaces
        self.possibleTypes = possibleTypes
        self.implementingInterfaces = implementingInterfaces
        self.enumValues = enumValues
        self.inputFields = inputFields
        self.isOneOf = isOneOf
        self.isBuiltIn = isBuiltIn
        self.location = location
        self.interfaceLocations = interfaceLocations
        self.memberLocations = memberLocations
        self.fieldIndex = NamedType.index(fields.lazy.map(\.name))
        self.enumValueIndex = NamedType.index(enumValues.lazy.map(\.name))
        self.inputFieldIndex = NamedType.index(inputFields.lazy.map(\.name))
        self.subTypes = Set(possibleTypes).union(implementingInterfaces)
    }

    private static func index(_ names: some Collection<String>) -> [String: Int] {
        guard !names.isEmpty else { return [:] }
        var index = [String: Int](minimumCapacity: names.count)
        for (offset, name) in names.enumerated() where index[name] == nil { index[name] = offset }
        return index
    }

    // MARK: - Lookups

    /// The field with this name, without the meta fields (see `Schema.field(named:on:)`).
    public func field(named name: String) -> SchemaField? {
        fieldIndex[name].map { fields[$0] }
    }

    public func enumValue(named name: String) -> SchemaEnumValue? {
        enumValueIndex[name].map { enumValues[$0] }
    }

    public func inputField(named name: String) -> SchemaInputValue? {
        inputFieldIndex[name].map { inputFields[$0] }
    }

    /// For an abstract type: whether `type` is a member of the union, or an object or
    /// interface implementing the interface. Always false for other kinds.
    public func hasSubType(_ type: TypeID) -> Bool { subTypes.contains(type) }

    // MARK: - Kinds

    /// An introspection type (`__Schema`, `__Type`, …).
    public var isIntrospectionType: Bool { isBuiltIn && name.hasPrefix("__") }

    /// Scalars, enums and input objects: allowed for arguments, input fields, variables.
    public var isInputType: Bool { kind == .scalar || kind == .enum || kind == .inputObject }
    /// Everything but input objects: allowed as field types.
    public var isOutputType: Bool { kind != .inputObject }
    /// Scalars and enums: fields of these types take no selection set.
    public var isLeafType: Bool { kind == .scalar || kind == .enum }
    /// Objects, interfaces and unions: fields of these types need a selection set.
    public var isCompositeType: Bool { kind == .object || kind == .interface || kind == .union }
    /// Interfaces and unions.
    public var isAbstractType: Bool { kind == .interface || kind == .union }

    public var debugDescription: String { "\(kind.keyword) \(name)" }
}
