import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation

/// `buyflow export k6 <workflow>`: a k6 script doing the workflow's requests, captures,
/// checks and thresholds under its load profile. Exit 0, or 2 when the workflow is invalid.
struct ExportK6Command: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["export", "k6"],
        abstract: "Write a k6 script that performs the workflow's steps, checks and thresholds.",
        discussion: """
            The script sends the same GraphQL requests in the same order, with the same variables,
            headers, captures, 'if' conditions, query retries and polls; 'errors', 'userErrors' and
            every assertion become k6 checks named '<step>: <check>'. The load profile (with --vus,
            --duration, --iterations, --ramp-up, --arrival-rate, --max-vus over it) becomes k6
            options, and the thresholds k6 thresholds on http_req_duration and http_reqs tagged by
            step and op, and on the script's buyflow_errors and buyflow_throttled rates. The
            endpoint is BUYFLOW_URL (k6 run -e BUYFLOW_URL=…), else the workflow's shop, else
            http://127.0.0.1:8080 (buyflow serve's); the token is read from STOREFRONT_TOKEN.
            """,
        options: ExportK6Options.self,
        examples: [
            "buyflow export k6 workflows/checkout.yaml --output checkout.k6.js",
            "k6 run -e BUYFLOW_URL=http://127.0.0.1:8080/api/2026-04/graphql.json checkout.k6.js",
        ]
    )

    static func run(_ options: ExportK6Options, context: CommandContext) async -> ExitCode {
        let load = options.load
        let loaderOptions = WorkflowInputs.loaderOptions(variables: load.variables, target: load.target, environment: context.environment)
        let result = WorkflowLoader.load(path: load.path, options: loaderOptions)
        guard let workflow = result.workflow, !result.hasErrors else {
            context.report(result.diagnostics, sources: result.sources)
            return .invalid
        }
        let plan: LoadPlan
        do {
            plan = try LoadPlanning.plan(workflow: workflow, options: load)
        } catch {
            context.report(error.diagnostics)
            return .invalid
        }
        let fallback = URL(string: "http://127.0.0.1:8080/api/\(load.target.apiVersion ?? workflow.shop?.apiVersion ?? BuyflowVersion.storefrontAPIVersion)/graphql.json")!
        let endpoint: String
        do {
            let target = try RunTarget.resolve(
                workflow: workflow, overrides: load.target.overrides, embeddedEndpoint: fallback, environment: context.environment)
            endpoint = target.endpoint.absoluteString
        } catch {
            context.report([error], sources: result.sources)
            return .invalid
        }
        var export = K6Exporter.export(workflow, plan: plan, endpoint: endpoint)
        // A secret written in the workflow (a literal token or secret header) is not
        // written in the script: it reads [redacted] there, with a warning.
        let redact = Redactor(secrets: SourceRedaction.secrets(
            in: result.sources, workflows: [workflow], token: load.target.token, environment: context.environment))
        let script = redact(export.script)
        if script != export.script {
            export.script = script
            export.warnings.append("a secret written in the workflow reads [redacted] in the script; pass it with -e and env")
        }
        for warning in export.warnings { context.report([.warning(warning, code: "export.k6")]) }
        if let output = options.output {
            do {
                try ReportWriter.write(Array(export.script.utf8), to: output)
            } catch {
                context.report([error])
                return .failure
            }
            context.console.write("wrote \(output): \(workflow.name) as a k6 script\n")
        } else {
            context.console.write(export.script)
        }
        return .success
    }
}
