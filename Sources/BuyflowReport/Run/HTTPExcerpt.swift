import BuyflowCore

/// The start of a request or a response of a failed attempt, redacted, for reports:
/// `{"headers": [{"name": "Content-Type", "value": "application/json"}], "body": "…",
/// "bodyTruncated": false}`.
public struct HTTPExcerpt: JSONConvertible, Sendable, Hashable {
    /// One header field, in the order sent or received.
    public struct Header: JSONConvertible, Sendable, Hashable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        public var jsonValue: JSONValue { ["name": .string(name), "value": .string(value)] }

        public init(json: JSONValue, at path: String) throws(Diagnostic) {
            let reader = try JSONFieldReader(json, at: path)
            self.init(name: try reader.string("name"), value: try reader.string("value"))
        }
    }

    public var headers: [Header]
    /// The body as text, possibly cut short.
    public var body: String
    /// Whether `body` was cut short.
    public var bodyTruncated: Bool

    public init(headers: [Header] = [], body: String, bodyTruncated: Bool = false) {
        self.headers = headers
        self.body = body
        self.bodyTruncated = bodyTruncated
    }

    public var jsonValue: JSONValue {
        ["headers": .array(headers.map(\.jsonValue)), "body": .string(body), "bodyTruncated": .bool(bodyTruncated)]
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            headers: try reader.array("headers", default: []), body: try reader.string("body"),
            bodyTruncated: try reader.optionalBool("bodyTruncated") ?? false
        )
    }
}
