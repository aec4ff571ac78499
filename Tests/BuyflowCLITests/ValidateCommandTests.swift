@testable import BuyflowCLI
import BuyflowCore
import BuyflowTestSupport
import Foundation
import HTTPServer
import Synchronization
import Testing

/// `buyflow validate` end to end, in-process.
@Suite struct ValidateCommandTests {
    static let broken = """
        version: 1
        name: Broken checkout
        steps:
          - name: Create cart
            mutation: |
              mutation {
                cartCreate { cart { id totalQantity } userErrors { code } }
              }
            captur:
              cartId: data.cartCreate.cart.id
          - name: Read cart
            query: |
              query($id: ID!) { cart(id: $id) { id } }
            variables:
              id: ${{ cartId }}
            timeout: soon
        """

    @Test func everyRepositoryWorkflowIsValid() async {
        let result = await runBuyflow(["validate", TestPaths.path("workflows")])
        #expect(result.code == .success, "\(result.err)")
        // The only warnings are the ones an example is meant to show (ExampleWarnings).
        let warnings = result.err.split(separator: "\n").filter { $0.contains(": warning: ") }
        let expected = ExampleWarnings.all.map(\.rendered)
        #expect(warnings.count == expected.count, "\(result.err)")
        for (line, warning) in zip(warnings, expected) {
            #expect(line.hasSuffix(warning), "\(line)")
        }
        #expect(!result.err.contains("error:"))
        #expect(result.out.contains("workflows/checkout.yaml: Checkout: 5 steps checked against the sample shop's schema"))
        #expect(result.out.hasSuffix("0 errors, \(expected.count) warnings\n"))
    }

    @Test func everyProblemOfAFileComesOutAtOnceWithExitTwo() async throws {
        let (_, paths) = try TestPaths.write(["checkout.yaml": Self.broken], prefix: "validate")
        let result = await runBuyflow(["validate", paths[0]])
        #expect(result.code == .invalid)
        #expect(result.err == """
            \(paths[0]):7:32: error: cannot query field 'totalQantity' on type 'Cart'; did you mean 'totalQuantity'?
             7 |         cartCreate { cart { id totalQantity } userErrors { code } }
               |                                ^
            \(paths[0]):9:5: error: unknown key 'captur' in a step; did you mean 'capture'?
             9 |     captur:
               |     ^
            hint: a step accepts name, id, query, mutation, operation, node, as, select, sleep, use, with, variables, capture, assert, errors, userErrors, retry, poll, timeout, headers, if, tags, continueOnError
            \(paths[0]):15:15: error: undefined name 'cartId'
             15 |       id: ${{ cartId }}
                |               ^
            hint: names: vars.<name>, env.<NAME>, steps.<id>…, and captures of earlier steps
            \(paths[0]):16:14: error: 'timeout' must be a duration such as 500ms, 10s or 2m, found 'soon'
             16 |     timeout: soon
                |              ^
            hint: write a number followed by a unit: us, ms, s, m or h (a bare number has no unit)

            """)
        #expect(result.out == "validated 1 workflow: 4 errors, 0 warnings\n")
    }

    @Test func jsonFormatForTools() async throws {
        let (_, paths) = try TestPaths.write(["checkout.yaml": Self.broken], prefix: "validate")
        let result = await runBuyflow(["validate", "--format", "json", paths[0], TestPaths.path("workflows/checkout.yaml")])
        #expect(result.code == .invalid)
        let report = try JSONParser().parse(result.out)
        #expect(report["format"] == "buyflow.validate/1")
        #expect(report["summary"]?["errors"] == 4)
        #expect(report["files"]?[0]?["valid"] == false)
        #expect(report["files"]?[0]?["diagnostics"]?[1]?["code"] == "workflow.unknown-key")
        #expect(report["files"]?[1]?["valid"] == true)
        #expect(report["files"]?[1]?["steps"] == 5)
    }

    @Test func varsFromTheCommandLineCount() async throws {
        let (_, paths) = try TestPaths.write(["w.yaml": """
            version: 1
            name: Vars
            steps:
              - name: Product
                query: |
                  query($h: String!) { product(handle: $h) { id } }
                variables:
                  h: ${{ vars.handle }}
            """], prefix: "validate")
        let missing = await runBuyflow(["validate", paths[0]])
        #expect(missing.code == .invalid)
        #expect(missing.err.contains("undefined var 'handle'"))
        let given = await runBuyflow(["validate", paths[0], "--var", "handle=trail-runner"])
        #expect(given.code == .success, "\(given.err)")
    }

    @Test func badOptionsAreUsageErrorsBeforeAnyFileIsRead() async {
        let result = await runBuyflow(["validate", "--format", "yml", "/nonexistent/w.yaml"])
        #expect(result.code == .usage)
        #expect(result.err.contains("unknown format 'yml'"))
        let missing = await runBuyflow(["validate"])
        #expect(missing.code == .usage)
    }

    @Test func aMissingPathIsReported() async {
        let result = await runBuyflow(["validate", "/nonexistent/w.yaml"])
        #expect(result.code == .invalid)
        #expect(result.err.contains("no such file or folder '/nonexistent/w.yaml'"))
    }

    /// Validation sends nothing, even for a workflow aimed at a live endpoint, valid or not.
    @Test func nothingIsSent() async throws {
        let requests = RequestCounter()
        let server = HTTPServer(configuration: HTTPServer.Configuration()) { _ in
            requests.increment()
            return .respond(HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Array(#"{"data":{}}"#.utf8)))
        }
        try server.start()
        defer { server.stop() }
        let port = try #require(server.port)
        let shop = "shop: {url: \"http://127.0.0.1:\(port)/api/2026-04/graphql.json\", token: secret}\n"
        let valid = Self.validShopWorkflow.replacingOccurrences(of: "SHOP\n", with: shop)
        let invalid = Self.broken.replacingOccurrences(of: "name: Broken checkout\n", with: "name: Broken checkout\n" + shop)
        let (_, paths) = try TestPaths.write(["a.yaml": valid, "b.yaml": invalid], prefix: "validate")
        let result = await runBuyflow(["validate", paths[0], paths[1]])
        #expect(result.code == ExitCode.invalid)
        #expect(result.out.contains("a.yaml: Shop name: 1 step checked against the published Storefront API 2026-04 schema"))
        #expect(requests.value == 0)
        // The server does answer: a request sent now is counted.
        _ = try? Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/")!)
        #expect(requests.value == 1)
    }

    static let validShopWorkflow = """
        version: 1
        name: Shop name
        SHOP
        steps:
          - name: Shop
            query: "{ shop { name brand { slogan } } }"
            assert:
              - data.shop.brand.slogan != null
        """
}

/// Requests a test server answered.
final class RequestCounter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
