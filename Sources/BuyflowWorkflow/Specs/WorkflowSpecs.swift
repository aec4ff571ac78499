import BuyflowCore

/// Every key of the workflow format (the contract, `shared/spec/workflow-format.md`, and
/// buyflow's documented extensions), as data: the loader checks mappings against these,
/// and `buyflow schema workflow` builds the JSON Schema for editors from the same specs.
public enum WorkflowSpecs {
    /// A string that may be a template; in a JSON Schema any string.
    static let templated: ValueShape = .string
    /// A duration (`500ms`, `10s`, a bare `0`) or a template giving one.
    static let duration: ValueShape = .anyOf([
        .pattern(#"^(0|[0-9]+(\.[0-9]+)?(us|µs|ms|s|m|h)|.*\$\{\{.*\}\}.*)$"#), .choice([JSONValue.int(0)]),
    ])
    /// A string holding a template, for settings that are otherwise numbers.
    static let template: ValueShape = .pattern(#"\$\{\{.*\}\}"#)
    /// An expression (no `${{ }}` needed, but allowed around it); a YAML number or
    /// boolean is a literal one.
    static let expression: ValueShape = .anyOf([.string, .number, .boolean])
    /// Text the loader also takes from a number or a boolean (`name: 2026` is "2026").
    static let text: ValueShape = .anyOf([.string, .number, .boolean])
    /// `a.b.0.c`, or a list of names and indexes.
    static let path: ValueShape = .anyOf([text, .list(.anyOf([.string, .integer]))])
    static let headers: ValueShape = .map(.anyOf([.string, .number, .boolean]))
    static let errorKinds = ["network", "timeout", "http5xx", "http429", "http4xx", "invalidJson"]

    public static let workflow = ObjectSpec(
        "workflow", name: "the workflow file", summary: "A buyflow workflow: steps sent to a Storefront API.",
        keys: [
            KeySpec("version", required: true, .choice([JSONValue.int(1)]), "the format version, the integer 1"),
            KeySpec("name", required: true, .string, "human name, used in reports"),
            KeySpec("description", .string, "free text"),
            KeySpec("schema", .string, "path to a schema (SDL or introspection JSON) every operation is validated against"),
            KeySpec("documents", .list(.string), "paths to .graphql files with named operations and fragments"),
            KeySpec("shop", .object(shop), "the target; absent: the embedded sample shop"),
            KeySpec("defaults", .object(defaults), "settings applied to every step unless it overrides them"),
            KeySpec("vars", .map(.any), "typed values, used as vars.<name>"),
            KeySpec("steps", required: true, .list(.reference("step"), minItems: 1), "the ordered steps"),
            KeySpec("finally", .list(.reference("step")), "steps that always run after 'steps'"),
            KeySpec("load", .object(load), "the profile of 'buyflow load'"),
            KeySpec("data", .anyOf([.string, .list(.map(.any))]), "rows for a data-driven run: a .csv/.json/.yaml path or a list"),
        ]
    )

    public static let stepsFile = ObjectSpec(
        "stepsFile", name: "the steps file", summary: "Reusable steps, run in place of a 'use' step.",
        keys: [
            KeySpec("version", required: true, .choice([JSONValue.int(1)]), "the format version, the integer 1"),
            KeySpec("name", required: true, .string, "human name"),
            KeySpec("description", .string, "free text"),
            KeySpec(
                "params", .map(.anyOf([.object(parameter), .choice([JSONValue.null])])),
                "parameters given by the 'with' of a 'use' step (an empty one is optional)"
            ),
            KeySpec("steps", required: true, .list(.reference("step"), minItems: 1), "the steps"),
            KeySpec("outputs", .map(.anyOf([expression, .object(captureObject)])), "expressions that become captures of the caller"),
        ]
    )

    static let parameter = ObjectSpec(
        "parameter", name: "a parameter",
        keys: [
            KeySpec("required", .boolean, "the 'with' of the 'use' step must give it"),
            KeySpec("default", .any, "the value when 'with' does not give one"),
            KeySpec("description", .string, "free text"),
        ]
    )

    static let shop = ObjectSpec(
        "shop", name: "'shop'",
        keys: [
            KeySpec("domain", templated, "e.g. shoes.myshopify.com"),
            KeySpec("url", templated, "a full endpoint URL instead of 'domain'"),
            KeySpec("apiVersion", .pattern(#"^[0-9]{4}-[0-9]{2}$|^unstable$"#), "Storefront API version, YYYY-MM"),
            KeySpec("token", templated, "Storefront access token (always redacted)"),
            KeySpec("locale", templated, "e.g. en-CA: Accept-Language and @inContext"),
            KeySpec("headers", headers, "extra request headers"),
            KeySpec("apiVersionMismatch", .choice(["warn", "fail"]), "what a served version other than the requested one does"),
        ]
    )

    static let defaults = ObjectSpec(
        "defaults", name: "'defaults'",
        keys: [
            KeySpec("timeout", duration, "per attempt, e.g. 10s"),
            KeySpec("retry", .object(retry), "transport retries"),
            KeySpec("errors", errorsShape, "what GraphQL errors do"),
            KeySpec("userErrors", userErrorsShape, "what userErrors do"),
            KeySpec("headers", headers, "extra request headers"),
        ]
    )

    static let bodies = ["query", "mutation", "operation", "node", "sleep", "use"]
    /// The same keys, for looking them up in a step (as bytes, making no string).
    static let bodyKeys: [FieldKey] = ["query", "mutation", "operation", "node", "sleep", "use"]

    public static let step = ObjectSpec(
        "step", name: "a step",
        keys: [
            KeySpec("name", required: true, text, "unique within the workflow"),
            KeySpec(
                "id", .anyOf([.pattern("^[A-Za-z0-9_-]+$"), .integer, .boolean]),
                "identifier for reports and steps.<id> (letters, digits, '-' and '_'); default: the name in kebab-case"
            ),
            KeySpec("query", .string, "a GraphQL query document"),
            KeySpec("mutation", .string, "a GraphQL mutation document"),
            KeySpec("operation", .string, "a named operation from 'documents'"),
            KeySpec("node", templated, "a global ID to fetch (with 'as' and 'select')"),
            KeySpec("as", .string, "the type the node must be"),
            KeySpec("select", .string, "the selection set on that type"),
            KeySpec("sleep", duration, "wait"),
            KeySpec("use", .string, "a steps file to run in place"),
            KeySpec("with", .map(.any), "the parameters of the steps file"),
            KeySpec("variables", .map(.any), "operation variables"),
            KeySpec("capture", .map(.anyOf([expression, .object(captureObject)])), "name: expression, evaluated after the step passes"),
            KeySpec("assert", .list(.anyOf([expression, .object(assertion)])), "assertions that must hold"),
            KeySpec("errors", errorsShape, "forbid (default), allow, or a list of expected errors"),
            KeySpec("userErrors", userErrorsShape, "forbid (default), allow, or a list of expected userErrors"),
            KeySpec("retry", .object(retry), "transport retries"),
            KeySpec("poll", .object(poll), "repeat the step until a condition holds"),
            KeySpec("timeout", duration, "per attempt (default 30s)"),
            KeySpec("headers", headers, "extra request headers"),
            KeySpec("if", expression, "the step runs only when this holds"),
            KeySpec("tags", .anyOf([.string, .list(text)]), "buyflow run --tag x runs only steps tagged x"),
            KeySpec("continueOnError", .boolean, "a failure fails the run but does not skip the steps after it"),
        ],
        exactlyOneOf: [bodies]
    )

    static let captureObject = ObjectSpec(
        "capture", name: "a capture",
        keys: [
            KeySpec("value", required: true, expression, "the expression"),
            KeySpec("secret", .boolean, "redact the value everywhere"),
        ]
    )

    static let assertionOperators = [
        "equals", "notEquals", "contains", "matches", "exists", "type", "length", "gt", "gte", "lt", "lte", "oneOf",
    ]

    static let assertion = ObjectSpec(
        "assertion", name: "an assertion",
        keys: [KeySpec("that", required: true, expression, "the expression to check")]
            + assertionOperators.map { KeySpec($0, .any, "") },
        exactlyOneOf: [assertionOperators]
    )

    static let expectedError = ObjectSpec(
        "expectedError", name: "an expected error",
        keys: [
            KeySpec("message", text, "a substring, or /regex/"),
            KeySpec("code", text, "extensions.code"),
            KeySpec("path", path, "a.b.0.c"),
        ]
    )

    static let expectedUserError = ObjectSpec(
        "expectedUserError", name: "an expected userError",
        keys: [
            KeySpec("code", text, "e.g. INVALID_MERCHANDISE_LINE"),
            KeySpec("field", path, "the field path"),
            KeySpec("message", text, "a substring, or /regex/"),
        ]
    )

    static let errorsShape: ValueShape = .anyOf([.choice(["forbid", "allow"]), .list(.object(expectedError))])
    static let userErrorsShape: ValueShape = .anyOf([.choice(["forbid", "allow"]), .list(.object(expectedUserError))])

    static let retry = ObjectSpec(
        "retry", name: "'retry'",
        keys: [
            KeySpec("attempts", .anyOf([.integer(minimum: 1, maximum: 100), template]), "attempts in all (default 3 for queries)"),
            KeySpec("backoff", .choice(Backoff.allCases.map(\.rawValue)), "how waits grow"),
            KeySpec("interval", duration, "the first wait"),
            KeySpec("maxInterval", duration, "the longest wait"),
            KeySpec("on", .anyOf([.choice(errorKinds), .list(.choice(errorKinds))]), "what is retried: one condition or a list"),
            KeySpec("mutations", .boolean, "allow repeating a mutation"),
        ]
    )

    static let poll = ObjectSpec(
        "poll", name: "'poll'",
        keys: [
            KeySpec("until", required: true, expression, "repeat until this holds"),
            KeySpec("failIf", expression, "fail at once when this holds"),
            KeySpec(
                "interval", .anyOf([duration, .integer(minimum: 0, maximum: nil), .string]),
                "a duration, milliseconds, or an expression giving milliseconds (data.cartCompletionAttempt.pollDelay)"
            ),
            KeySpec("backoff", .choice(Backoff.allCases.map(\.rawValue)), "how waits grow"),
            KeySpec("maxInterval", duration, "the longest wait"),
            KeySpec("maxAttempts", .anyOf([.integer(minimum: 1, maximum: 100_000), template]), "attempts in all (default 20)"),
            KeySpec("timeout", duration, "the longest the poll may take (default 60s)"),
        ]
    )

    static let load = ObjectSpec(
        "load", name: "'load'",
        keys: [
            KeySpec("vus", .integer(minimum: 1, maximum: 10_000), "concurrent virtual users"),
            KeySpec("duration", duration, "how long"),
            KeySpec("iterations", .integer(minimum: 1, maximum: nil), "total iterations"),
            KeySpec("rampUp", duration, "linear ramp from 0 to vus"),
            KeySpec("arrivalRate", .pattern(#"^[0-9]+(\.[0-9]+)?/(s|m)$"#), "new iterations per second, e.g. 50/s"),
            KeySpec("maxVus", .integer(minimum: 1, maximum: 10_000), "the most VUs the open model may use"),
            KeySpec("thresholds", .list(.string), "e.g. p95(step:create-cart) < 300ms"),
            KeySpec("abortOnFail", .boolean, "stop as soon as a threshold is breached for good"),
        ]
    )

    /// Every object spec, for the JSON Schema's `$defs`.
    public static let all: [ObjectSpec] = [
        workflow, stepsFile, parameter, shop, defaults, step, captureObject, assertion, expectedError, expectedUserError,
        retry, poll, load,
    ]
}
