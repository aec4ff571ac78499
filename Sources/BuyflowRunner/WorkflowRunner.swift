import Buy
import BuyflowCore
import BuyflowReport
import BuyflowWorkflow
import Foundation

/// Runs loaded workflows against a target and reports every step, attempt, assertion and
/// capture (workflow-format.md, "Steps" to "API versions").
///
///     let target = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: shop.endpoint)
///     let reports = await WorkflowRunner(options: options).run(workflow, target: target)
///
/// Steps run in order, then `finally` (always). A failed step skips the steps after it
/// unless it has `continueOnError`. A data-driven workflow runs once per row. Reports come
/// back redacted: the token, secret `env` values and secret captures read `[redacted]`.
public struct WorkflowRunner: Sendable {
    public var options: RunOptions

    public init(options: RunOptions = RunOptions()) {
        self.options = options
    }

    /// One report per data row (`<workflow name> [label]`), or one without rows. With
    /// `failFast`, the rows after a failed one are reported with every step skipped.
    public func run(_ workflow: Workflow, target: RunTarget) async -> [RunReport] {
        let client = makeClient(target)
        let inputs = Result { () throws(TemplateFailure) in try RunInputs(workflow: workflow, environment: options.environment) }
        let rows: [DataRow?] = workflow.rows.isEmpty ? [nil] : workflow.rows
        var reports: [RunReport] = []
        var skipReason: String?
        for row in rows {
            let session = RunSession(workflow: workflow, target: target, options: options, client: client, row: row, inputs: inputs)
            let report = await session.run(skipReason: skipReason)
            reports.append(report)
            if options.failFast, skipReason == nil, report.status == .failed || report.status == .error {
                skipReason = "fail-fast: run '\(report.workflow.name)' failed"
            }
        }
        return reports
    }

    /// The values a run of `workflow` redacts before any step: the token, secret header
    /// values and every `env` value whose name holds TOKEN, SECRET, PASSWORD or KEY (for
    /// logs written while it runs).
    public func secrets(of workflow: Workflow, target: RunTarget) -> [String] {
        var secrets = target.secrets
        if let inputs = try? RunInputs(workflow: workflow, environment: options.environment) { secrets += inputs.secrets }
        return secrets
    }

    /// Whether an `env` name holds TOKEN, SECRET, PASSWORD or KEY (its value is a secret).
    public static func isSecret(environmentName name: String) -> Bool {
        let upper = name.uppercased()
        return ["TOKEN", "SECRET", "PASSWORD", "KEY"].contains(where: upper.contains)
    }

    /// Runs the workflow's steps once, then `finally` — one iteration of a virtual user in
    /// load mode — with `client` (shared by every VU), data row `row`, and `options.vu` and
    /// `options.iteration` as `vu` and `iteration`. Each step means exactly what it means in
    /// `run(_:target:)`. It runs on the caller's executor (a load run's VU task stays on its
    /// transport's event loop).
    public nonisolated(nonsending) func runIteration(
        _ workflow: Workflow, target: RunTarget, client: Graph.Client, row: DataRow?, inputs: IterationInputs? = nil
    ) async -> RunReport {
        let inputs = inputs ?? prepareInputs(workflow)
        return await RunSession(workflow: workflow, target: target, options: options, client: client, row: row, inputs: inputs.inputs).run()
    }

    /// `env` and the rendered `vars` of `workflow`, worked out once for every iteration of a
    /// load run (they do not depend on the VU or the iteration).
    public func prepareInputs(_ workflow: Workflow) -> IterationInputs {
        IterationInputs(inputs: Result { () throws(TemplateFailure) in try RunInputs(workflow: workflow, environment: options.environment) })
    }

    /// The client a run of `target` uses; over `transport` when given, else one made with
    /// `options.makeTransport`.
    public func makeClient(_ target: RunTarget, transport: (any Graph.Transport)? = nil) -> Graph.Client {
        Graph.Client(
            endpoint: target.endpoint, apiVersion: target.apiVersion, apiKey: target.token,
            transport: transport ?? options.makeTransport(target.endpoint), locale: target.locale.map { Locale(identifier: $0) },
            headers: target.headers
        )
    }
}

/// What every iteration of a workflow starts from: `env` and the rendered `vars` (or why
/// they do not render). Made by `WorkflowRunner.prepareInputs(_:)`.
public struct IterationInputs: Sendable {
    let inputs: Result<RunInputs, TemplateFailure>
}
