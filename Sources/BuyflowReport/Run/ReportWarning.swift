import BuyflowCore

/// A warning on a run or a step: a served API version other than the requested one, a
/// deprecation (`X-Shopify-API-Deprecated-Reason`, a deprecated field in use), or another.
public struct ReportWarning: JSONConvertible, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case apiVersionMismatch, deprecated, other
    }

    public var kind: Kind
    public var message: String
    public var location: SourceLocation?

    public init(kind: Kind, message: String, location: SourceLocation? = nil) {
        self.kind = kind
        self.message = message
        self.location = location
    }

    /// `kind`, `message`, then `location` when known.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["kind"] = .string(kind.rawValue)
        object["message"] = .string(message)
        if let location { object["location"] = .string(location.description) }
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            kind: try reader.enumeration("kind"), message: try reader.string("message"),
            location: try reader.optionalLocation("location")
        )
    }
}
