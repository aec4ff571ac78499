import Foundation
import BuyflowCore

extension Graph {
    /// What went wrong with a request, as in the SDK. A response and an error are not
    /// mutually exclusive: a response with both `data` and `errors` delivers the decoded
    /// data *and* `.invalidQuery(reasons:)`.
    public enum QueryError: Error, Sendable, CustomStringConvertible {
        /// No HTTP response: a `Graph.TransportError` (network, timeout, cancelled).
        case request(error: (any Error)?)
        /// A status outside 200–299.
        case http(statusCode: Int)
        /// The response had an empty body.
        case noData
        /// The body is not JSON.
        case jsonDeserializationFailed(data: Data?)
        /// JSON, but not a GraphQL response: not an object, or without `data` and `errors`.
        case invalidJson(json: JSONValue)
        /// The response carries GraphQL `errors` (with or without `data`).
        case invalidQuery(reasons: [Reason])
        /// `data` does not have the shape the query asked for.
        case schemaViolation(violation: SchemaViolationError)
        /// `cacheOnly` found nothing fresh in the cache (the SDK silently returned nothing).
        case cacheMiss

        /// The transport error behind `.request`, if any.
        public var transportError: TransportError? {
            if case .request(let error) = self { error as? TransportError } else { nil }
        }

        /// Whether the request was cancelled.
        public var isCancellation: Bool {
            guard case .request(let error) = self else { return false }
            if error is CancellationError { return true }
            return (error as? TransportError)?.kind == .cancelled
        }

        public var description: String {
            switch self {
            case .request(let error): "request failed: \(error.map { "\($0)" } ?? "no response")"
            case .http(let statusCode): "HTTP status \(statusCode)"
            case .noData: "the response had no body"
            case .jsonDeserializationFailed: "the response body is not JSON"
            case .invalidJson(let json): "the response is not a GraphQL response: \(json.typeName) without data or errors"
            case .invalidQuery(let reasons): reasons.map(\.description).joined(separator: "; ")
            case .schemaViolation(let violation): "schema violation: \(violation)"
            case .cacheMiss: "no fresh cached response (cacheOnly)"
            }
        }
    }
}
