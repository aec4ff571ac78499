import Synchronization

/// A token bucket: `rate` tokens a second, holding at most `capacity`, full at start.
final class TokenBucket: Sendable {
    private struct State {
        var tokens: Double
        var last: ContinuousClock.Instant
    }

    let rate: Double
    let capacity: Double
    private let state: Mutex<State>

    init(rate: Double, capacity: Double? = nil) {
        self.rate = rate
        self.capacity = max(1, capacity ?? rate)
        state = Mutex(State(tokens: max(1, capacity ?? rate), last: .now))
    }

    /// Takes a token: nil when one was there, else the whole seconds until one will be
    /// (at least 1), for `Retry-After`.
    func take() -> Int? {
        let now = ContinuousClock.now
        return state.withLock { state in
            let elapsed = now - state.last
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            state.tokens = min(capacity, state.tokens + seconds * rate)
            state.last = now
            if state.tokens >= 1 {
                state.tokens -= 1
                return nil
            }
            // At most a day: a tiny configured rate must not overflow the conversion.
            return max(1, Int(min(((1 - state.tokens) / rate).rounded(.up), 86_400)))
        }
    }
}
