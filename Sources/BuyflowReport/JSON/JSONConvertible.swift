import BuyflowCore

/// A report value with one canonical JSON form: `jsonValue` writes it with the contract's
/// key names in the contract's order (write it with `JSONSerializer(pretty: true)`), and
/// `init(json:)` reads it back, refusing anything that does not fit with a `Diagnostic`
/// naming the member (`$.steps[0].status`).
///
/// `Codable` goes through the same JSON form, so `JSONEncoder`/`JSONDecoder` agree with it;
/// only `jsonValue` with `JSONSerializer` guarantees the key order, and only our
/// `JSONParser` keeps the order of captured objects when reading.
public protocol JSONConvertible: Codable {
    /// The value as JSON, members in the contract's order.
    var jsonValue: JSONValue { get }

    /// Reads the value from JSON. `path` names where it sits in the document, for error
    /// messages (`$` for the root).
    init(json: JSONValue, at path: String) throws(Diagnostic)
}

extension JSONConvertible {
    /// Reads the value from JSON at the root of a document.
    public init(json: JSONValue) throws(Diagnostic) {
        try self.init(json: json, at: "$")
    }

    /// Parses UTF-8 JSON text (with `JSONParser`, so object members keep their order) and
    /// reads the value from it.
    public init(bytes: some Collection<UInt8>, path: String = "<report>") throws(Diagnostic) {
        try self.init(json: try JSONParser(path: path).parse(bytes: bytes))
    }

    public init(from decoder: any Decoder) throws {
        let value = try JSONValueCoding.decode(from: decoder)
        try self.init(json: value, at: JSONValueCoding.path(decoder.codingPath))
    }

    public func encode(to encoder: any Encoder) throws {
        try JSONValueCoding.encode(jsonValue, to: encoder)
    }

    /// Pretty JSON text (two-space indentation, members in order) with a final newline, as
    /// reports are written to disk.
    public func prettyJSON() -> [UInt8] {
        JSONSerializer(pretty: true).bytes(jsonValue) + [UInt8(ascii: "\n")]
    }
}
