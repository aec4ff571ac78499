import Buy
import BuyflowCore
import BuyflowExpressions
import BuyflowReport
import BuyflowWorkflow

/// Templates rendered when a step runs: variables, headers, settings.
extension RunSession {
    /// The template's value; a failure is a `template` error naming it and where it is.
    func render(_ template: ValueTemplate, in scope: ExpressionScope, frame: StepFrame, context: String? = nil) throws(StepStop) -> JSONValue {
        do {
            return try template.render(in: scope)
        } catch {
            let place = context.map { " in \($0)" } ?? ""
            throw StepStop(.template, "template \(error.template)\(place): \(explain(error.error, frame: frame))", location: error.location)
        }
    }

    func duration(_ setting: Setting<Duration>, _ context: String, in scope: ExpressionScope, frame: StepFrame) throws(StepStop) -> Duration {
        switch setting {
        case .literal(let value):
            return value
        case .template(let template):
            let value = try render(template, in: scope, frame: frame, context: context)
            if let text = value.stringValue, let parsed = DurationText.parse(text) { return parsed }
            if let number = value.doubleValue, let duration = DurationText.milliseconds(number) { return duration }
            throw StepStop(.template, "\(context) must be a duration such as 10s or 500ms (or milliseconds), at most \(DurationText.maximumText), but \(template.sourceText) is \(said(value))", location: template.location)
        }
    }

    func integer(_ setting: Setting<Int>, _ context: String, in scope: ExpressionScope, frame: StepFrame) throws(StepStop) -> Int {
        switch setting {
        case .literal(let value):
            return value
        case .template(let template):
            let value = try render(template, in: scope, frame: frame, context: context)
            if let number = value.intValue, number >= 1 { return number }
            if let text = value.stringValue, let number = Int(text.trimmingSpaces), number >= 1 { return number }
            throw StepStop(.template, "\(context) must be a whole number of at least 1, but \(template.sourceText) is \(said(value))", location: template.location)
        }
    }

    /// The operation's variables; `nil` when the step has none.
    func variables(of step: Step, in scope: ExpressionScope, frame: StepFrame) throws(StepStop) -> JSONObject? {
        if case .node(let lookup) = step.body {
            let id = try render(lookup.id, in: scope, frame: frame, context: "'node'")
            return JSONObject([(NodeQuery.idVariable, id)])
        }
        guard !step.variables.isEmpty else { return nil }
        var object = JSONObject(minimumCapacity: step.variables.count)
        for variable in step.variables {
            object[variable.name] = try render(variable.value, in: scope, frame: frame, context: "variable '\(variable.name)'")
        }
        return object
    }

    /// The step's headers (defaults merged in by the loader); `null` leaves one out.
    func headers(of step: Step, in scope: ExpressionScope, frame: StepFrame) throws(StepStop) -> Graph.HTTPHeaders {
        var headers = Graph.HTTPHeaders()
        for header in step.headers {
            switch try render(header.value, in: scope, frame: frame, context: "header '\(header.name)'") {
            case .null: continue
            case .string(let text): headers[header.name] = text
            case let other: headers[header.name] = JSONSerializer().string(other)
            }
        }
        return headers
    }
}
