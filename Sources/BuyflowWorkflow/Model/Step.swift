import BuyflowCore
import BuyflowExpressions

/// One step of a workflow or steps file, with its defaults applied.
public struct Step: Sendable {
    public var name: String
    /// `id`, or the name in kebab-case.
    public var id: String
    /// Where the step's mapping starts (its `- ` item).
    public var location: SourceLocation
    public var body: StepBody
    /// Operation variables, in the order written.
    public var variables: [(name: String, value: ValueTemplate)]
    public var captures: [Capture]
    public var assertions: [Assertion]
    public var errors: ErrorPolicy
    public var userErrors: UserErrorPolicy
    public var retry: RetryPolicy
    /// Out of line: few steps poll, and a policy is several times a step's other settings.
    @OutOfLine public var poll: PollPolicy?
    /// Per attempt.
    public var timeout: Setting<Duration>
    public var headers: [(name: String, value: ValueTemplate)]
    /// `if`: the step runs only when this holds.
    public var condition: ParsedExpression?
    public var tags: [String]
    public var continueOnError: Bool
}

/// What a step does: exactly one body.
public enum StepBody: Sendable {
    case operation(OperationSource)
    /// Boxed: a lookup is twice an operation's size, and few steps are node steps.
    indirect case node(NodeLookup)
    case sleep(Setting<Duration>)
    case use(UseCall)

    /// The GraphQL operation the step sends, if it sends one.
    public var operation: OperationSource? {
        switch self {
        case .operation(let operation): operation
        case .node(let lookup): lookup.operation
        case .sleep, .use: nil
        }
    }
}

/// `node: <id>`, `as: <Type>`, `select: <selection>`: fetch one object by global ID.
public struct NodeLookup: Sendable {
    public var id: ValueTemplate
    public var typeName: String
    public var typeLocation: SourceLocation
    /// The built operation: `query($id: ID!) { node(id: $id) { __typename ... on T { … } } }`.
    public var operation: OperationSource
}

/// `use: <steps file>` with `with:` values.
public struct UseCall: Sendable {
    public var path: String
    public var arguments: [(name: String, value: ValueTemplate)]
    public var stepsFile: StepsFile
}

/// A reusable steps file: `params`, `steps`, `outputs`.
///
/// Loaded once and shared by every `use` of it: a class, so a use holds one reference.
public final class StepsFile: Sendable {
    public let file: String
    public let name: String
    public let params: [Parameter]
    public let steps: [Step]
    /// Each becomes a capture of the calling workflow.
    public let outputs: [Capture]

    public init(file: String, name: String, params: [Parameter], steps: [Step], outputs: [Capture]) {
        self.file = file
        self.name = name
        self.params = params
        self.steps = steps
        self.outputs = outputs
    }

    public struct Parameter: Sendable {
        public var name: String
        public var isRequired: Bool
        public var defaultValue: ValueTemplate?
        public var location: SourceLocation
    }
}
