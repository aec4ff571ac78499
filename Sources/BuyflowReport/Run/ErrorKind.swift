/// Why an attempt or a step failed: the contract's error kinds (workflow-format.md, "Error
/// kinds"). They mirror `Graph.QueryError`, plus the engine's own.
public enum ErrorKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Connect, reset, DNS.
    case network
    case timeout
    /// A non-2xx status (the code is the attempt's `httpStatus`).
    case http
    /// The body is not JSON.
    case invalidJson
    /// JSON without `data` or `errors`.
    case noData
    /// The response carries `errors` (partial `data` is kept).
    case graphql
    case userErrors
    case assertion
    /// A poll ran out of attempts or time.
    case poll
    /// A node of another type than expected.
    case cast
    /// A template could not be evaluated (a missing capture, a type error).
    case template
    /// The shop served another API version and the workflow says `apiVersionMismatch: fail`.
    case apiVersion
}
