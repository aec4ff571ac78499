import Buy
import BuyflowCore
import BuyflowReport
import BuyflowWorkflow

/// The checks on a response that got through the transport: the API version served,
/// then the `errors` and `userErrors` policies.
extension RunSession {
    func checkResponse(_ step: Step, _ exchange: Graph.Exchange, values: ResponseValues, run: inout StepRun) throws(StepStop) {
        try checkAPIVersion(step, exchange, run: &run)
        try checkErrors(step.errors, exchange)
        try checkUserErrors(step.userErrors, data: values.data)
    }

    /// A served version other than the requested one: a warning, or with
    /// `apiVersionMismatch: fail` an `apiVersion` failure. A deprecation header: a warning.
    private func checkAPIVersion(_ step: Step, _ exchange: Graph.Exchange, run: inout StepRun) throws(StepStop) {
        if let served = exchange.headers["X-Shopify-API-Version"], served != target.apiVersion {
            let message = "requested Storefront API version \(target.apiVersion), but the shop served \(served)"
            if target.apiVersionMismatch == .fail {
                var failure = Failure(kind: .apiVersion, message: message, expected: .string(target.apiVersion), actual: .string(served))
                failure.location = step.location
                throw StepStop(failure)
            }
            let warning = ReportWarning(kind: .apiVersionMismatch, message: message, location: step.location)
            run.warn(warning)
            if !warnings.contains(warning) { warnings.append(warning) }
        }
        if let reason = exchange.headers["X-Shopify-API-Deprecated-Reason"] {
            run.warn(ReportWarning(kind: .deprecated, message: "the shop reports deprecated use: \(reason)", location: step.location))
        }
    }

    private func checkErrors(_ policy: ErrorPolicy, _ exchange: Graph.Exchange) throws(StepStop) {
        let reasons = exchange.errors
        switch policy {
        case .allow:
            return
        case .forbid:
            guard !reasons.isEmpty else { return }
            let listed = reasons.map(\.description).joined(separator: "; ")
            let noun = reasons.count == 1 ? "a GraphQL error" : "\(reasons.count) GraphQL errors"
            var failure = Failure(kind: .graphql, message: "the response carries \(noun): \(listed)")
            if let data = exchange.json?["data"], !data.isNull { failure.actual = shown(data) }
            throw StepStop(failure)
        case .expect(let expected):
            for expectation in expected where !reasons.contains(where: { Self.matches(expectation, $0) }) {
                let came = reasons.isEmpty ? "no errors came back" : "errors: " + reasons.map(\.description).joined(separator: "; ")
                throw StepStop(Failure(
                    kind: .graphql, message: "expected GraphQL error \(Self.describe(expectation)) did not come back; \(came)",
                    expected: Self.json(expectation), actual: .array(exchange.json?["errors"]?.arrayValue ?? []),
                    location: expectation.location
                ))
            }
        }
    }

    private func checkUserErrors(_ policy: UserErrorPolicy, data: JSONValue) throws(StepStop) {
        if case .allow = policy { return }
        var found: [(field: String, error: JSONValue)] = []
        for (field, payload) in data.objectValue ?? JSONObject() {
            for error in payload["userErrors"]?.arrayValue ?? [] { found.append((field, error)) }
        }
        switch policy {
        case .allow:
            return
        case .forbid:
            guard !found.isEmpty else { return }
            let listed = found.map { "\($0.field): \(Self.describe(userError: $0.error))" }.joined(separator: "; ")
            throw StepStop(Failure(kind: .userErrors, message: "the mutation returned userErrors: \(listed)", actual: .array(found.map(\.error))))
        case .expect(let expected):
            for expectation in expected where !found.contains(where: { Self.matches(expectation, $0.error) }) {
                let came = found.isEmpty ? "no userErrors came back"
                    : "userErrors: " + found.map { Self.describe(userError: $0.error) }.joined(separator: "; ")
                throw StepStop(Failure(
                    kind: .userErrors, message: "expected userError \(Self.describe(expectation)) did not come back; \(came)",
                    expected: Self.json(expectation), actual: .array(found.map(\.error)), location: expectation.location
                ))
            }
        }
    }

    // MARK: Matching

    static func matches(_ expected: ErrorPolicy.ExpectedError, _ reason: Graph.QueryError.Reason) -> Bool {
        if let message = expected.message, !message.matches(reason.message) { return false }
        if let code = expected.code, reason.code != code { return false }
        if let path = expected.path {
            let actual: [JSONValue] = reason.path.map { element in
                switch element {
                case .key(let key): .string(key)
                case .index(let index): .int(index)
                }
            }
            if actual != path { return false }
        }
        return true
    }

    static func matches(_ expected: UserErrorPolicy.ExpectedUserError, _ error: JSONValue) -> Bool {
        if let code = expected.code, error["code"]?.stringValue != code { return false }
        if let field = expected.field {
            let actual = (error["field"]?.arrayValue ?? []).map { $0.stringValue ?? $0.description }
            if actual != field { return false }
        }
        if let message = expected.message, !message.matches(error["message"]?.stringValue ?? "") { return false }
        return true
    }

    // MARK: Describing

    static func describe(userError error: JSONValue) -> String {
        var text = error["code"]?.stringValue ?? "userError"
        if let field = error["field"]?.arrayValue, !field.isEmpty {
            text += " at " + field.map { $0.stringValue ?? $0.description }.joined(separator: ".")
        }
        if let message = error["message"]?.stringValue { text += ": \(message)" }
        return text
    }

    static func describe(_ expected: ErrorPolicy.ExpectedError) -> String {
        var parts: [String] = []
        if let message = expected.message { parts.append("message: \(message.description)") }
        if let code = expected.code { parts.append("code: \(code)") }
        if let path = expected.path { parts.append("path: " + path.map { $0.stringValue ?? $0.description }.joined(separator: ".")) }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func describe(_ expected: UserErrorPolicy.ExpectedUserError) -> String {
        var parts: [String] = []
        if let code = expected.code { parts.append("code: \(code)") }
        if let field = expected.field { parts.append("field: " + field.joined(separator: ".")) }
        if let message = expected.message { parts.append("message: \(message.description)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    static func json(_ expected: ErrorPolicy.ExpectedError) -> JSONValue {
        var object = JSONObject()
        if let message = expected.message { object["message"] = .string(message.description) }
        if let code = expected.code { object["code"] = .string(code) }
        if let path = expected.path { object["path"] = .array(path) }
        return .object(object)
    }

    static func json(_ expected: UserErrorPolicy.ExpectedUserError) -> JSONValue {
        var object = JSONObject()
        if let code = expected.code { object["code"] = .string(code) }
        if let field = expected.field { object["field"] = .array(field.map(JSONValue.string)) }
        if let message = expected.message { object["message"] = .string(message.description) }
        return .object(object)
    }
}
