import BuyflowReport
import BuyflowRunner
import Synchronization

/// Feeds one iteration's run events to the recorder — every request, and every step's
/// checks — and remembers the longest `Retry-After` of a throttled answer (the VU waits it
/// before its next iteration).
final class IterationObserver: RunObserver {
    private struct State {
        /// The step of the last attempt, and whether that attempt was throttled or failed at
        /// the transport (so a failed step is not counted twice).
        var lastStep = ""
        var lastAttemptCounted = false
        var pause: Duration?
    }

    private let recorder: MetricsRecorder
    private let state = Mutex(State())
    /// The VU and its iteration, for the samples of failed checks.
    private let vu: Int?
    private let iteration: Int?

    init(recorder: MetricsRecorder, vu: Int? = nil, iteration: Int? = nil) {
        self.recorder = recorder
        self.vu = vu
        self.iteration = iteration
    }

    /// The longest `Retry-After` of a throttled answer in the iteration.
    var pause: Duration? { state.withLock { $0.pause } }

    func attemptFinished(_ step: StepProgress, attempt: AttemptProgress) {
        let outcome: MetricsRecorder.Outcome
        if attempt.throttled {
            outcome = .throttled
        } else if let kind = attempt.errorKind {
            outcome = .error(Self.key(kind, status: attempt.httpStatus))
        } else {
            outcome = .ok
        }
        recorder.record(
            step: step.id, operation: step.operationName, duration: attempt.duration, outcome: outcome,
            connect: attempt.connect, firstByte: attempt.firstByte
        )
        state.withLock { state in
            state.lastStep = step.id
            state.lastAttemptCounted = outcome != .ok
            if attempt.throttled, let after = attempt.retryAfter, after > (state.pause ?? .zero) { state.pause = after }
        }
    }

    func stepFinished(_ step: StepReport) {
        recorder.recordChecks(of: step, vu: vu, iteration: iteration)
        guard step.status == .failed, !step.attempts.isEmpty, let failure = step.failure else { return }
        let counted = state.withLock { $0.lastStep == step.id && $0.lastAttemptCounted }
        guard !counted else { return }
        recorder.recordCheckFailure(step: step.id, operation: step.operation?.name, key: Self.key(failure.kind, status: nil))
    }

    /// `http503` for an HTTP status, the error kind otherwise.
    static func key(_ kind: ErrorKind, status: Int?) -> String {
        if kind == .http, let status { return "http\(status)" }
        return kind.rawValue
    }
}
