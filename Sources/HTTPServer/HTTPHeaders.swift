/// An ordered list of HTTP header fields whose names are compared case-insensitively
/// (ASCII), as HTTP requires: `headers["content-type"]` finds `Content-Type`.
///
/// Order and repeated names are kept; the subscript reads the first value of a name and
/// replaces every value of it when set.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One field: its name as sent and its value.
    public typealias Element = (name: String, value: String)

    struct Field: Sendable, Equatable {
        var name: String
        var value: String
    }

    var fields: [Field]

    /// No fields.
    public init() { fields = [] }

    /// The given fields, in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// The given fields, in order: `["Content-Type": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    init(fields: [Field]) { self.fields = fields }

    /// The number of fields (a repeated name counts once per field).
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    /// The first value of `name`, compared case-insensitively; setting replaces every
    /// field of that name (in place of the first one), `nil` removes them all.
    public subscript(name: String) -> String? {
        get {
            for field in fields where Self.namesMatch(field.name, name) { return field.value }
            return nil
        }
        set {
            guard let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) else {
                if let newValue { fields.append(Field(name: name, value: newValue)) }
                return
            }
            if let newValue {
                fields[index].value = newValue
                var later = fields.index(after: index)
                while later < fields.endIndex {
                    if Self.namesMatch(fields[later].name, name) {
                        fields.remove(at: later)
                    } else {
                        later += 1
                    }
                }
            } else {
                fields.removeAll { Self.namesMatch($0.name, name) }
            }
        }
    }

    /// Every value of `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.namesMatch($0.name, name) }.map(\.value)
    }

    /// Appends a field, keeping any earlier field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field of `name`.
    public mutating func remove(name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// The fields in order, as `(name, value)` pairs.
    public func makeIterator() -> some IteratorProtocol<Element> {
        fields.lazy.map { (name: $0.name, value: $0.value) }.makeIterator()
    }

    /// Same fields in the same order (names compared exactly).
    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool { lhs.fields == rhs.fields }

    /// ASCII case-insensitive equality of two header names, without Foundation.
    static func namesMatch(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard x.count == y.count else { return false }
                for i in 0..<x.count where x[i] != y[i] {
                    if lowercased(x[i]) != lowercased(y[i]) { return false }
                }
                return true
            }
        }
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }
}
