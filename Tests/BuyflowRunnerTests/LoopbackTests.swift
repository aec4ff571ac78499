import Buy
import BuyflowCore
import BuyflowReport
import BuyflowTestSupport
import BuyflowWorkflow
import Foundation
import SampleShop
import Testing
@testable import BuyflowRunner

/// The checkout workflow against the real sample shop over loopback HTTP.
@Suite struct LoopbackTests {
    static let repositoryRoot = RepositoryPaths.root

    @Test func theCheckoutWorkflowPassesAgainstTheSampleShop() async throws {
        let shop = try SampleShop(SampleShop.Options(token: "loopback-token", completionPolls: 2, completionPollDelay: .milliseconds(20)))
        try shop.start()
        defer { shop.stop() }

        var loadOptions = WorkflowLoader.Options()
        loadOptions.sampleShopSchema = { SampleShop.storefrontSchema }
        let path = Self.repositoryRoot.appendingPathComponent("workflows/checkout.yaml").path
        let loaded = WorkflowLoader.load(path: path, options: loadOptions)
        let workflow = try #require(loaded.workflow, "\(loaded.diagnostics)")

        let target = try RunTarget.resolve(
            workflow: workflow, overrides: TargetOverrides(token: "loopback-token"), embeddedEndpoint: shop.endpoint
        )
        let reports = await WorkflowRunner().run(workflow, target: target)
        let report = try #require(reports.first)
        #expect(report.status == .passed, "\(JSONSerializer(pretty: true).string(report.jsonValue))")
        #expect(report.steps.map(\.status) == Array(repeating: .passed, count: 5))
        let wait = try report.step("Wait for order")
        #expect(wait.attempts.count == 3)
        #expect(wait.captures["orderId"]?.stringValue?.hasPrefix("gid://shopify/Order/") == true)
        #expect(report.steps.flatMap(\.attempts).allSatisfy { $0.requestId?.hasPrefix("req-") == true })
        #expect(!JSONSerializer().string(report.jsonValue).contains("loopback-token"))
    }
}
