import Buy
import BuyflowCore
import BuyflowWorkflow
import Foundation
import Testing
@testable import BuyflowRunner

/// `RunTarget` from `shop`, flags and the embedded shop.
@Suite struct RunTargetTests {
    static let embedded = URL(string: "http://127.0.0.1:9999/api/2026-04/graphql.json")!

    @Test func shopSettingsRenderWithEnvAndVars() throws {
        let harness = Harness(replies: [])
        let workflow = try harness.load("""
            version: 1
            name: Target
            vars: {region: ca}
            shop:
              url: https://${{ vars.region }}.example.com/api/2025-07/graphql.json
              apiVersion: 2025-07
              token: ${{ env.STOREFRONT_TOKEN }}
              locale: en-CA
              headers: {X-Region: "${{ vars.region }}"}
              apiVersionMismatch: fail
            steps:
              - name: Shop
                query: "query S { shop { name } }"
            """)
        let target = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: Self.embedded, environment: ["STOREFRONT_TOKEN": "tok"])
        #expect(target.endpoint.absoluteString == "https://ca.example.com/api/2025-07/graphql.json")
        #expect(target.apiVersion == "2025-07")
        #expect(target.token == "tok")
        #expect(target.locale == "en-CA")
        #expect(target.headers["x-region"] == "ca")
        #expect(target.apiVersionMismatch == .fail)

        let overridden = try RunTarget.resolve(
            workflow: workflow, overrides: TargetOverrides(domain: "shoes.myshopify.com", token: "flag", apiVersion: "2026-01", apiVersionMismatch: .warn),
            embeddedEndpoint: nil, environment: [:]
        )
        #expect(overridden.endpoint.absoluteString == "https://shoes.myshopify.com/api/2026-01/graphql.json")
        #expect(overridden.token == "flag")
        #expect(overridden.apiVersionMismatch == .warn)
    }

    @Test func withoutShopTheEmbeddedEndpointIsUsed() throws {
        let harness = Harness(replies: [])
        let workflow = try harness.load("""
            version: 1
            name: Target
            steps:
              - name: Shop
                query: "query S { shop { name } }"
            """)
        let target = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: Self.embedded)
        #expect(target.endpoint == Self.embedded)
        #expect(target.apiVersion == BuyflowVersion.storefrontAPIVersion)
        #expect(target.token == nil)
        #expect(throws: Diagnostic.self) { try RunTarget.resolve(workflow: workflow, embeddedEndpoint: nil) }
        let url = try RunTarget.resolve(workflow: workflow, overrides: TargetOverrides(url: "http://localhost:1/x"), embeddedEndpoint: Self.embedded)
        #expect(url.endpoint.absoluteString == "http://localhost:1/x")
    }

    @Test func aShopTemplateThatDoesNotRenderIsADiagnostic() throws {
        let harness = Harness(replies: [])
        let workflow = try harness.load("""
            version: 1
            name: Target
            shop:
              domain: ${{ env.SHOP_DOMAIN }}
            steps:
              - name: Shop
                query: "query S { shop { name } }"
            """)
        do {
            _ = try RunTarget.resolve(workflow: workflow, embeddedEndpoint: nil, environment: [:])
            Issue.record("expected a diagnostic")
        } catch {
            #expect(error.message == "'shop.domain' is empty: ${{ env.SHOP_DOMAIN }} gave null")
            #expect(error.location?.line == 4)
        }
    }

    @Test func theLocaleAddsAcceptLanguageAndTheTokenHeader() async throws {
        let harness = Harness(replies: [.data(#"{"shop":{"name":"S"}}"#)])
        _ = try await harness.run("""
            version: 1
            name: Locale
            steps:
              - name: Shop
                query: "query S { shop { name } }"
            """, target: RunTarget(endpoint: Harness.endpoint, token: "tok", locale: "fr-CA", headers: ["X-Extra": "1"]))
        let request = try #require(harness.stub.requests.first)
        #expect(request.headers["Accept-Language"] == "fr-CA")
        #expect(request.headers["X-Shopify-Storefront-Access-Token"] == "tok")
        #expect(request.headers["X-Extra"] == "1")
        let query = Harness.body(request)["query"]?.stringValue ?? ""
        #expect(query.contains("@inContext"))
    }
}
