extension Graph {
    /// Retrying or polling a query or mutation, as in the SDK: after each response the
    /// client asks `condition(response, error)`; while it and `canRetry` both hold, the
    /// request is sent again after `interval` seconds. The completion runs once, with the
    /// last response. `.finite(n)` allows `n` repeats: at most `n + 1` requests.
    ///
    ///     let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10)) { response, error in
    ///         (response?.node as? Storefront.Cart)?.totalQuantity ?? 0 == 0
    ///     }
    public struct RetryHandler<R: GraphQL.AbstractResponse>: Sendable {
        /// Whether to send the request again.
        public typealias Condition = @Sendable (R?, QueryError?) -> Bool

        /// How many repeats are allowed.
        public enum Endurance: Sendable, Hashable {
            case infinite
            case finite(Int)

            func canContinue(after count: Int) -> Bool {
                switch self {
                case .infinite: true
                case .finite(let limit): count < limit
                }
            }
        }

        /// How many times the request has been repeated so far.
        public internal(set) var repeatCount: Int = 0
        public let endurance: Endurance
        public let condition: Condition
        /// The delay between attempts, in seconds.
        public var interval: Double

        /// Whether the endurance allows another repeat.
        public var canRetry: Bool { endurance.canContinue(after: repeatCount) }

        /// - Parameters:
        ///   - endurance: how many repeats (default: no limit).
        ///   - interval: seconds between attempts (default 2).
        ///   - condition: `true` to send again.
        public init(endurance: Endurance = .infinite, interval: Double = 2.0, condition: @escaping Condition) {
            self.endurance = endurance
            self.interval = interval
            self.condition = condition
        }

        /// Whether to repeat after this outcome: both `canRetry` and the condition hold.
        func shouldRetry(_ response: R?, _ error: QueryError?) -> Bool {
            canRetry && condition(response, error)
        }
    }
}
