@testable import BuyflowCLI
import BuyflowCore
import Foundation
import GraphQLKit
import SampleShop
import Testing

/// `buyflow schema fetch` against the real sample shop over loopback.
@Suite struct SchemaFetchCommandTests {
    @Test func savesAnIntrospectionResultThatPrintsLikeTheShopsSchema() async throws {
        let shop = try SampleShop(SampleShop.Options(token: "fetch-secret"))
        try shop.start()
        defer { shop.stop() }
        let folder = try TestPaths.write([:], prefix: "fetch").folder
        let output = folder + "/schema/shop.json"
        let result = await runBuyflow([
            "schema", "fetch", "--url", shop.endpoint.absoluteString, "--token", "fetch-secret", "--output", output,
        ])
        #expect(result.code == .success, "\(result.err)")
        #expect(result.err.contains("saved the schema of \(shop.endpoint.absoluteString) (API version 2026-04)"))
        #expect(!result.err.contains("fetch-secret"))
        let fetched = try Schema.load(path: output)
        #expect(SchemaPrinter.print(fetched) == SchemaPrinter.print(SampleShop.storefrontSchema))
    }

    @Test func aRefusedTokenIsExplainedWithoutPrintingIt() async throws {
        let shop = try SampleShop(SampleShop.Options(token: "right"))
        try shop.start()
        defer { shop.stop() }
        let result = await runBuyflow(["schema", "fetch", "--url", shop.endpoint.absoluteString, "--token", "wrong-token-123"])
        #expect(result.code == .failure)
        #expect(result.err.contains("answered HTTP 403"))
        #expect(result.err.contains("check --token"))
        #expect(!result.err.contains("wrong-token-123"))
        #expect(result.out == "")
    }

    @Test func anEndpointIsRequired() async {
        let result = await runBuyflow(["schema", "fetch", "--output", "x.json"])
        #expect(result.code == .usage)
        #expect(result.err.contains("missing option '--url <url>' or '--domain <shop.myshopify.com>'"))
    }
}
