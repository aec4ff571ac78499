import Buy
import BuyCurl
import BuyHTTP1
import BuyflowCore
import BuyflowReport
import BuyflowWorkflow
import Foundation

/// The endpoint a run talks to, and how: the Storefront API version it asks for, the
/// access token, the buyer's locale, extra headers and what a served version other than
/// the requested one does. Build it with `resolve(workflow:overrides:embeddedEndpoint:environment:)`.
public struct RunTarget: Sendable {
    /// The GraphQL endpoint, e.g. `http://127.0.0.1:53121/api/2026-04/graphql.json`.
    public var endpoint: URL
    /// The requested Storefront API version, `YYYY-MM`.
    public var apiVersion: String
    /// Sent as `X-Shopify-Storefront-Access-Token`; redacted in every report.
    public var token: String?
    /// `en-CA`: sent as `Accept-Language`, and `@inContext` on every operation without one.
    public var locale: String?
    /// Extra headers for every request.
    public var headers: Graph.HTTPHeaders
    public var apiVersionMismatch: APIVersionMismatch

    public init(
        endpoint: URL, apiVersion: String = BuyflowVersion.storefrontAPIVersion, token: String? = nil,
        locale: String? = nil, headers: Graph.HTTPHeaders = [:], apiVersionMismatch: APIVersionMismatch = .warn
    ) {
        self.endpoint = endpoint
        self.apiVersion = apiVersion
        self.token = token
        self.locale = locale
        self.headers = headers
        self.apiVersionMismatch = apiVersionMismatch
    }

    /// The transport buyflow uses for an endpoint: `Graph.HTTP1Transport` for `http://`,
    /// `Graph.CurlTransport` (HTTP/2 over TLS) for `https://`.
    @Sendable public static func defaultTransport(for endpoint: URL) -> any Graph.Transport {
        endpoint.scheme?.lowercased() == "https" ? Graph.CurlTransport() : Graph.HTTP1Transport()
    }

    /// The values reports must never show: the token, secret header values and secret
    /// query parameters of the endpoint.
    var secrets: [String] {
        var found = Graph.Redaction.secrets(in: headers) + Graph.Redaction.secrets(in: endpoint)
        if let token, !token.isEmpty { found.append(token) }
        return found
    }

    /// The endpoint as printed and reported: secret query values and a password redacted.
    public var shownURL: String {
        Redactor(secrets: Graph.Redaction.secrets(in: endpoint))(endpoint.absoluteString)
    }
}
