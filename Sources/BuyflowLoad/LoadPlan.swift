import BuyflowReport
import BuyflowWorkflow

/// How a load run schedules iterations: the workflow's `load:` profile with the command
/// line's `--vus`, `--duration`, `--iterations` and `--threshold` over it.
///
/// Closed model (no `arrivalRate`): `vus` virtual users, started one by one over `rampUp`
/// (VU k of n at `rampUp × (k − 1) / n`), each running iterations back to back until
/// `iterations` have been started in all or `duration` has passed, whichever comes first.
/// Open model (`arrivalRate`): an iteration is due every `1 / arrivalRate` seconds; it runs on
/// an idle VU (`vus` of them made at the start, more up to `maxVus`), or is dropped and
/// counted when all `maxVus` are busy.
public struct LoadPlan: Sendable {
    public var vus: Int
    public var duration: Duration?
    public var iterations: Int?
    public var rampUp: Duration?
    /// Iterations a second (open model).
    public var arrivalRate: Double?
    public var maxVus: Int?
    public var thresholds: [Threshold]
    /// Stop as soon as a threshold is breached for good (`--abort-on-fail`).
    public var abortOnFail: Bool

    public init(
        vus: Int = 1, duration: Duration? = nil, iterations: Int? = nil, rampUp: Duration? = nil, arrivalRate: Double? = nil,
        maxVus: Int? = nil, thresholds: [Threshold] = [], abortOnFail: Bool = false
    ) {
        self.vus = max(1, vus)
        self.duration = duration
        self.iterations = iterations
        self.rampUp = rampUp
        self.arrivalRate = arrivalRate
        self.maxVus = maxVus
        self.thresholds = thresholds
        self.abortOnFail = abortOnFail
    }

    /// The workflow's profile; without one, 1 VU for 1 iteration.
    public init(profile: BuyflowWorkflow.LoadProfile?) {
        guard let profile else {
            self.init(vus: 1, iterations: 1)
            return
        }
        self.init(
            vus: profile.vus ?? 1, duration: profile.duration, iterations: profile.iterations, rampUp: profile.rampUp,
            arrivalRate: profile.arrivalRate, maxVus: profile.maxVus, thresholds: profile.thresholds
        )
    }

    /// Whether iterations arrive at a rate (open model).
    public var isOpen: Bool { arrivalRate != nil }

    /// The most VUs that may run at once.
    public var vuLimit: Int { isOpen ? max(maxVus ?? max(vus, 100), vus) : vus }

    /// The profile as the report shows it.
    public var reportProfile: BuyflowReport.LoadProfile {
        BuyflowReport.LoadProfile(
            vus: isOpen ? nil : vus, duration: duration, iterations: iterations, rampUp: rampUp, arrivalRate: arrivalRate,
            maxVus: isOpen ? vuLimit : maxVus
        )
    }
}
