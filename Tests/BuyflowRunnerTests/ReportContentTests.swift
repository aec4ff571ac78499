import Buy
import BuyflowCore
import BuyflowReport
import Testing
@testable import BuyflowRunner

/// Assertions, captures, secrets, repro, API versions.
@Suite struct ReportContentTests {
    @Test func everyAssertionIsEvaluatedAndEveryFailureReported() async throws {
        let long = String(repeating: "x", count: 3000)
        let harness = Harness(replies: [.data(#"{"product":{"title":"\#(long)","variants":{"nodes":[{"id":"a"},{"id":"b"}]}}}"#)])
        let report = try await harness.run("""
            version: 1
            name: Assertions
            steps:
              - name: Product
                query: 'query P { product(handle: "x") { title variants(first: 5) { nodes { id } } } }'
                assert:
                  - len(data.product.variants.nodes) == 2
                  - data.product.title == "short"
                  - that: data.product.variants.nodes
                    length: 3
                  - data.product.variants.nodes[0].id in ["a", "b"]
            """)
        let step = try report.step("Product")
        #expect(step.assertions.map(\.passed) == [true, false, false, true])
        let failure = try #require(step.failure)
        #expect(failure.kind == .assertion)
        #expect(failure.message == "2 assertions failed")
        #expect(failure.assertions.count == 2)
        let title = failure.assertions[0]
        #expect(title.expected == "short")
        #expect(title.location?.description.hasSuffix("workflow.yaml:8:9") == true)
        let shown = try #require(title.actual?.stringValue)
        #expect(shown.utf8.count < 1100 && shown.hasSuffix("… (3000 bytes)"))
        let length = failure.assertions[1]
        #expect(length.expression == "data.product.variants.nodes length 3")
        #expect(length.expected == 3 && length.actual == 2)
        #expect(length.message == "expected data.product.variants.nodes length 3, but it is 2")
        #expect(failure.expected == "short")
    }

    @Test func secretsAppearNowhereInTheReport() async throws {
        let harness = Harness(replies: [
            .data(#"{"cartCreate":{"cart":{"id":"gid://shopify/Cart/very-secret-cart"},"userErrors":[]}}"#),
            .json(#"{"errors":[{"message":"no cart gid://shopify/Cart/very-secret-cart for key env-secret-value"}]}"#, status: 500),
        ])
        let report = try await harness.run("""
            version: 1
            name: Secrets
            steps:
              - name: Create
                mutation: "mutation C { cartCreate { cart { id } userErrors { code } } }"
                capture:
                  cartId: {value: data.cartCreate.cart.id, secret: true}
                  plain: data.cartCreate.cart.id
              - name: Use
                query: 'query Q($id: ID!, $k: String!) { cart(id: $id) { id } product(handle: $k) { id } }'
                variables: {id: "${{ cartId }}", k: "${{ env.API_KEY }}"}
                headers: {X-Debug: "${{ env.DEBUG_PASSWORD }}"}
                retry: {attempts: 1}
            """, environment: ["API_KEY": "env-secret-value", "DEBUG_PASSWORD": "hunter2hunter2", "HOME": "/home/me"])
        let create = try report.step("Create")
        #expect(create.captures["cartId"] == "[redacted]")
        #expect(create.captures["plain"] == "[redacted]")
        let use = try report.step("Use")
        #expect(use.failure?.kind == .http)
        let repro = try #require(use.attempts[0].repro)
        #expect(repro.contains(#"-H "X-Shopify-Storefront-Access-Token: $STOREFRONT_TOKEN""#))
        #expect(repro.hasPrefix("curl -sS -X POST 'http://shop.test/api/2026-04/graphql.json'"))
        #expect(repro.contains("[redacted]"))
        let encoded = report.encoded
        for secret in ["very-secret-cart", "env-secret-value", "hunter2hunter2", "shpat-secret-token"] {
            #expect(!encoded.contains(secret), "\(secret) leaked")
        }
        // The request really carried them.
        let sent = harness.stub.requests[1]
        #expect(sent.headers["X-Shopify-Storefront-Access-Token"] == "shpat-secret-token")
        #expect(sent.headers["X-Debug"] == "hunter2hunter2")
        #expect(Harness.body(sent)["variables"]?["id"] == "gid://shopify/Cart/very-secret-cart")
    }

    @Test func capturesKeepTheirJSONTypeAndStepsHoldEarlierResponses() async throws {
        let harness = Harness(replies: [
            .data(#"{"product":{"id":"gid://shopify/Product/1","variants":{"nodes":[{"id":"v1"},{"id":"v2"}]}}}"#, headers: [("X-Request-Id", "req-7")]),
        ])
        let report = try await harness.run("""
            version: 1
            name: Captures
            steps:
              - name: Product
                query: 'query P { product(handle: "x") { id variants(first: 5) { nodes { id } } } }'
                capture: {variants: data.product.variants.nodes, count: len(data.product.variants.nodes)}
              - name: Again
                query: 'query P($id: ID!) { node(id: $id) { id } }'
                variables: {id: "${{ steps.product.data.product.id }}"}
                assert:
                  - count == 2
                  - captures.variants[1].id == "v2"
                  - steps.product.status == 200
                  - steps.product.headers["x-request-id"] == "req-7"
                  - headers["X-Request-ID"] == "req-7"
                  - attempt == 1
                  - duration >= 0
            """)
        #expect(report.status == .passed, "\(report.encoded)")
        #expect(try report.step("Product").captures["count"] == 2)
        #expect(Harness.body(harness.stub.requests[1])["variables"] == ["id": "gid://shopify/Product/1"])
        #expect(try report.step("Again").attempts[0].requestId == "req-7")
    }

    @Test func aServedVersionOtherThanTheRequestedOneWarnsOrFails() async throws {
        let reply = Reply.data(#"{"shop":{"name":"S"}}"#, headers: [("X-Shopify-API-Version", "2025-07"), ("X-Shopify-API-Deprecated-Reason", "old field")])
        let yaml = """
            version: 1
            name: Versions
            steps:
              - name: Shop
                query: "query S { shop { name } }"
            """
        let warning = Harness(replies: [reply])
        let warned = try await warning.run(yaml)
        let step = try warned.step("Shop")
        #expect(step.status == .passed)
        #expect(step.attempts[0].servedApiVersion == "2025-07")
        #expect(step.attempts[0].deprecatedReason == "old field")
        #expect(step.warnings.map(\.kind) == [.apiVersionMismatch, .deprecated])
        #expect(step.warnings[0].message == "requested Storefront API version 2026-04, but the shop served 2025-07")
        #expect(warned.warnings.contains { $0.kind == .apiVersionMismatch })

        let failing = Harness(replies: [reply])
        let failed = try await failing.run(yaml, target: RunTarget(endpoint: Harness.endpoint, apiVersionMismatch: .fail))
        let failure = try #require(try failed.step("Shop").failure)
        #expect(failure.kind == .apiVersion)
        #expect(try failed.step("Shop").attempts[0].errorKind == .apiVersion)
    }
}
