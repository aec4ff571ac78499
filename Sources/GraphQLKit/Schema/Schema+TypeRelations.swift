/// Type relations used by validation and execution (spec "IsSubType", "DoTypesOverlap",
/// graphql-js `type/schema.ts` and `utilities/typeComparators.ts`).
extension Schema {
    /// Whether `maybeSubType` is a subtype of the abstract type: a member of the union,
    /// or an object or interface implementing the interface. False when `abstractType`
    /// is not abstract.
    public func isSubType(_ maybeSubType: NamedType, of abstractType: NamedType) -> Bool {
        abstractType.hasSubType(maybeSubType.id)
    }

    /// Whether the object type `object` is a possible runtime type of `abstractType`.
    public func isPossibleType(_ object: NamedType, of abstractType: NamedType) -> Bool {
        object.kind == .object && abstractType.hasSubType(object.id)
    }

    /// Whether a value of `maybeSubType` can be used where `superType` is expected:
    /// equal types, `T!` for `T`, lists of subtypes, objects and interfaces for their
    /// interfaces and unions (covariance of field types).
    public func isTypeSubType(_ maybeSubType: TypeRef, of superType: TypeRef) -> Bool {
        if maybeSubType == superType { return true }
        switch (maybeSubType, superType) {
        case (.nonNull(let sub), .nonNull(let sup)):
            return isTypeSubType(sub, of: sup)
        case (_, .nonNull):
            return false
        case (.nonNull(let sub), _):
            return isTypeSubType(sub, of: superType)
        case (.list(let sub), .list(let sup)):
            return isTypeSubType(sub, of: sup)
        case (_, .list), (.list, _):
            return false
        case (.named(let sub), .named(let sup)):
            let subType = self[sub], superNamed = self[sup]
            return superNamed.isAbstractType
                && (subType.kind == .object || subType.kind == .interface)
                && superNamed.hasSubType(sub)
        }
    }

    /// Whether two composite types can share a runtime object type (the spec's
    /// "GetPossibleTypes" intersection test, used for fragment spreads and field merging).
    public func doTypesOverlap(_ a: NamedType, _ b: NamedType) -> Bool {
        if a === b { return true }
        if a.isAbstractType {
            if b.isAbstractType {
                return a.possibleTypes.contains { b.hasSubType($0) }
            }
            return a.hasSubType(b.id)
        }
        if b.isAbstractType { return b.hasSubType(a.id) }
        return false
    }

    /// Whether the named type of `ref` is an input type (scalar, enum, input object).
    public func isInputType(_ ref: TypeRef) -> Bool { self[ref].isInputType }
    /// Whether the named type of `ref` is an output type (anything but an input object).
    public func isOutputType(_ ref: TypeRef) -> Bool { self[ref].isOutputType }
    /// Whether `ref` is a scalar or enum type, unwrapped (`[T]`, `T!` are not leaf types).
    public func isLeafType(_ ref: TypeRef) -> Bool {
        if case .named(let id) = ref { self[id].isLeafType } else { false }
    }
    /// Whether `ref` is an object, interface or union type, unwrapped.
    public func isCompositeType(_ ref: TypeRef) -> Bool {
        if case .named(let id) = ref { self[id].isCompositeType } else { false }
    }
    /// Whether `ref` is an interface or union type, unwrapped.
    public func isAbstractType(_ ref: TypeRef) -> Bool {
        if case .named(let id) = ref { self[id].isAbstractType } else { false }
    }
}
