import BuyflowCore
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import Synchronization

/// `buyflow run <workflows or folders>…`: checks every workflow first (exit 2 and nothing
/// sent when one is invalid), then runs each against its shop — the embedded sample shop
/// when it names none — printing a line per step and a summary, and writes the reports
/// asked for. Exit 1 when a step failed, 0 when everything passed.
struct RunCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["run"],
        abstract: "Run workflows against a shop (the embedded sample shop by default).",
        discussion: """
            Every workflow is checked first, as 'buyflow validate' does; when one is invalid nothing is
            sent. Then each runs in order: its steps, then its 'finally' steps, once per data row.
            Without 'shop' in the file and without --url or --domain, the embedded sample shop is
            started on a free loopback port, a fresh one for each workflow file. On a terminal a
            live line follows each step; a failure shows its kind, expected and actual values, the
            workflow line and an excerpt of the request and response (the token is never printed).
            --report writes json, junit, tap, html or text reports, also when the run fails.
            """,
        options: RunCommandOptions.self,
        examples: [
            "buyflow run workflows/checkout.yaml",
            "buyflow run workflows/ --report json=reports/run.json",
            "buyflow run checkout.yaml --domain shoes.myshopify.com --token $STOREFRONT_TOKEN",
            "buyflow run checkout.yaml --tag smoke --fail-fast --jobs 4",
        ]
    )

    static func run(_ options: RunCommandOptions, context: CommandContext) async -> ExitCode {
        guard let loaded = WorkflowInputs.load(options.paths, variables: options.variables, target: options.target, context: context) else {
            return .invalid
        }
        // A secret written in a workflow is not quoted by any excerpt of its lines.
        let read = loaded.flatMap(\.result.sources)
        let secrets = SourceRedaction.secrets(
            in: read, workflows: loaded.compactMap(\.result.workflow), token: options.target.token, environment: context.environment)
        let sources = SourceRedaction.redacted(read, secrets: secrets)
        let diagnostics = loaded.flatMap(\.result.diagnostics)
        if loaded.contains(where: { $0.result.hasErrors }) {
            context.report(diagnostics, sources: sources)
            let errors = diagnostics.count { $0.severity == .error }
            context.console.write("\(errors) error\(errors == 1 ? "" : "s") in the workflows: nothing was sent\n", to: .error)
            return .invalid
        }
        if options.control.verbosity != .quiet {
            context.report(diagnostics.filter { $0.severity == .warning }, sources: sources)
        }
        let workflows = loaded.compactMap(\.result.workflow)

        let runner = Runner(options: options, context: context, sources: sources)
        // Ctrl-C or SIGTERM stops the steps; the reports of what ran are still written.
        let running = Task { await runner.runAll(workflows) }
        let watch = SignalWatch { _ in running.cancel() }
        let outcome = await running.value
        watch.stop()

        let problems = RunReportFiles.write(outcome.reports, requests: options.reports.reports, sources: sources)
        context.report(problems)
        if outcome.reports.count > 1, options.control.verbosity != .quiet {
            let passed = outcome.reports.count { $0.status == .passed }
            context.console.write("\(passed) of \(outcome.reports.count) runs passed\n")
        }
        if let stoppedBy = watch.received {
            context.console.write("interrupted (\(SignalWatch.name(stoppedBy))): the steps after the signal were not run\n", to: .error)
            return .stopped(by: stoppedBy)
        }
        if outcome.couldNotRun { return .failure }
        if !problems.isEmpty { return .failure }
        return outcome.reports.allSatisfy { $0.status == .passed || $0.status == .skipped } ? .success : .failure
    }

    /// Runs the loaded workflows, one at a time or `--jobs` at once, printing each
    /// workflow's lines in command-line order. Each workflow file that targets the embedded
    /// sample shop gets a fresh one of its own, stopped when the file is done.
    struct Runner: Sendable {
        let options: RunCommandOptions
        let context: CommandContext
        let sources: [SourceFile]

        struct Outcome {
            var reports: [RunReport] = []
            var couldNotRun = false
        }


        var mode: RunConsole.Mode {
            switch options.control.verbosity {
            case .quiet: .quiet
            case .normal: .normal
            case .verbose: .verbose
            }
        }

        func runAll(_ workflows: [Workflow]) async -> Outcome {
            let jobs = min(options.control.jobs, workflows.count)
            if jobs <= 1 {
                var outcome = Outcome()
                for workflow in workflows {
                    let console = RunConsole(
                        sink: { context.console.write($0) }, mode: mode, live: context.console.isTerminal, color: context.color,
                        sources: sources)
                    let (reports, failed) = await run(workflow, console: console)
                    outcome.reports += reports
                    outcome.couldNotRun = outcome.couldNotRun || failed
                    if options.control.failFast, reports.contains(where: { $0.status != .passed }) { break }
                }
                return outcome
            }
            // Several at once: each workflow's lines are kept and printed in order.
            let printer = OrderedPrinter(count: workflows.count) { context.console.write($0) }
            let results = await withTaskGroup(of: (Int, [RunReport], Bool).self) { group in
                var next = 0
                var collected: [(Int, [RunReport], Bool)] = []
                func start(_ index: Int) {
                    group.addTask {
                        let buffer = TextBuffer()
                        let console = RunConsole(
                            sink: { buffer.append($0) }, mode: mode, live: false, color: context.color, sources: sources)
                        let (reports, failed) = await run(workflows[index], console: console)
                        printer.finish(index, text: buffer.text)
                        return (index, reports, failed)
                    }
                }
                while next < jobs {
                    start(next)
                    next += 1
                }
                var stopped = false
                for await result in group {
                    collected.append(result)
                    // --fail-fast: no workflow starts after one failed.
                    if options.control.failFast, result.2 || result.1.contains(where: { $0.status != .passed }) { stopped = true }
                    if !stopped, next < workflows.count {
                        start(next)
                        next += 1
                    }
                }
                return collected.sorted { $0.0 < $1.0 }
            }
            return Outcome(reports: results.flatMap(\.1), couldNotRun: results.contains { $0.2 })
        }

        /// One workflow's reports, and whether it could not start (its target did not resolve).
        func run(_ workflow: Workflow, console: RunConsole) async -> ([RunReport], Bool) {
            let embedded = workflow.shop?.url == nil && workflow.shop?.domain == nil
                && options.target.url == nil && options.target.domain == nil
            // Its own shop: no cart or order of another file (before it, or beside it under
            // --jobs) can change what this one sees.
            let shop = EmbeddedShop()
            defer { shop.stop() }
            let target: RunTarget
            do {
                let endpoint = embedded ? try shop.endpoint() : nil
                target = try RunTarget.resolve(
                    workflow: workflow, overrides: options.target.overrides, embeddedEndpoint: endpoint, environment: context.environment)
            } catch let diagnostic as Diagnostic {
                context.report([diagnostic], sources: sources)
                return ([], true)
            } catch {
                context.report([.error("cannot start the sample shop: \(error)", code: "run.shop")])
                return ([], true)
            }
            var runOptions = RunOptions()
            runOptions.tags = Set(options.variables.tags)
            runOptions.failFast = options.control.failFast
            runOptions.environment = context.environment
            runOptions.observer = console
            runOptions.excerptsOfEveryAttempt = options.control.verbosity == .verbose
            return (await WorkflowRunner(options: runOptions).run(workflow, target: target), false)
        }
    }
}

/// Text kept for a workflow run while others print.
final class TextBuffer: Sendable {
    private let storage = Mutex("")
    func append(_ text: String) { storage.withLock { $0 += text } }
    var text: String { storage.withLock { $0 } }
}

/// Prints the texts of numbered jobs in number order, each as soon as it and every job
/// before it have finished.
final class OrderedPrinter: Sendable {
    private let state: Mutex<(next: Int, done: [Int: String])>
    private let write: @Sendable (String) -> Void

    init(count: Int, write: @escaping @Sendable (String) -> Void) {
        state = Mutex((0, [:]))
        self.write = write
    }

    func finish(_ index: Int, text: String) {
        state.withLock { state in
            state.done[index] = text
            while let ready = state.done.removeValue(forKey: state.next) {
                write(ready)
                state.next += 1
            }
        }
    }
}
