import BuyflowCore
import BuyflowExpressions
import BuyflowReport
import BuyflowWorkflow

/// `use:` steps: a steps file's steps in place, in a frame of their own.
extension RunSession {
    /// Runs the steps file's steps as `<use step name> › <inner step name>`; its outputs
    /// become captures of `frame`. Returns whether one of them failed.
    nonisolated(nonsending) func runUse(_ step: Step, call: UseCall, frame: inout StepFrame) async -> Bool {
        let callerScope = scope(frame)
        var params = JSONObject(minimumCapacity: call.stepsFile.params.count)
        do throws(StepStop) {
            for parameter in call.stepsFile.params {
                if let argument = call.arguments.first(where: { $0.name == parameter.name }) {
                    params[parameter.name] = try render(argument.value, in: callerScope, frame: frame, context: "'with.\(parameter.name)'")
                } else if let value = parameter.defaultValue {
                    params[parameter.name] = try render(value, in: callerScope, frame: frame, context: "the default of '\(parameter.name)'")
                } else {
                    params[parameter.name] = .null
                }
            }
        } catch {
            finish(StepReport(
                id: step.id, name: frame.prefix + step.name, status: .failed, operation: nil, location: step.location,
                duration: .zero, failure: error.failure
            ))
            markMissing(step, in: &frame)
            return true
        }

        var inner = StepFrame()
        inner.params = .object(params)
        inner.prefix = frame.prefix + step.name + " › "
        var blocked: String?
        var failed = false
        for innerStep in call.stepsFile.steps {
            let before = reports.count
            await execute(innerStep, frame: &inner, blocked: &blocked)
            if reports[before...].contains(where: { $0.status == .failed || $0.status == .error }) { failed = true }
        }

        let outputScope = scope(inner)
        for output in call.stepsFile.outputs {
            guard let value = try? ExpressionEvaluator.evaluate(output.expression.expression, in: outputScope) else {
                frame.missing[output.name] = frame.prefix + step.name
                continue
            }
            if failed, value.isNull {
                frame.missing[output.name] = frame.prefix + step.name
                continue
            }
            store(output, value: value, in: &frame)
        }
        return failed
    }
}
