import BuyflowCore
import BuyflowReport

/// Ends a step: why it failed.
struct StepStop: Error {
    var failure: Failure

    init(_ failure: Failure) {
        self.failure = failure
    }

    init(_ kind: ErrorKind, _ message: String, location: SourceLocation? = nil) {
        failure = Failure(kind: kind, message: message, location: location)
    }
}

extension StepStop {
    /// The message of a step that a signal (Ctrl-C, SIGTERM) stopped while it was under way.
    static let interruptedMessage = "interrupted: the run was stopped while this step was under way"

    /// Ends the step under way when the run is interrupted: no further attempt, retry or
    /// poll is sent. `kind` is how the last attempt ended (a cancelled request is `network`).
    static func interrupted(_ kind: ErrorKind) -> StepStop {
        StepStop(kind, interruptedMessage)
    }
}
