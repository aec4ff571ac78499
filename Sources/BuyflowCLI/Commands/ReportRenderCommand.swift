import BuyflowCore
import BuyflowReport

/// `buyflow report render <report.json> --format junit|tap|html|text [--output <file>]`:
/// renders a saved run report (one run or several) in another format, without running
/// anything. Exit 0 when rendered, 2 when the report cannot be read (a load report too).
struct ReportRenderCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["report", "render"],
        abstract: "Render a saved run report as JUnit XML, TAP, HTML or text.",
        discussion: """
            Reads a JSON run report written by 'buyflow run --report json=…' (one run, or several runs)
            and writes it as JUnit XML (for CI test reports), TAP version 13, a self-contained HTML page
            (steps, a waterfall of every attempt, failures with expected and actual side by side), or
            the text 'buyflow run' prints. Nothing is sent over the network. The exit code says whether
            rendering worked, not whether the run passed.
            """,
        options: ReportRenderOptions.self,
        examples: [
            "buyflow report render reports/run.json --format html --output reports/run.html",
            "buyflow report render reports/run.json --format junit > junit.xml",
        ]
    )

    static func run(_ options: ReportRenderOptions, context: CommandContext) async -> ExitCode {
        let document: RunDocument
        do {
            document = try ReportFileReader.read(options.report)
        } catch {
            context.report([error])
            return .invalid
        }
        let text: String = switch options.format {
        case .junit: JUnitRenderer().render(document)
        case .tap: TAPRenderer().render(document)
        case .html: HTMLRenderer().render(document)
        case .text: textRendering(document, color: context.color && options.output == nil, environment: context.environment)
        }
        guard let output = options.output else {
            context.console.write(text)
            return .success
        }
        do {
            try ReportWriter.write(Array(text.utf8), to: output)
        } catch {
            context.report([error])
            return .failure
        }
        return .success
    }

    /// The text `buyflow run` prints, quoting workflow lines when the files are at hand
    /// (a secret written in a workflow, as `buyflow run` knows it, reads `[redacted]`).
    static func textRendering(_ document: RunDocument, color: Bool, environment: [String: String] = [:]) -> String {
        let files = Set(document.runs.flatMap { run in
            [run.workflow.file] + run.steps.flatMap { step in
                [step.location?.file] + (step.failure?.assertions.map(\.location?.file) ?? [])
            }.compactMap { $0 }
        })
        let sources = SourceFiles.read(files.sorted())
        let secrets = SourceRedaction.secrets(in: sources, token: nil, environment: environment)
        let renderer = RunTextRenderer(color: color, sources: SourceRedaction.redacted(sources, secrets: secrets))
        switch document {
        case .run(let report): return renderer.render(report)
        case .runs(let report): return renderer.render(report)
        }
    }
}
