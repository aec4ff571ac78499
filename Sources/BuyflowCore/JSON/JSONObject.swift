/// A JSON object whose members keep the order they were added in (GraphQL responses
/// follow the order of the selection set). Setting an existing key keeps its place.
public struct JSONObject: Sendable, Hashable, Sequence {
    public private(set) var keys: [String]
    private var storage: [String: JSONValue]

    public init() {
        keys = []
        storage = [:]
    }

    public init(_ members: some Sequence<(String, JSONValue)>) {
        self.init(minimumCapacity: members.underestimatedCount)
        for (key, value) in members { self[key] = value }
    }

    public init(minimumCapacity: Int) {
        keys = []
        keys.reserveCapacity(minimumCapacity)
        storage = Dictionary(minimumCapacity: minimumCapacity)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var members: [(key: String, value: JSONValue)] { keys.map { ($0, storage[$0]!) } }

    public func makeIterator() -> some IteratorProtocol<(key: String, value: JSONValue)> {
        members.makeIterator()
    }

    /// Equality ignores member order, as JSON's does.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
