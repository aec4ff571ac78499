import Buy
import BuyflowCore
import BuyflowReport
import Foundation
import Synchronization
import Testing
@testable import BuyflowRunner

/// `use` steps and data-driven runs.
@Suite struct ReuseAndDataTests {
    static let stepsFile = """
        version: 1
        name: Add to cart
        params:
          cartId: {required: true}
          quantity: {default: 1}
        steps:
          - name: Add line
            mutation: |
              mutation Add($cart: ID!, $q: Int!) { cartLinesAdd(cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/1", quantity: $q}]) { cart { totalQuantity } userErrors { code } } }
            variables: {cart: "${{ params.cartId }}", q: "${{ params.quantity }}"}
            capture: {inner: data.cartLinesAdd.cart.totalQuantity}
          - name: Check
            query: "query S { shop { name } }"
            assert: ['inner == params.quantity || inner > 0']
        outputs:
          total: steps.add-line.data.cartLinesAdd.cart.totalQuantity
        """

    @Test func useStepsRunInPlaceWithParamsAndOutputs() async throws {
        let total = Mutex(0)
        let harness = Harness { request in
            let body = Harness.body(request)
            if body["operationName"] == "Add" {
                let quantity = total.withLock { total in
                    total += body["variables"]?["q"]?.intValue ?? 0
                    return total
                }
                return try Reply.data(#"{"cartLinesAdd":{"cart":{"totalQuantity":\#(quantity)},"userErrors":[]}}"#).response()
            }
            return try Reply.data(#"{"shop":{"name":"S"},"cartCreate":{"cart":{"id":"gid://shopify/Cart/1"},"userErrors":[]}}"#).response()
        }
        let report = try await harness.run("""
            version: 1
            name: Reuse
            steps:
              - name: Create cart
                mutation: "mutation Create { cartCreate { cart { id } userErrors { code } } }"
                capture: {cartId: data.cartCreate.cart.id}
              - name: Add two
                use: steps/add.yaml
                with: {cartId: "${{ cartId }}", quantity: 2}
              - name: Add one
                use: steps/add.yaml
                with: {cartId: "${{ cartId }}"}
              - name: Total
                query: "query S { shop { name } }"
                assert: [total == 3]
            """, files: ["steps/add.yaml": Self.stepsFile])
        #expect(report.steps.map(\.name) == [
            "Create cart", "Add two › Add line", "Add two › Check", "Add one › Add line", "Add one › Check", "Total",
        ])
        #expect(report.status == .passed, "\(report.encoded)")
        let quantities = harness.stub.requests.map(Harness.body).filter { $0["operationName"] == "Add" }.map { $0["variables"]?["q"] }
        #expect(quantities == [2, 1])
        #expect(harness.stub.requests.map(Harness.body).first { $0["operationName"] == "Add" }?["variables"]?["cart"] == "gid://shopify/Cart/1")
    }

    @Test func aFailingStepInsideAUseSkipsTheRestOfBoth() async throws {
        let harness = Harness(replies: [.data(#"{"cartLinesAdd":{"cart":null,"userErrors":[{"code":"INVALID"}]},"shop":{"name":"S"}}"#)])
        let report = try await harness.run("""
            version: 1
            name: Reuse
            steps:
              - name: Add
                use: steps/add.yaml
                with: {cartId: "gid://shopify/Cart/1"}
              - name: After
                query: "query S { shop { name } }"
            """, files: ["steps/add.yaml": Self.stepsFile])
        #expect(report.steps.map(\.status) == [.failed, .skipped, .skipped])
        #expect(report.steps[0].failure?.kind == .userErrors)
        #expect(report.steps[1].skipReason == "step 'Add › Add line' failed")
        #expect(report.steps[2].skipReason == "step 'Add' failed")
    }

    @Test func eachDataRowIsARunOfItsOwn() async throws {
        let harness = Harness { request in
            let handle = Harness.body(request)["variables"]?["h"]?.stringValue ?? ""
            return try Reply.data(#"{"product":{"title":"\#(handle.uppercased())"}}"#).response()
        }
        let reports = try await harness.runAll("""
            version: 1
            name: Products
            data:
              - {name: sneaker, handle: classic-sneaker, title: CLASSIC-SNEAKER}
              - {handle: sock, title: WRONG}
              - {handle: boot, title: BOOT}
            steps:
              - name: Product
                query: "query P($h: String!) { product(handle: $h) { title } }"
                variables: {h: "${{ row.handle }}"}
                assert: [data.product.title == row.title]
            """)
        #expect(reports.map(\.workflow.name) == ["Products [sneaker]", "Products [row 2]", "Products [row 3]"])
        #expect(reports.map(\.status) == [.passed, .failed, .passed])
        #expect(reports[1].row?.index == 2)
        #expect(harness.stub.requests.count == 3)

        let fast = Harness(replies: [.data(#"{"product":{"title":"X"}}"#)])
        let fastReports = try await fast.runAll("""
            version: 1
            name: Products
            data: [{handle: a}, {handle: b}]
            steps:
              - name: Product
                query: "query P($h: String!) { product(handle: $h) { title } }"
                variables: {h: "${{ row.handle }}"}
                assert: ['data.product.title == "Y"']
            """, failFast: true)
        #expect(fastReports.map(\.status) == [.failed, .skipped])
        #expect(fastReports[1].steps[0].skipReason == "fail-fast: run 'Products [row 1]' failed")
        #expect(fast.stub.requests.count == 1)
    }
}
