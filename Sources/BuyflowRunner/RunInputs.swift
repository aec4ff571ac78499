import BuyflowCore
import BuyflowExpressions
import BuyflowWorkflow

/// What every expression of a run sees before any step: `env` (the process environment
/// with the `--env-file` names over it) and `vars` (rendered once, their templates seeing
/// `env` and the vars before them).
struct RunInputs: Sendable {
    let env: JSONObject
    let vars: JSONObject
    /// Values of `env` names holding TOKEN, SECRET, PASSWORD or KEY.
    var secrets: [String]
    /// `env`, `vars`, `iteration` 0 and `vu` 1 (made once: every run of a load starts from it).
    let baseScope: ExpressionScope

    init(workflow: Workflow, environment: [String: String]) throws(TemplateFailure) {
        var merged = environment
        for (name, value) in workflow.environment { merged[name] = value }
        var env = JSONObject(minimumCapacity: merged.count)
        secrets = []
        for name in merged.keys.sorted() {
            let value = merged[name]!
            env[name] = .string(value)
            if !value.isEmpty, WorkflowRunner.isSecret(environmentName: name) { secrets.append(value) }
        }
        var vars = JSONObject(minimumCapacity: workflow.vars.count)
        var scope = ExpressionScope(["env": .object(env), "vars": .object(vars)])
        for variable in workflow.vars {
            let value = try variable.value.render(in: scope)
            // The scope lets go of `vars` first, so adding a name copies nothing.
            scope["vars"] = .null
            vars[variable.name] = value
            scope["vars"] = .object(vars)
        }
        self.env = env
        self.vars = vars
        baseScope = ExpressionScope(["env": .object(env), "vars": .object(vars), "iteration": .int(0), "vu": .int(1)])
    }
}
