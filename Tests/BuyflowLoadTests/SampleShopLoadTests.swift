import BuyflowCore
import BuyflowLoad
import BuyflowReport
import BuyflowRunner
import BuyflowTestSupport
import BuyflowWorkflow
import Foundation
import SampleShop
import Testing

/// `buyflow load`'s engine against the sample shop on loopback, with injected faults.
@Suite(.serialized) struct SampleShopLoadTests {
    static let productWorkflow = """
        version: 1
        name: Product load
        steps:
          - name: Product
            id: product
            retry: {attempts: 1}
            query: |
              query Product($handle: String!) { product(handle: $handle) { title } }
            variables:
              handle: classic-sneaker
            assert:
              - data.product.title == "Classic Sneaker"
        """

    static func load(_ yaml: String) throws -> Workflow {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-load-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("workflow.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var options = WorkflowLoader.Options()
        options.sampleShopSchema = { SampleShop.storefrontSchema }
        let result = WorkflowLoader.load(path: path, options: options)
        return try #require(result.workflow, "\(result.diagnostics)")
    }

    static func run(_ workflow: Workflow, faults: ShopFaults, plan: LoadPlan) async throws -> LoadReport {
        let shop = try SampleShop(SampleShop.Options(faults: faults, completionPolls: 1, completionPollDelay: .milliseconds(10)))
        try shop.start()
        defer { shop.stop() }
        let target = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: shop.endpoint)
        return await LoadRunner(plan: plan, options: RunOptions()).run(workflow, target: target)
    }

    static func thresholds(_ texts: String...) throws -> [Threshold] {
        try texts.map { try ThresholdParser.parse($0).get() }
    }

    @Test func failAndErrorRatesAreCountedAsErrorsByKind() async throws {
        let workflow = try Self.load(Self.productWorkflow)
        let plan = LoadPlan(vus: 4, iterations: 1000, thresholds: try Self.thresholds("error_rate(all) < 20%", "count(step:product) >= 1000"))
        let report = try await Self.run(workflow, faults: ShopFaults(failRate: 0.2, errorRate: 0.1, seed: 11), plan: plan)
        #expect(report.requests.count == 1000)
        #expect(report.iterations.completed == 1000)
        let failed = report.errors["http503"] ?? 0
        let graphql = report.errors["graphql"] ?? 0
        // 20% answered 503; 10% of the others carry GraphQL errors (3σ ≈ 38 and 26).
        #expect((160...240).contains(failed), "http503: \(failed)")
        #expect((55...105).contains(graphql), "graphql: \(graphql)")
        #expect(report.errors.keys.sorted() == ["graphql", "http503"])
        #expect(report.iterations.failed == failed + graphql)
        #expect(abs(report.requests.errorRate - Double(failed + graphql) / 1000) < 1e-9)
        #expect(report.throttled.count == 0)
        #expect(report.latency.steps.keys == ["product"])
        #expect(report.operations["Product"]?.count == 1000)
        // error_rate ≈ 28% breaches the first threshold; the count holds.
        #expect(report.thresholds.map(\.passed) == [false, true])
        #expect(report.status == .failed)
        let metrics = try report.metrics()
        #expect(metrics.all.requests == 1000)
    }

    @Test func throttlingIsCountedApartFromErrorsAndRetryAfterIsHonoured() async throws {
        let workflow = try Self.load(Self.productWorkflow)
        let plan = LoadPlan(vus: 4, duration: .seconds(2), thresholds: try Self.thresholds("error_rate(all) < 1%", "throttle_rate(all) < 50%"))
        let report = try await Self.run(workflow, faults: ShopFaults(throttle: 100, seed: 3), plan: plan)
        let served = report.requests.count - report.throttled.count
        // A bucket of 100 full at the start, 100/s after: about 100 at once, and 100 more
        // when the VUs come back after Retry-After (1 s). The bounds follow the run's
        // measured length (a loaded machine stretches it past 2 s): the bucket cannot give
        // more than 100 + 100/s of it, and the VUs, back after a second, get most of what
        // refilled meanwhile (they wait no later than the end of the duration).
        let seconds = Double(report.duration.components.seconds) + Double(report.duration.components.attoseconds) / 1e18
        let most = Int((100 + 100 * seconds).rounded(.up)) + 5
        let least = Int(100 + 70 * min(1, max(0, seconds - 1)))
        #expect((least...most).contains(served), "served \(served) of \(report.requests.count) in \(seconds) s")
        // Each VU is throttled about once a second, then waits: no hammering.
        #expect((4...16).contains(report.throttled.count), "throttled \(report.throttled.count)")
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.requests.errorRate == 0)
        #expect(report.thresholds.allSatisfy { $0.passed }, "\(report.thresholds)")
        #expect(report.status == .passed)
    }

    @Test func theSamplesOfAFailedCheckAreRedacted() async throws {
        let workflow = try Self.load("""
            version: 1
            name: Secret load
            steps:
              - name: Shop
                query: "query Shop { shop { name } }"
                assert:
                  - data.shop.name == env.SHOP_SECRET
            """)
        let shop = try SampleShop(SampleShop.Options())
        try shop.start()
        defer { shop.stop() }
        var options = RunOptions()
        options.environment = ["SHOP_SECRET": "hunter2-planted"]
        let target = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: shop.endpoint)
        let report = await LoadRunner(plan: LoadPlan(vus: 2, iterations: 6), options: options).run(workflow, target: target)
        #expect(report.status == .failed)
        let check = try #require(report.checks.first)
        #expect(check.fails == 6)
        #expect(check.samples.first?.expected == .string("[redacted]"))
        #expect(check.samples.first?.actual == .string("Sample Shoes"))
        #expect(!String(decoding: report.prettyJSON(), as: UTF8.self).contains("hunter2"))
    }

    @Test func theCheckoutWorkflowUnderLoadKeepsPerUserCaptures() async throws {
        let url = RepositoryPaths.file("workflows/checkout.yaml")
        var options = WorkflowLoader.Options()
        options.sampleShopSchema = { SampleShop.storefrontSchema }
        let workflow = try #require(WorkflowLoader.load(path: url.path, options: options).workflow)
        let plan = LoadPlan(vus: 5, iterations: 40, thresholds: try Self.thresholds("error_rate(all) <= 0", "count(step:create-cart) >= 40"))
        let report = try await Self.run(workflow, faults: ShopFaults(), plan: plan)
        #expect(report.iterations.completed == 40)
        #expect(report.iterations.failed == 0)
        #expect(report.errors.isEmpty, "\(report.errors)")
        #expect(report.latency.steps.keys == ["find-product", "create-cart", "apply-discount", "submit-for-completion", "wait-for-order"])
        // Two polls before success: 3 requests for the last step.
        #expect(report.latency.steps["wait-for-order"]?.count == 80)
        #expect(report.latency.steps["create-cart"]?.count == 40)
        #expect(report.status == .passed, "\(report.thresholds)")
    }
}
