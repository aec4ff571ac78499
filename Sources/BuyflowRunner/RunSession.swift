import Buy
import BuyflowCore
import BuyflowExpressions
import BuyflowReport
import BuyflowWorkflow

/// One run of a workflow (one data row): its steps in order, then `finally`. Lives in one
/// task; not shared.
final class RunSession {
    let workflow: Workflow
    let target: RunTarget
    let options: RunOptions
    let client: Graph.Client
    let clock: any RunnerClock
    let row: DataRow?
    /// `env`, `vars`, `iteration`, `vu`, `row`.
    private(set) var base: ExpressionScope
    /// Every value the report must not show (grows with secret captures); worked out when
    /// first needed (a load run, which does not redact, never needs it).
    lazy var secrets: [String] = target.secrets + inputSecrets
    /// The secret `env` values.
    private let inputSecrets: [String]
    /// The redactor for `secrets`, with how many secrets it was built from.
    var cachedRedactor: (count: Int, redactor: Redactor)?
    /// Finished steps not yet shown to the observer: while a later step may still capture
    /// a secret, nothing is shown (see `holdsSteps`).
    private var heldReports: [StepReport] = []
    /// Whether finished steps are held: until the last top-level step that declares a
    /// secret capture has run, a value it captures may be in an earlier step's echo.
    private var holdsSteps = false
    var reports: [StepReport] = []
    var warnings: [ReportWarning] = []
    /// When the run started, on `clock`.
    private(set) var runStart: Duration = .zero
    /// Why the run could not start (a var that does not render), if so.
    private let startFailure: Failure?

    init(workflow: Workflow, target: RunTarget, options: RunOptions, client: Graph.Client, row: DataRow?, inputs: Result<RunInputs, TemplateFailure>) {
        self.workflow = workflow
        self.target = target
        self.options = options
        self.client = client
        self.clock = options.clock
        self.row = row
        switch inputs {
        case .success(let inputs):
            base = inputs.baseScope
            inputSecrets = inputs.secrets
            startFailure = nil
        case .failure(let failure):
            base = ExpressionScope()
            inputSecrets = []
            startFailure = Failure(kind: .template, message: "template \(failure.template) in 'vars': \(failure.error.message)", location: failure.location)
        }
        base.reserveCapacity(Self.scopeCapacity)
        base["iteration"] = .int(options.iteration)
        base["vu"] = .int(options.vu)
        if let row { base["row"] = .object(row.values) }
    }

    /// Room in a step's scope for the run's names and the ones each step adds (captures,
    /// steps, params, the response's eight), so that copying the scope and adding names
    /// allocates its storage once.
    static let scopeCapacity = 32

    var workflowInfo: WorkflowInfo {
        WorkflowInfo(name: row?.runName(workflow: workflow.name) ?? workflow.name, file: workflow.file)
    }

    var rowInfo: RowInfo? { row.map { RowInfo(index: $0.index, values: $0.values) } }

    var targetInfo: TargetInfo { TargetInfo(url: target.shownURL, apiVersion: target.apiVersion) }

    /// Runs every step (or reports every one skipped for `skipReason`), then `finally`.
    nonisolated(nonsending) func run(skipReason: String? = nil) async -> RunReport {
        runStart = clock.now
        let startedAt = clock.wallTime()
        let steps = selected(workflow.steps, finally: false)
        let finallySteps = selected(workflow.finallySteps, finally: true)
        options.observer.runStarted(workflow: workflowInfo, row: rowInfo, target: targetInfo, steps: steps.count + finallySteps.count)
        warnings = workflow.warnings.map { diagnostic in
            ReportWarning(kind: diagnostic.message.contains("deprecated") ? .deprecated : .other, message: diagnostic.message, location: diagnostic.location)
        }

        var frame = StepFrame()
        var blocked = skipReason
        let lastSecret = (steps + finallySteps).lastIndex(where: Self.declaresSecretCapture)
        holdsSteps = lastSecret != nil
        if let startFailure, blocked == nil, let first = steps.first {
            finish(StepReport(
                id: first.id, name: first.name, status: .error, operation: Self.operationInfo(first),
                location: first.location, duration: .zero, failure: startFailure
            ))
            blocked = "the run could not start"
            for step in steps.dropFirst() { await execute(step, frame: &frame, blocked: &blocked) }
            releaseHeld()
        } else {
            for (index, step) in steps.enumerated() {
                await execute(step, frame: &frame, blocked: &blocked)
                if index == lastSecret { releaseHeld() }
            }
        }
        for (index, step) in finallySteps.enumerated() {
            var none: String? = startFailure == nil ? skipReason : "the run could not start"
            await execute(step, frame: &frame, blocked: &none)
            if steps.count + index == lastSecret { releaseHeld() }
        }
        releaseHeld()
        var report = RunReport(
            workflow: workflowInfo, row: rowInfo, target: targetInfo, startedAt: startedAt,
            duration: clock.now - runStart, steps: reports, warnings: warnings
        )
        if options.redactsReports { report = report.redacted(by: redactor) }
        options.observer.runFinished(report)
        return report
    }

