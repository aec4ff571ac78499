import BuyflowCore

/// The counts of a run: `{"steps": 5, "passed": 5, "failed": 0, "skipped": 0, "errored": 0,
/// "requests": 6, "retries": 1}`.
public struct RunSummary: JSONConvertible, Sendable, Hashable {
    public var steps: Int
    public var passed: Int
    public var failed: Int
    public var skipped: Int
    /// Steps that could not run (status `error`).
    public var errored: Int
    /// Attempts sent, over every step.
    public var requests: Int
    /// Transport retries: attempts sent again after a failed one.
    public var retries: Int
    /// Poll rounds after each polling step's first (`polls`).
    public var polls: Int

    public init(steps: Int, passed: Int, failed: Int, skipped: Int, errored: Int = 0, requests: Int, retries: Int, polls: Int = 0) {
        self.steps = steps
        self.passed = passed
        self.failed = failed
        self.skipped = skipped
        self.errored = errored
        self.requests = requests
        self.retries = retries
        self.polls = polls
    }

    /// Counts the steps by status, their attempts, and the attempts beyond each step's first.
    public init(steps: [StepReport]) {
        self.init(steps: 0, passed: 0, failed: 0, skipped: 0, errored: 0, requests: 0, retries: 0)
        for step in steps {
            self.steps += 1
            switch step.status {
            case .passed: passed += 1
            case .failed: failed += 1
            case .skipped: skipped += 1
            case .error: errored += 1
            }
            requests += step.attempts.count
            retries += step.attempts.count { $0.reason == .retry }
            polls += step.attempts.count { $0.reason == .poll }
        }
    }

    /// The sum of two summaries.
    public static func + (lhs: RunSummary, rhs: RunSummary) -> RunSummary {
        RunSummary(
            steps: lhs.steps + rhs.steps, passed: lhs.passed + rhs.passed, failed: lhs.failed + rhs.failed,
            skipped: lhs.skipped + rhs.skipped, errored: lhs.errored + rhs.errored,
            requests: lhs.requests + rhs.requests, retries: lhs.retries + rhs.retries, polls: lhs.polls + rhs.polls
        )
    }

    /// The members in order, for embedding in a larger summary.
    var members: [(String, JSONValue)] {
        [
            ("steps", .int(steps)), ("passed", .int(passed)), ("failed", .int(failed)), ("skipped", .int(skipped)),
            ("errored", .int(errored)), ("requests", .int(requests)), ("retries", .int(retries)),
            ("polls", .int(polls)),
        ]
    }

    public var jsonValue: JSONValue { .object(JSONObject(members)) }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        try self.init(reader: try JSONFieldReader(json, at: path))
    }

    init(reader: JSONFieldReader) throws(Diagnostic) {
        self.init(
            steps: try reader.int("steps"), passed: try reader.int("passed"), failed: try reader.int("failed"),
            skipped: try reader.int("skipped"), errored: try reader.optionalInt("errored") ?? 0,
            requests: try reader.int("requests"), retries: try reader.int("retries"),
            polls: try reader.optionalInt("polls") ?? 0
        )
    }
}
