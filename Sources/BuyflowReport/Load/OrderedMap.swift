import BuyflowCore

/// Values by name in a fixed order (a load report's steps in workflow order, its error
/// counts, its operations), written as a JSON object in that order. Setting an existing
/// name keeps its place. Equality takes the order into account.
public struct OrderedMap<Value: Sendable & Hashable>: Sendable, Hashable, RandomAccessCollection,
    ExpressibleByDictionaryLiteral {
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: Value

        public init(key: String, value: Value) {
            self.key = key
            self.value = value
        }
    }

    public private(set) var entries: [Entry]

    public init() { entries = [] }

    public init(_ entries: some Sequence<(String, Value)>) {
        self.entries = []
        for (key, value) in entries { self[key] = value }
    }

    public init(dictionaryLiteral elements: (String, Value)...) { self.init(elements) }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    public var keys: [String] { entries.map(\.key) }

    public subscript(key: String) -> Value? {
        get { entries.first { $0.key == key }?.value }
        set {
            let index = entries.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): entries[index].value = value
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    func jsonValue(_ encode: (Value) -> JSONValue) -> JSONValue {
        .object(JSONObject(entries.map { ($0.key, encode($0.value)) }))
    }

    init(json: JSONValue, at path: String, _ decode: (JSONValue, String) throws(Diagnostic) -> Value) throws(Diagnostic) {
        guard case .object(let object) = json else {
            throw JSONFieldReader.invalid(path, "expected an object, found \(JSONFieldReader.describe(json))")
        }
        self.init()
        for (key, value) in object { self[key] = try decode(value, "\(path).\(key)") }
    }
}

extension OrderedMap where Value: JSONConvertible {
    var jsonValue: JSONValue { jsonValue(\.jsonValue) }

    init(json: JSONValue, at path: String) throws(Diagnostic) {
        try self.init(json: json, at: path) { value, path throws(Diagnostic) in try Value(json: value, at: path) }
    }
}
