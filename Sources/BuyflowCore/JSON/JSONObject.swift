/// A JSON object whose members keep the order they were added in (GraphQL responses
/// follow the order of the selection set). Setting an existing key keeps its place.
///
/// Members live in one array in order. Most objects (a response's, a step record, a
/// scope's) have a handful of members: those are found by comparing names, with no
/// hashing and no second allocation; an object with more than `indexedFrom` members
/// also keeps a position for each name.
public struct JSONObject: Sendable, Hashable, Sequence {
    /// The members, in order.
    public private(set) var members: [(key: String, value: JSONValue)]
    /// Positions in `members` by name, for objects of `indexedFrom` members or more.
    private var positions: [String: Int]?

    /// From this many members on, names are looked up through `positions`.
    static let indexedFrom = 24

    public init() {
        members = []
    }

    public init(_ members: some Sequence<(String, JSONValue)>) {
        self.init(minimumCapacity: members.underestimatedCount)
        for (key, value) in members { self[key] = value }
    }

    /// The members in order; a name given twice keeps its first place and its last value.
    init(_ members: ArraySlice<(key: String, value: JSONValue)>) {
        self.init(minimumCapacity: members.count)
        for member in members { self[member.key] = member.value }
    }

    public init(minimumCapacity: Int) {
        members = []
        members.reserveCapacity(minimumCapacity)
    }

    /// The names, in order.
    public var keys: [String] { members.map(\.key) }
    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { members[$0].value } }
        set {
            if let newValue {
                if let position = position(of: key) {
                    members[position].value = newValue
                } else {
                    members.append((key, newValue))
                    if positions != nil {
                        positions?[key] = members.count - 1
                    } else if members.count >= Self.indexedFrom {
                        index()
                    }
                }
            } else if let position = position(of: key) {
                members.remove(at: position)
                if positions != nil { index() }
            }
        }
    }

    /// Room for `capacity` members in all.
    public mutating func reserveCapacity(_ capacity: Int) {
        members.reserveCapacity(capacity)
    }

    public func makeIterator() -> IndexingIterator<[(key: String, value: JSONValue)]> {
        members.makeIterator()
    }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        // Comparing lengths first skips most names without reading their bytes.
        let length = key.utf8.count
        return members.firstIndex { $0.key.utf8.count == length && $0.key == key }
    }

    private mutating func index() {
        var positions = [String: Int](minimumCapacity: members.count)
        for (position, member) in members.enumerated() { positions[member.key] = position }
        self.positions = positions
    }

    /// Equality ignores member order, as JSON's does.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.members.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Independent of member order (as `==` is).
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in members {
            var member = Hasher()
            member.combine(key)
            member.combine(value)
            combined ^= member.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
