import BuyflowCore
import BuyflowExpressions
import BuyflowWorkflow

/// What every expression of a run sees before any step: `env` (the process environment
/// with the `--env-file` names over it) and `vars` (rendered once, their templates seeing
/// `env` and the vars before them).
struct RunInputs: Sendable {
    var env: JSONObject
    var vars: JSONObject
    /// Values of `env` names holding TOKEN, SECRET, PASSWORD or KEY.
    var secrets: [String]

    init(workflow: Workflow, environment: [String: String]) throws(TemplateFailure) {
        var merged = environment
        for (name, value) in workflow.environment { merged[name] = value }
        env = JSONObject(minimumCapacity: merged.count)
        secrets = []
        for name in merged.keys.sorted() {
            let value = merged[name]!
            env[name] = .string(value)
            let upper = name.uppercased()
            if !value.isEmpty, ["TOKEN", "SECRET", "PASSWORD", "KEY"].contains(where: upper.contains) { secrets.append(value) }
        }
        vars = JSONObject(minimumCapacity: workflow.vars.count)
        var scope = ExpressionScope(["env": .object(env), "vars": .object(vars)])
        for variable in workflow.vars {
            vars[variable.name] = try variable.value.render(in: scope)
            scope["vars"] = .object(vars)
        }
    }

    /// `env`, `vars`, `iteration` 0 and `vu` 1.
    var baseScope: ExpressionScope {
        var scope = ExpressionScope()
        scope.reserveCapacity(RunSession.scopeCapacity)
        scope["env"] = .object(env)
        scope["vars"] = .object(vars)
        scope["iteration"] = .int(0)
        scope["vu"] = .int(1)
        return scope
    }
}
