/// FieldsOnCorrectType (spec 5.3.1): selected fields are defined on the parent type (or
/// are `__typename`, `__schema`, `__type` where allowed).
extension ValidationRun {
    mutating func reportUnknownField(_ field: Field, on parent: NamedType) {
        guard rules.contains(.fieldsOnCorrectType) else { return }
        let name = field.name.value
        var message = "cannot query field '\(name)' on \(Self.kindAndName(parent))"
        var suggestion: String?
        let types = typesDefining(name, below: parent)
        if !types.isEmpty {
            message += "; did you mean to use an inline fragment on \(Self.quotedList(types))?"
        } else if parent.kind == .object || parent.kind == .interface {
            suggestion = Self.suggest(name, among: parent.fields.lazy.map(\.name))
        }
        report(.fieldsOnCorrectType, message, at: field.location, suggestion: suggestion)
    }

    /// For an abstract type, the possible types and their interfaces that define the
    /// field: the most used first, interfaces before their implementations, then by name
    /// (graphql-js's `getSuggestedTypeNames`).
    private func typesDefining(_ fieldName: String, below type: NamedType) -> [String] {
        guard type.isAbstractType else { return [] }
        var found: [NamedType] = []
        var usage: [TypeID: Int] = [:]
        for possible in schema.possibleTypes(of: type) where possible.field(named: fieldName) != nil {
            if usage[possible.id] == nil { found.append(possible) }
            usage[possible.id] = 1
            for interface in schema.interfaces(of: possible) where interface.field(named: fieldName) != nil {
                if usage[interface.id] == nil { found.append(interface) }
                usage[interface.id, default: 0] += 1
            }
        }
        found.sort { a, b in
            let difference = usage[b.id, default: 0] - usage[a.id, default: 0]
            if difference != 0 { return difference < 0 }
            if a.kind == .interface, schema.isSubType(b, of: a) { return true }
            if b.kind == .interface, schema.isSubType(a, of: b) { return false }
            return Self.naturalOrder(a.name, b.name)
        }
        return found.map(\.name)
    }

    /// Names compared with digit runs as numbers (`Item2` before `Item10`).
    static func naturalOrder(_ a: String, _ b: String) -> Bool {
        var left = Array(a.unicodeScalars)[...], right = Array(b.unicodeScalars)[...]
        func isDigit(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 48 && scalar.value <= 57 }
        while let l = left.first, let r = right.first {
            if isDigit(l), isDigit(r) {
                let leftDigits = left.prefix(while: isDigit), rightDigits = right.prefix(while: isDigit)
                let leftNumber = leftDigits.drop { $0 == "0" }, rightNumber = rightDigits.drop { $0 == "0" }
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if !leftNumber.elementsEqual(rightNumber) {
                    return leftNumber.lexicographicallyPrecedes(rightNumber) { $0.value < $1.value }
                }
                left = left.dropFirst(leftDigits.count)
                right = right.dropFirst(rightDigits.count)
            } else {
                if l != r { return l.value < r.value }
                left = left.dropFirst()
                right = right.dropFirst()
            }
        }
        return left.isEmpty && !right.isEmpty
    }
}
