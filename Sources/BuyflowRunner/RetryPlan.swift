import Buy
import BuyflowCore
import BuyflowReport
import BuyflowWorkflow

/// A step's `retry`, its settings rendered.
struct RetryPlan {
    /// Attempts in all (1 for a mutation without `retry.mutations`).
    var attempts: Int
    var backoff: Backoff
    var interval: Duration
    var maxInterval: Duration
    var on: Set<RetryCondition>

    /// Whether an attempt that failed this way is sent again.
    func retries(_ kind: ErrorKind, status: Int?) -> Bool {
        switch kind {
        case .network: return on.contains(.network)
        case .timeout: return on.contains(.timeout)
        case .invalidJson: return on.contains(.invalidJson)
        case .http:
            guard let status else { return false }
            if status == 429 { return on.contains(.http429) }
            if (500...599).contains(status) { return on.contains(.http5xx) }
            if (400...499).contains(status) { return on.contains(.http4xx) }
            return false
        default:
            return false
        }
    }
}

/// A request as every attempt of a step sends it.
struct PreparedRequest: Sendable {
    var document: String
    var variables: JSONObject?
    var operationName: String?
    var headers: Graph.HTTPHeaders
    var timeout: Duration
}
