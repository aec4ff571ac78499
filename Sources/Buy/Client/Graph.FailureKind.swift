extension Graph {
    /// The workflow engine's name for a failed attempt (see the workflow format's "Error
    /// kinds"). It mirrors `QueryError`: `request` splits into `network`, `timeout` and
    /// `cancelled`; `http`; `invalidJson` for a body that is not JSON (or empty);
    /// `noData` for JSON without `data` or `errors`; `graphql` for a response with `errors`.
    public enum FailureKind: String, Sendable, Hashable, CaseIterable {
        case network
        case timeout
        case cancelled
        case http
        case invalidJson
        case noData
        case graphql
        case schemaViolation
        case cacheMiss

        public init(_ error: QueryError) {
            switch error {
            case .request(let cause):
                if cause is CancellationError {
                    self = .cancelled
                } else {
                    switch (cause as? TransportError)?.kind {
                    case .timeout: self = .timeout
                    case .cancelled: self = .cancelled
                    default: self = .network
                    }
                }
            case .http: self = .http
            case .noData, .jsonDeserializationFailed: self = .invalidJson
            case .invalidJson: self = .noData
            case .invalidQuery: self = .graphql
            case .schemaViolation: self = .schemaViolation
            case .cacheMiss: self = .cacheMiss
            }
        }
    }
}
