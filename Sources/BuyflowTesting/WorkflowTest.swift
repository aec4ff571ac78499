import BuyflowCore
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import SampleShop

/// A workflow file run from a Swift test, against the embedded sample shop or a URL:
///
///     @Test func checkout() async {
///         await WorkflowTest("workflows/checkout.yaml").run().recordIssues()
///     }
///
/// Each failed step becomes a test issue at its place in the YAML file, with the same
/// text `buyflow run` prints; an invalid workflow gives one issue per diagnostic.
public struct WorkflowTest: Sendable {
    /// The workflow file; a relative path is resolved against the current directory.
    public var path: String
    /// The endpoint; `nil` runs against `shop:` in the file, or the embedded sample shop.
    public var url: URL?
    /// The Storefront access token (redacted in every message).
    public var token: String?
    /// `vars` given as on the command line (`--var name=value`): typed as YAML scalars.
    public var vars: [String: String]
    /// `env` for the workflow (default: the process environment).
    public var environment: [String: String]
    /// Only steps with one of these tags run (plus untagged `finally` steps).
    public var tags: Set<String>
    /// Options of the embedded shop (faults, completion polls), when it is used.
    public var shopOptions: SampleShop.Options

    public init(
        _ path: String, url: URL? = nil, token: String? = nil, vars: [String: String] = [:],
        environment: [String: String] = ProcessInfo.processInfo.environment, tags: Set<String> = [],
        shopOptions: SampleShop.Options = SampleShop.Options()
    ) {
        self.path = path
        self.url = url
        self.token = token
        self.vars = vars
        self.environment = environment
        self.tags = tags
        self.shopOptions = shopOptions
    }

    /// Loads, checks and runs the workflow.
    public func run() async -> WorkflowTestResult {
        var loader = WorkflowLoader.Options()
        loader.vars = vars.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        loader.environment = environment
        loader.remoteTarget = url != nil
        loader.sampleShopSchema = { SampleShop.storefrontSchema }
        let loaded = WorkflowLoader.load(path: path, options: loader)
        guard let workflow = loaded.workflow else {
            return WorkflowTestResult(reports: [], diagnostics: loaded.diagnostics, sources: loaded.sources)
        }
        var shop: SampleShop?
        defer { shop?.stop() }
        let embedded = url == nil && workflow.shop?.url == nil && workflow.shop?.domain == nil
        let target: RunTarget
        do {
            var endpoint: URL?
            if embedded {
                let started = try SampleShop(shopOptions)
                try started.start()
                shop = started
                endpoint = started.endpoint
            }
            target = try RunTarget.resolve(
                workflow: workflow, overrides: TargetOverrides(url: url?.absoluteString, token: token),
                embeddedEndpoint: endpoint, environment: environment)
        } catch let diagnostic as Diagnostic {
            return WorkflowTestResult(reports: [], diagnostics: loaded.diagnostics + [diagnostic], sources: loaded.sources)
        } catch {
            let problem = Diagnostic.error("cannot start the sample shop: \(error)", code: "testing.shop")
            return WorkflowTestResult(reports: [], diagnostics: loaded.diagnostics + [problem], sources: loaded.sources)
        }
        var options = RunOptions()
        options.environment = environment
        options.tags = tags
        let reports = await WorkflowRunner(options: options).run(workflow, target: target)
        return WorkflowTestResult(reports: reports, diagnostics: loaded.diagnostics, sources: loaded.sources)
    }
}
