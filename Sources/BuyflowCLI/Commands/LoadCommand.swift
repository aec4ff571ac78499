import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import Synchronization

/// `buyflow load <workflow>`: runs the workflow's steps with many virtual users (the
/// `load:` profile, with the command line over it), a live line each second on a terminal,
/// a final table per step, operation and check, and the verdict gating the exit code: 3 when
/// a threshold is breached, 1 when there is none and an iteration failed a check, 2 when the
/// workflow (or a `--threshold`) is invalid, 0 otherwise.
struct LoadCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["load"],
        abstract: "Run a workflow with many virtual users and check its thresholds.",
        discussion: """
            Each virtual user runs the workflow's steps (then 'finally') again and again, with the
            same meaning of every step, capture, assertion, policy, retry and poll as 'buyflow run';
            'vu' and 'iteration' name the user and its iteration, and data rows are taken in turn.
            The workflow's 'load:' profile sets the VUs, duration, iterations, ramp-up, arrival rate
            and thresholds; --vus, --duration, --iterations, --ramp-up, --arrival-rate, --max-vus
            and --threshold override it. Throttled answers (429, SubmitThrottled, THROTTLED user
            errors) are counted apart from errors, and a VU waits for their Retry-After. Without
            'shop' and --url, the embedded sample shop is the target. Each check (an assertion,
            or a step's request and policies) is counted with samples of its failures. Without
            thresholds a load fails (exit 1) when any iteration failed a check; with them, the
            thresholds decide ('error_rate(all) < 1%' tolerates a few). Exit 3 when a threshold
            is breached.
            """,
        options: LoadCommandOptions.self,
        examples: [
            "buyflow load workflows/load-smoke.yaml",
            "buyflow load checkout.yaml --vus 50 --duration 1m --threshold 'p95(all) < 300ms'",
            "buyflow load checkout.yaml --arrival-rate 100/s --max-vus 200 --duration 30s --report json=reports/load.json",
        ]
    )

    static func run(_ options: LoadCommandOptions, context: CommandContext) async -> ExitCode {
        let loaderOptions = WorkflowInputs.loaderOptions(variables: options.variables, target: options.target, environment: context.environment)
        let result = WorkflowLoader.load(path: options.path, options: loaderOptions)
        let secrets = SourceRedaction.secrets(
            in: result.sources, workflows: result.workflow.map { [$0] } ?? [], token: options.target.token, environment: context.environment)
        let sources = SourceRedaction.redacted(result.sources, secrets: secrets)
        guard let workflow = result.workflow, !result.hasErrors else {
            context.report(result.diagnostics, sources: sources)
            let errors = result.diagnostics.count { $0.severity == .error }
            context.console.write("\(errors) error\(errors == 1 ? "" : "s") in the workflow: nothing was sent\n", to: .error)
            return .invalid
        }
        if !options.quiet { context.report(result.diagnostics.filter { $0.severity == .warning }, sources: sources) }
        let plan: LoadPlan
        do {
            plan = try LoadPlanning.plan(workflow: workflow, options: options)
        } catch {
            context.report(error.diagnostics)
            return .invalid
        }

        let shop = EmbeddedShop()
        defer { shop.stop() }
        let target: RunTarget
        do {
            let embedded = workflow.shop?.url == nil && workflow.shop?.domain == nil && options.target.url == nil && options.target.domain == nil
            target = try RunTarget.resolve(
                workflow: workflow, overrides: options.target.overrides, embeddedEndpoint: embedded ? try shop.endpoint() : nil,
                environment: context.environment)
        } catch let diagnostic as Diagnostic {
            context.report([diagnostic], sources: sources)
            return .failure
        } catch {
            context.report([.error("cannot start the sample shop: \(error)", code: "run.shop")])
            return .failure
        }

        if let warning = LoadExit.debugBuildWarning { context.console.write(warning, to: .error) }
        var runOptions = RunOptions()
        runOptions.tags = Set(options.variables.tags)
        runOptions.environment = context.environment
        var runner = LoadRunner(plan: plan, options: runOptions)
        let console = LoadConsole(console: context.console, live: context.console.isTerminal && !options.quiet, color: context.color)
        if !options.quiet {
            console.start(workflow: workflow.name, plan: plan, target: target.shownURL)
            runner.onTick = { console.tick($0) }
        }
        let progress = runner.progress
        let running = Task { await runner.run(workflow, target: target) }
        let watch = SignalWatch { _ in progress.stop() }
        let report = await running.value
        watch.stop()
        console.finish(report, quiet: options.quiet)

        let problems = LoadReportFiles.write(report, requests: options.reports.reports)
        context.report(problems)
        if let number = watch.received {
            context.console.write("interrupted (\(SignalWatch.name(number))): no iteration was started after the signal\n", to: .error)
            return .stopped(by: number)
        }
        if !problems.isEmpty { return .failure }
        return LoadExit.code(report)
    }
}
