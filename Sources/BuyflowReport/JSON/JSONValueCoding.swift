import BuyflowCore

/// The bridge between `JSONValue` and `Codable`'s containers, so report values can be
/// read and written by any `Decoder`/`Encoder` through their JSON form.
enum JSONValueCoding {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            self.stringValue = String(intValue)
            self.intValue = intValue
        }
    }

    /// `$.steps[0].name` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var path = "$"
        for key in codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += ".\(key.stringValue)" }
        }
        return path
    }

    static func decode(from decoder: any Decoder) throws -> JSONValue {
        if let container = try? decoder.container(keyedBy: Key.self) {
            var object = JSONObject(minimumCapacity: container.allKeys.count)
            for key in container.allKeys {
                object[key.stringValue] = try decode(from: try container.superDecoder(forKey: key))
            }
            return .object(object)
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !container.isAtEnd { items.append(try decode(from: try container.superDecoder())) }
            return .array(items)
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { return .null }
        if let flag = try? single.decode(Bool.self) { return .bool(flag) }
        if let number = try? single.decode(Int.self) { return .int(number) }
        if let number = try? single.decode(Double.self) { return .double(number) }
        return .string(try single.decode(String.self))
    }

    static func encode(_ value: JSONValue, to encoder: any Encoder) throws {
        switch value {
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for (key, member) in object {
                try encode(member, to: container.superEncoder(forKey: Key(stringValue: key)))
            }
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try encode(item, to: container.superEncoder()) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .int(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .double(let number):
            var container = encoder.singleValueContainer()
            try container.encode(number)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }
}
