import Synchronization

/// Decides, request by request, which faults of `ShopFaults` apply (see its documentation
/// for how the seeded sequence is consumed).
final class FaultInjector: Sendable {
    /// What happens to one request.
    struct Decision: Sendable {
        var number: UInt64
        /// `Retry-After` seconds when the request is throttled.
        var throttledFor: Int?
        var drop = false
        var fail = false
        var injectError = false
        var delay: Duration?
    }

    let faults: ShopFaults
    let seed: UInt64
    private let counter = Atomic<UInt64>(0)
    private let bucket: TokenBucket?

    init(faults: ShopFaults, seed: UInt64) {
        self.faults = faults
        self.seed = seed
        bucket = faults.throttle.map { TokenBucket(rate: $0) }
    }

    /// The next request's number and faults.
    func decide() -> Decision {
        let number = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        var decision = Decision(number: number)
        guard faults.isActive else { return decision }
        var generator = SplitMix64(seed: seed, stream: number)
        let dropDraw = generator.nextUnit()
        let failDraw = generator.nextUnit()
        let errorDraw = generator.nextUnit()
        let jitterDraw = generator.nextUnit()
        decision.throttledFor = bucket?.take()
        decision.drop = dropDraw < faults.dropRate
        decision.fail = failDraw < faults.failRate
        decision.injectError = errorDraw < faults.errorRate
        if faults.latency > .zero || faults.jitter > .zero {
            let offset = faults.jitter * (jitterDraw * 2 - 1)
            let delay = faults.latency + offset
            decision.delay = delay > .zero ? delay : .zero
        }
        return decision
    }
}
