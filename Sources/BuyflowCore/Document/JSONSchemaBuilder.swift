/// Builds a JSON Schema (draft 2020-12) from `ObjectSpec`s, the same descriptions the
/// loader checks files against, so the schema editors use cannot drift from the loader.
public struct JSONSchemaBuilder: Sendable {
    public var id: String
    public var title: String

    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }

    /// A schema whose root is one of `roots` (`anyOf`), with every spec in `$defs`.
    public func schema(roots: [ObjectSpec], definitions: [ObjectSpec]) -> JSONValue {
        var defs = JSONObject()
        for spec in definitions { defs[spec.id] = object(spec) }
        var root = JSONObject()
        root["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        root["$id"] = .string(id)
        root["title"] = .string(title)
        if roots.count == 1 {
            root["$ref"] = .string("#/$defs/\(roots[0].id)")
        } else {
            root["anyOf"] = .array(roots.map { ["$ref": .string("#/$defs/\($0.id)")] })
        }
        root["$defs"] = .object(defs)
        return .object(root)
    }

    func object(_ spec: ObjectSpec) -> JSONValue {
        var schema = JSONObject()
        schema["type"] = "object"
        if !spec.summary.isEmpty { schema["description"] = .string(spec.summary) }
        var properties = JSONObject()
        for key in spec.keys {
            var property = shape(key.shape)
            if !key.summary.isEmpty, case .object(var object) = property, object["$ref"] == nil {
                object["description"] = .string(key.summary)
                property = .object(object)
            } else if !key.summary.isEmpty, case .object(let object) = property, object["$ref"] != nil {
                property = ["allOf": [.object(object)], "description": .string(key.summary)]
            }
            properties[key.name] = property
        }
        schema["properties"] = .object(properties)
        let required = spec.requiredKeys
        if !required.isEmpty { schema["required"] = .array(required.map(JSONValue.string)) }
        if let prefix = spec.freeKeyPrefix {
            schema["patternProperties"] = .object(JSONObject([("^" + Self.escapeRegex(prefix), JSONValue.object(JSONObject()))]))
        }
        if let other = spec.otherKeys {
            schema["additionalProperties"] = shape(other)
        } else {
            schema["additionalProperties"] = false
        }
        if !spec.exactlyOneOf.isEmpty {
            let groups: [JSONValue] = spec.exactlyOneOf.map { group in
                ["oneOf": .array(group.map { ["required": [.string($0)]] })]
            }
            schema["allOf"] = .array(groups)
        }
        return .object(schema)
    }

    func shape(_ shape: ValueShape) -> JSONValue {
        switch shape {
        case .any:
            return .object(JSONObject())
        case .string:
            return ["type": "string"]
        case .pattern(let pattern):
            return ["type": "string", "pattern": .string(pattern)]
        case .integer(let minimum, let maximum):
            var object = JSONObject([("type", JSONValue.string("integer"))])
            if let minimum { object["minimum"] = .int(minimum) }
            if let maximum { object["maximum"] = .int(maximum) }
            return .object(object)
        case .number(let minimum, let maximum):
            var object = JSONObject([("type", JSONValue.string("number"))])
            if let minimum { object["minimum"] = .double(minimum) }
            if let maximum { object["maximum"] = .double(maximum) }
            return .object(object)
        case .boolean:
            return ["type": "boolean"]
        case .choice(let values):
            return ["enum": .array(values)]
        case .list(let item, let minItems):
            var object = JSONObject([("type", JSONValue.string("array")), ("items", self.shape(item))])
            if let minItems { object["minItems"] = .int(minItems) }
            return .object(object)
        case .map(let value):
            return ["type": "object", "additionalProperties": self.shape(value)]
        case .object(let spec):
            return ["$ref": .string("#/$defs/\(spec.id)")]
        case .reference(let id):
            return ["$ref": .string("#/$defs/\(id)")]
        case .anyOf(let shapes):
            return ["anyOf": .array(shapes.map(self.shape))]
        }
    }

    static func escapeRegex(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}
