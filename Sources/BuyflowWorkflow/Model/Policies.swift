import BuyflowCore

/// `errors:` — what GraphQL `errors` in a response do to the step.
public enum ErrorPolicy: Sendable {
    /// Any entry fails the step, even with `data` present (the default).
    case forbid
    /// Errors are recorded; partial `data` is used.
    case allow
    /// The step fails unless each expected error came back.
    case expect([ExpectedError])

    public struct ExpectedError: Sendable {
        public var message: TextMatcher?
        public var code: String?
        /// `a.b.0.c`
        public var path: [JSONValue]?
        public var location: SourceLocation
    }
}

/// `userErrors:` — what a non-empty `userErrors` list in any top-level payload does.
public enum UserErrorPolicy: Sendable {
    case forbid
    case allow
    case expect([ExpectedUserError])

    public struct ExpectedUserError: Sendable {
        public var code: String?
        /// `field`: a path written as a list (`[lines, 0, quantity]`) or dotted text.
        public var field: [String]?
        public var message: TextMatcher?
        public var location: SourceLocation
    }
}

/// A substring, or a `/regular expression/`.
public enum TextMatcher: Sendable {
    case substring(String)
    case pattern(String)

    public var description: String {
        switch self {
        case .substring(let text): "\"\(text)\""
        case .pattern(let pattern): "/\(pattern)/"
        }
    }
}

/// How waits grow between attempts.
public enum Backoff: String, Sendable, CaseIterable {
    case none, linear, exponential
}

/// `retry:` — transport-level retries. Its fields (`Fields`, read and written as the
/// policy's own: `policy.attempts`) are kept out of line, in one shared immutable box:
/// every step holds a policy, most of them the workflow's defaults unchanged, so a step
/// copies one reference instead of about 200 bytes (three settings and a set); changing
/// a field makes a new box.
@dynamicMemberLookup
public struct RetryPolicy: Sendable {
    public struct Fields: Sendable {
        /// Attempts in all (1 = no retry). Queries default to 3; mutations to 1.
        public var attempts: Setting<Int>
        public var backoff: Backoff
        public var interval: Setting<Duration>
        public var maxInterval: Setting<Duration>
        public var on: Set<RetryCondition>
        /// Mutations are repeated only when this is true.
        public var mutations: Bool
        /// Whether the step wrote `attempts` itself (a mutation with `mutations: true` and
        /// no `attempts` gets the query default).
        public var attemptsGiven: Bool
    }

    private final class Box: Sendable {
        let fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    private init(_ fields: Fields) {
        box = Box(fields)
    }

    public static let `default` = RetryPolicy(Fields(
        attempts: .literal(3), backoff: .exponential, interval: .literal(.milliseconds(200)),
        maxInterval: .literal(.seconds(5)), on: [.network, .timeout, .http5xx, .http429], mutations: false,
        attemptsGiven: false
    ))

    /// A field, read from the shared box or written into a new one (boxes are shared
    /// between copies and never mutated).
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        get { box.fields[keyPath: field] }
        set {
            var fields = box.fields
            fields[keyPath: field] = newValue
            box = Box(fields)
        }
    }
}

/// What a transport retry answers to.
public enum RetryCondition: String, Sendable, CaseIterable {
    case network, timeout, http5xx, http429, http4xx, invalidJson
}

/// `poll:` — repeat the step until `until` holds.
public struct PollPolicy: Sendable {
    public var until: ParsedExpression
    public var failIf: ParsedExpression?
    public var interval: PollInterval
    public var backoff: Backoff
    public var maxInterval: Setting<Duration>
    public var maxAttempts: Setting<Int>
    public var timeout: Setting<Duration>
    public var location: SourceLocation

    public enum PollInterval: Sendable {
        case fixed(Setting<Duration>)
        /// Milliseconds from the last response (`data.cartCompletionAttempt.pollDelay`).
        case expression(ParsedExpression)
    }
}

/// `defaults:` of a workflow.
public struct StepDefaults: Sendable {
    public var timeout: Setting<Duration> = .literal(.seconds(30))
    public var retry: RetryPolicy = .default
    public var errors: ErrorPolicy = .forbid
    public var userErrors: UserErrorPolicy = .forbid
    public var headers: [(name: String, value: ValueTemplate)] = []

    public init() {}
}

/// `shop:` — the target.
public struct ShopSettings: Sendable {
    public var domain: ValueTemplate?
    public var url: ValueTemplate?
    public var apiVersion: String?
    public var token: ValueTemplate?
    public var locale: ValueTemplate?
    public var headers: [(name: String, value: ValueTemplate)]
    public var apiVersionMismatch: APIVersionMismatch
    public var location: SourceLocation
}

/// What a served API version other than the requested one does.
public enum APIVersionMismatch: String, Sendable, CaseIterable {
    case warn, fail
}
