import BuyflowCore

extension LocatedValue {
    /// Everything a located value holds, written out — place and end, style, text as
    /// written, kind and value (a double by its bit pattern), every member's key with
    /// its place and whether it is a scalar — so two values compare as strings.
    public var dump: String {
        var out = "\(location)-\(endLocation) \(style.map(\.rawValue) ?? "_") \(text.map { "\"\($0)\"" } ?? "_") "
        switch content {
        case .null: out += "null"
        case .bool(let bool): out += "bool \(bool)"
        case .int(let int): out += "int \(int)"
        case .double(let double): out += "double \(double.bitPattern)"
        case .string(let string): out += "string \"\(string)\""
        case .list(let items): out += "[" + items.map(\.dump).joined(separator: ", ") + "]"
        case .map(let members):
            out += "{" + members.map { "\($0.key)@\($0.keyLocation) \($0.keyIsScalar): \($0.value.dump)" }.joined(separator: ", ") + "}"
        }
        return out
    }
}
