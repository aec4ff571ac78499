import BuyflowWorkflow

extension Backoff {
    /// The wait before repetition `repetition` (1 for the first): `interval` (none),
    /// `interval × n` (linear) or `interval × 2ⁿ⁻¹` (exponential), at most `maxInterval`.
    func delay(interval: Duration, repetition: Int, maxInterval: Duration) -> Duration {
        let factor: Int
        switch self {
        case .none: factor = 1
        case .linear: factor = max(1, repetition)
        case .exponential: factor = 1 << min(max(0, repetition - 1), 30)
        }
        let wait = interval * factor
        return wait > maxInterval ? max(maxInterval, .zero) : wait
    }
}
