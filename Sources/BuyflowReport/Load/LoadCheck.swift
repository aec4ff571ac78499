import BuyflowCore

/// A check of a load run, counted over every iteration, as k6 counts its checks: an
/// assertion of a step, or (`kind` other than `assertion`) a step's own condition — its
/// request, its `errors` or `userErrors` policy, its poll — that failed. Written as
/// `{"name": "Create cart: data.cartCreate.cart.totalQuantity == 2", "step": "create-cart",
/// "kind": "assertion", "expression": "…", "location": "checkout.yaml:31:11", "passes": 980,
/// "fails": 20, "samples": […]}`; at most `sampleLimit` distinct samples are kept, so a long
/// load keeps counters, not failures.
public struct LoadCheck: JSONConvertible, Sendable, Hashable {
    public static let sampleLimit = 3

    /// The step's id, and its name as reports show it.
    public var step: String
    public var stepName: String
    /// `assertion`, or the error kind of the step's failure.
    public var kind: ErrorKind
    /// The assertion as written, or what the step's condition is (`request succeeds`).
    public var expression: String
    public var location: SourceLocation?
    public var passes: Int
    public var fails: Int
    public var samples: [LoadCheckSample]

    public init(
        step: String, stepName: String, kind: ErrorKind = .assertion, expression: String, location: SourceLocation? = nil,
        passes: Int = 0, fails: Int = 0, samples: [LoadCheckSample] = []
    ) {
        self.step = step
        self.stepName = stepName
        self.kind = kind
        self.expression = expression
        self.location = location
        self.passes = passes
        self.fails = fails
        self.samples = samples
    }

    /// `<step name>: <expression>`, as `buyflow export k6` names the same check.
    public var name: String { "\(stepName): \(expression)" }

    /// Passes over evaluations, 0…1 (1 when never evaluated).
    public var passRate: Double { passes + fails == 0 ? 1 : Double(passes) / Double(passes + fails) }

    /// Whether `other` counts the same check (same step and expression).
    public func isSameCheck(as other: LoadCheck) -> Bool {
        step == other.step && expression == other.expression
    }

    /// What a step's own condition is, named by the kind of failure that breaks it (every
    /// transport failure breaks `request succeeds`).
    public static func expression(for kind: ErrorKind) -> String {
        switch kind {
        case .network, .timeout, .http, .invalidJson, .noData: "request succeeds"
        case .graphql: "errors policy"
        case .userErrors: "userErrors policy"
        case .assertion: "assertions hold"
        case .poll: "poll ends in time"
        case .cast: "node has the type asked for"
        case .template: "templates evaluate"
        case .apiVersion: "served API version"
        }
    }

    /// Keeps `sample` unless `sampleLimit` are kept already or one says the same.
    public mutating func keep(_ sample: LoadCheckSample) {
        guard samples.count < Self.sampleLimit, !samples.contains(where: { $0.sameFailure(as: sample) }) else { return }
        samples.append(sample)
    }

    /// Adds another shard's counts and samples (up to the limit).
    public mutating func merge(_ other: LoadCheck) {
        passes += other.passes
        fails += other.fails
        for sample in other.samples { keep(sample) }
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["name"] = .string(name)
        object["step"] = .string(step)
        object["stepName"] = .string(stepName)
        object["kind"] = .string(kind.rawValue)
        object["expression"] = .string(expression)
        object["location"] = location.map { .string($0.description) } ?? .null
        object["passes"] = .int(passes)
        object["fails"] = .int(fails)
        object["samples"] = .array(samples.map(\.jsonValue))
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            step: try reader.string("step"), stepName: try reader.string("stepName"),
            kind: try reader.optionalEnumeration("kind") ?? .assertion, expression: try reader.string("expression"),
            location: try reader.optionalLocation("location"), passes: try reader.int("passes"), fails: try reader.int("fails"),
            samples: try reader.array("samples", default: [])
        )
    }
}
