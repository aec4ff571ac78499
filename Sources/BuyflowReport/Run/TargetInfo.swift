import BuyflowCore

/// The endpoint a run talked to and the Storefront API version it asked for:
/// `{"url": "http://127.0.0.1:53121/api/2026-04/graphql.json", "apiVersion": "2026-04"}`.
public struct TargetInfo: JSONConvertible, Sendable, Hashable {
    public var url: String
    /// The requested version, `YYYY-MM`; what the shop served is on each attempt.
    public var apiVersion: String

    public init(url: String, apiVersion: String) {
        self.url = url
        self.apiVersion = apiVersion
    }

    public var jsonValue: JSONValue { ["url": .string(url), "apiVersion": .string(apiVersion)] }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(url: try reader.string("url"), apiVersion: try reader.string("apiVersion"))
    }
}