    /// The steps `--tag` selects: tagged with one of the tags, and untagged `finally` steps.
    private func selected(_ steps: [Step], finally: Bool) -> [Step] {
        guard !options.tags.isEmpty else { return steps }
        return steps.filter { step in
            step.tags.contains(where: options.tags.contains) || (finally && step.tags.isEmpty)
        }
    }

    /// Runs one step (or reports it skipped) and, when it fails without `continueOnError`
    /// (or with `--fail-fast`), blocks the steps after it.
    nonisolated(nonsending) func execute(_ step: Step, frame: inout StepFrame, blocked: inout String?) async {
        let name = frame.prefix + step.name
        if Task.isCancelled { blocked = "the run was interrupted" }
        if let reason = blocked {
            skip(step, prefix: frame.prefix, reason: reason)
            return
        }
        if let condition = step.condition {
            do {
                if try !ExpressionEvaluator.condition(condition.expression, in: scope(frame)) {
                    skip(step, prefix: frame.prefix, reason: "'if' is false: \(condition.text)")
                    return
                }
            } catch {
                finish(StepReport(
                    id: step.id, name: name, status: .failed, operation: Self.operationInfo(step), location: step.location,
                    duration: .zero,
                    failure: Failure(kind: .template, message: "'if' \(condition.text): \(explain(error, frame: frame))", location: condition.location)
                ))
                markMissing(step, in: &frame)
                if !step.continueOnError || options.failFast { blocked = "step '\(name)' failed" }
                return
            }
        }
        let failed: Bool
        if case .use(let call) = step.body {
            failed = await runUse(step, call: call, frame: &frame)
        } else {
            failed = await runSingle(step, frame: &frame)
        }
        if failed, !step.continueOnError || options.failFast { blocked = "step '\(name)' failed" }
    }

    /// Reports the step (every step of a steps file) skipped.
    func skip(_ step: Step, prefix: String, reason: String) {
        if case .use(let call) = step.body {
            for inner in call.stepsFile.steps { skip(inner, prefix: prefix + step.name + " › ", reason: reason) }
            return
        }
        finish(StepReport(
            id: step.id, name: prefix + step.name, status: .skipped, skipReason: reason, operation: Self.operationInfo(step),
            location: step.location, duration: .zero
        ))
    }

    /// Adds a finished step to the report and tells the observer (now, or once no later
    /// step can capture a secret). A failed step is always redacted for it: load mode keeps
    /// samples of failures to show.
    func finish(_ report: StepReport) {
        reports.append(report)
        if holdsSteps {
            heldReports.append(report)
        } else {
            show(report)
        }
    }

    private func show(_ report: StepReport) {
        let redacts = options.redactsReports || report.failure != nil
        options.observer.stepFinished(redacts ? report.redacted(by: redactor) : report)
    }

    /// Shows the held steps, redacted with every secret the run has captured.
    private func releaseHeld() {
        holdsSteps = false
        let held = heldReports
        heldReports = []
        for report in held { show(report) }
    }

    /// Whether the step, or a step of the steps file it uses, captures a secret.
    static func declaresSecretCapture(_ step: Step) -> Bool {
        if step.captures.contains(where: \.isSecret) { return true }
        if case .use(let call) = step.body {
            return call.stepsFile.outputs.contains(where: \.isSecret) || call.stepsFile.steps.contains(where: declaresSecretCapture)
        }
        return false
    }

    /// The captures a failed step did not make, so later templates can say why.
    func markMissing(_ step: Step, in frame: inout StepFrame) {
        let name = frame.prefix + step.name
        for capture in step.captures where frame.captures[capture.name] == nil { frame.missing[capture.name] = name }
        if case .use(let call) = step.body {
            for output in call.stepsFile.outputs where frame.captures[output.name] == nil { frame.missing[output.name] = name }
        }
    }

    /// What expressions see before a response: the run's names, the frame's captures
    /// (bare and under `captures`), `steps` and `params`.
    func scope(_ frame: StepFrame) -> ExpressionScope {
        var scope = base
        scope.reserveCapacity(Self.scopeCapacity)
        // Captures by their bare name come from a layer: no per-capture copy per step.
        scope.layer = frame.captures
        scope["captures"] = .object(frame.captures)
        scope["steps"] = .object(frame.steps)
        if let params = frame.params { scope["params"] = params }
        return scope
    }

    /// An expression error in words, naming the step whose failure left a capture missing.
    func explain(_ error: ExpressionError, frame: StepFrame) -> String {
        for (name, step) in frame.missing where error.message == "undefined name '\(name)'" {
            return "'\(name)' was not captured: step '\(step)' failed"
        }
        return error.message
    }

    static func operationInfo(_ step: Step) -> OperationInfo? {
        guard let operation = step.body.operation else { return nil }
        let kind: OperationInfo.Kind = switch operation.kind {
        case .query: .query
        case .mutation: .mutation
        case .subscription: .subscription
        }
        return OperationInfo(type: kind, name: operation.name)
    }
}
