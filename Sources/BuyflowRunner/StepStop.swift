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
