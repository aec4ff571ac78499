import BuyflowCore
import BuyflowExpressions
import BuyflowReport
import BuyflowWorkflow

/// Assertions (every one evaluated and reported) and captures.
extension RunSession {
    func checkAssertions(_ step: Step, in scope: ExpressionScope, frame: StepFrame, run: inout StepRun) throws(StepStop) {
        guard !step.assertions.isEmpty else { return }
        run.report.assertions = step.assertions.map { evaluate($0, in: scope, frame: frame) }
        if let failure = Failure(failedAssertionsOf: run.report.assertions) { throw StepStop(failure) }
    }

    private func evaluate(_ assertion: Assertion, in scope: ExpressionScope, frame: StepFrame) -> AssertionReport {
        let text = assertion.text
        switch assertion.check {
        case .expression(let parsed):
            let holds: Bool
            do {
                holds = try ExpressionEvaluator.condition(parsed.expression, in: scope)
            } catch {
                return AssertionReport(
                    expression: text, passed: false, location: assertion.location, expected: .bool(true),
                    message: "cannot evaluate \(text): \(explain(error, frame: frame))"
                )
            }
            guard !holds else { return AssertionReport(expression: text, passed: true, location: assertion.location) }
            return failedExpression(parsed.expression, text: text, location: assertion.location, in: scope)
        case .comparison(let that, let op, let expectedTemplate):
            let actual: JSONValue
            let expected: JSONValue
            do {
                actual = try ExpressionEvaluator.evaluate(that.expression, in: scope)
            } catch {
                return AssertionReport(
                    expression: text, passed: false, location: assertion.location,
                    message: "cannot evaluate \(that.text): \(explain(error, frame: frame))"
                )
            }
            do {
                expected = try expectedTemplate.render(in: scope)
            } catch {
                return AssertionReport(
                    expression: text, passed: false, location: assertion.location, actual: shown(actual),
                    message: "template \(error.template): \(explain(error.error, frame: frame))"
                )
            }
            do {
                if try op.holds(actual: actual, expected: expected) {
                    return AssertionReport(expression: text, passed: true, location: assertion.location)
                }
            } catch {
                let shownActual = self.shownActual(actual, for: op)
                let shownExpected = redactor(expected)
                return AssertionReport(
                    expression: text, passed: false, location: assertion.location, expected: shownExpected, actual: shownActual,
                    message: "\(that.text) \(op.rawValue) \(said(expected)): \(error.message)"
                )
            }
            // Redacted before it is cut: a secret across the cut keeps no head.
            let shownActual = self.shownActual(actual, for: op)
            let shownExpected = redactor(expected)
            return AssertionReport(
                expression: text, passed: false, location: assertion.location, expected: shownExpected, actual: shownActual,
                message: "expected \(that.text) \(op.symbol) \(said(expected)), but it is \(said(shownActual))"
            )
        }
    }

    /// For `length` and `type`, the actual length or type; else the value (shortened).
    private func shownActual(_ actual: JSONValue, for op: AssertionOperator) -> JSONValue {
        switch op {
        case .length:
            switch actual {
            case .string(let text): return .int(text.count)
            case .array(let items): return .int(items.count)
            case .object(let object): return .int(object.count)
            default: return shown(actual)
            }
        case .type:
            return .string(actual.arrayValue != nil ? "list" : actual.typeName)
        default:
            return shown(actual)
        }
    }

    /// A false expression: for a comparison, its two sides (actual left, expected right);
    /// otherwise expected `true` and the value it gave.
    private func failedExpression(_ expression: Expression, text: String, location: SourceLocation, in scope: ExpressionScope) -> AssertionReport {
        var inner = expression
        while case .parenthesized(let wrapped, _) = inner { inner = wrapped }
        if case .binary(let op, let left, let right, _) = inner,
           [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .in, .contains, .matches].contains(op),
           let actual = try? ExpressionEvaluator.evaluate(left, in: scope),
           let expected = try? ExpressionEvaluator.evaluate(right, in: scope) {
            let shownActual = shown(actual)
            return AssertionReport(
                expression: text, passed: false, location: location, expected: shown(expected), actual: shownActual,
                message: "expected \(text), but \(left.description) is \(said(shownActual))"
            )
        }
        let value = (try? ExpressionEvaluator.evaluate(expression, in: scope)) ?? .null
        return AssertionReport(
            expression: text, passed: false, location: location, expected: .bool(true), actual: shown(value),
            message: "expected \(text) to hold, but it is \(said(value))"
        )
    }

    /// Evaluates the step's captures into the frame; secret ones are `[redacted]` in the
    /// report and their values join the run's secrets.
    /// The step's captures, evaluated in `scope`; the caller stores them once the scope
    /// (which shares the frame's captures) is gone, so storing copies nothing.
    func captures(_ step: Step, in scope: ExpressionScope, frame: StepFrame, run: inout StepRun) throws(StepStop) -> [(Capture, JSONValue)] {
        var values: [(Capture, JSONValue)] = []
        for capture in step.captures {
            let value: JSONValue
            do {
                value = try ExpressionEvaluator.evaluate(capture.expression.expression, in: scope)
            } catch {
                throw StepStop(.template, "capture '\(capture.name)' \(capture.expression.text): \(explain(error, frame: frame))", location: capture.location)
            }
            values.append((capture, value))
            run.report.captures[capture.name] = capture.isSecret ? .string("[redacted]") : value
        }
        return values
    }

    /// Keeps a captured value (and, when secret, its text among the secrets).
    func store(_ capture: Capture, value: JSONValue, in frame: inout StepFrame) {
        frame.captures[capture.name] = value
        frame.missing[capture.name] = nil
        guard capture.isSecret else { return }
        secrets += Redactor.secretTexts(of: value)
    }
}
