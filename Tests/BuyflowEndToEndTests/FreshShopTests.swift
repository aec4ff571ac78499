import BuyflowReport
import Foundation
import Testing

/// Each workflow file runs against a sample shop of its own: what a file sees never depends
/// on the files that ran before it, nor on those running beside it under `--jobs`.
@Suite("A fresh embedded shop per workflow file")
struct FreshShopTests {
    /// Places an order and checks it is the shop's first: `#1001`.
    static let firstOrder = """
        version: 1
        name: First order
        steps:
          - name: Variant
            query: |
              query { product(handle: "wool-socks") { variants(first: 1) { nodes { id } } } }
            capture:
              variantId: data.product.variants.nodes[0].id
          - name: Cart
            mutation: |
              mutation Create($v: ID!) { cartCreate(input: {lines: [{merchandiseId: $v, quantity: 1}]}) { cart { id } userErrors { code } } }
            variables: {v: "${{ variantId }}"}
            capture:
              cartId: data.cartCreate.cart.id
          - name: Submit
            mutation: |
              mutation Submit($c: ID!, $t: String!) {
                cartSubmitForCompletion(cartId: $c, attemptToken: $t) { result { ... on SubmitSuccess { attemptId } } userErrors { code } }
              }
            variables: {c: "${{ cartId }}", t: "first-order"}
            capture:
              attemptId: data.cartSubmitForCompletion.result.attemptId
          - name: Wait
            query: |
              query Attempt($a: String!) {
                cartCompletionAttempt(attemptId: $a) { __typename ... on CartCompletionSuccess { orderId } }
              }
            variables: {a: "${{ attemptId }}"}
            poll: {until: 'data.cartCompletionAttempt.__typename == "CartCompletionSuccess"', interval: 10ms, maxAttempts: 20}
            capture:
              orderId: data.cartCompletionAttempt.orderId
          - name: Order
            node: ${{ orderId }}
            as: Order
            select: name
            assert:
              - node.name == "#1001"
        """

    @Test("two files that each place an order both get order #1001", arguments: [[], ["--jobs", "2"]])
    func eachFileGetsTheFirstOrder(_ flags: [String]) async throws {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["a-order.yaml", "b-order.yaml"] {
            try Self.firstOrder.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let result = try await BuyflowRun.run([directory.path, "--no-color"] + flags)
        #expect(result.exitCode == 0, "\(result.output.combined)")
        #expect(result.runs.count == 2)
        for run in result.runs {
            #expect(run.status == .passed, "\(run.workflow.file): \(run.steps.compactMap(\.failure?.message))")
        }
        #expect(result.output.stdout.contains("2 of 2 runs passed"), "\(result.output.stdout)")
    }

    @Test("buyflow run workflows/ passes every example, one at a time and four at once", arguments: [[], ["--jobs", "4"]])
    func everyExampleOfTheFolderPasses(_ flags: [String]) async throws {
        let result = try await BuyflowRun.run(["workflows/", "--no-color"] + flags)
        #expect(result.exitCode == 0, "\(result.output.combined)")
        #expect(result.runs.count >= ExampleWorkflowTests.examples.count)
        for run in result.runs {
            #expect(run.status == .passed, "\(run.workflow.file): \(run.steps.compactMap(\.failure?.message))")
        }
        let runs = result.runs.count
        #expect(result.output.stdout.contains("\(runs) of \(runs) runs passed"), "\(result.output.stdout)")
    }

    @Test("--quiet: every line names its workflow, the summary and a failure's heading", arguments: [[], ["--jobs", "2"]])
    func quietLinesNameTheirWorkflow(_ flags: [String]) async throws {
        let result = try await BuyflowRun.run(
            ["workflows/checkout.yaml", E2EPaths.workflow("failed-assertions.yaml"), "--quiet", "--no-color"] + flags)
        let stdout = result.output.stdout
        #expect(stdout.contains("Checkout (workflows/checkout.yaml) — passed: 5 passed of 5 steps in"), "\(stdout)")
        let summary = try Regex(#" of \d+ steps? in "#)
        let summaries = stdout.split(separator: "\n").filter { $0.contains(summary) }
        #expect(summaries.count == 2, "\(stdout)")
        for line in summaries {
            #expect(line.contains(" (workflows/") || line.contains(" (Tests/"), "a summary without its workflow: \(line)")
            #expect(!line.hasPrefix("passed:") && !line.hasPrefix("failed:"), "\(line)")
        }
        // A failure comes under its workflow's heading.
        let failing = try #require(result.runs.last)
        let heading = "\(failing.workflow.name) (\(failing.workflow.file)) → "
        let headingRange = try #require(stdout.range(of: heading), "\(stdout)")
        let failure = try #require(stdout.range(of: "  ✗ "), "\(stdout)")
        #expect(headingRange.lowerBound < failure.lowerBound)
        #expect(!stdout.contains("Checkout (workflows/checkout.yaml) → "), "quiet prints no heading for a passing run")
    }
}
