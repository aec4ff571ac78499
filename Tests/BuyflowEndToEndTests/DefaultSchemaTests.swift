import Foundation
import Testing

/// The schema a workflow aimed at a real shop is checked against when it names none: the
/// published Storefront schema buyflow ships (compressed), through the real binary. Fields
/// that only the full published schema has pass, a typo stops the run before any request,
/// another API version is checked for syntax only, and `schema:` or lint's `--schema` win.
@Suite("The published Storefront schema is the default for real shops")
struct DefaultSchemaTests {
    /// `productRecommendations`, `localization` and `sitemap` are in the published schema,
    /// not in the sample shop's (samples/storefront.graphql).
    static let publishedOnly = """
        version: 1
        name: Published fields
        SHOP
        steps:
          - name: Recommendations
            query: "query Recommend($id: ID!) { productRecommendations(productId: $id) { id title } localization { country { isoCode } } sitemap(type: PRODUCT) { pagesCount { count } } }"
            variables:
              id: gid://shopify/Product/1

        """

    static let typo = """
        version: 1
        name: Typo
        SHOP
        steps:
          - name: Localization
            query: "{ localisation { country { isoCode } } }"

        """

    /// Writes `files` into a fresh folder; returns the folder and each file's path.
    static func write(_ files: [String: String]) throws -> (URL, [String: String]) {
        let directory = try E2EPaths.temporaryDirectory()
        var paths: [String: String] = [:]
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths[name] = url.path
        }
        return (directory, paths)
    }

    static func workflow(_ template: String, shop: String) -> String {
        template.replacingOccurrences(of: "SHOP\n", with: shop)
    }

    @Test("buyflow validate: a shop's workflow with fields only the published schema has")
    func publishedFieldsValidate() async throws {
        let (directory, paths) = try Self.write([
            "shop.yaml": Self.workflow(Self.publishedOnly, shop: "shop:\n  domain: shoes.myshopify.com\n"),
            "sample.yaml": Self.workflow(Self.publishedOnly, shop: ""),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let shop = try await Subprocess.buyflow(["validate", paths["shop.yaml"]!, "--no-color"])
        #expect(shop.exitCode == 0, "\(shop.combined)")
        #expect(shop.stdout.contains("shop.yaml: Published fields: 1 step checked against the published Storefront API 2026-04 schema"),
                "\(shop.combined)")
        #expect(shop.stdout.contains("0 errors, 0 warnings"), "\(shop.combined)")

        // The same steps against the embedded sample shop: its own, smaller schema.
        let sample = try await Subprocess.buyflow(["validate", paths["sample.yaml"]!, "--no-color"])
        #expect(sample.exitCode == 2, "\(sample.combined)")
        #expect(sample.stderr.contains("error: cannot query field 'productRecommendations' on type 'QueryRoot'"), "\(sample.combined)")
    }

    @Test("buyflow run --url: a typo is exit 2 with a located diagnostic, and nothing is sent")
    func typoSendsNothing() async throws {
        let server = try ScriptedServer(body: #"{"data":{"localization":{"country":{"isoCode":"CA"}}}}"#)
        defer { server.stop() }
        let (directory, paths) = try Self.write([
            "typo.yaml": Self.workflow(Self.typo, shop: ""),
            "valid.yaml": Self.workflow(Self.typo, shop: "").replacingOccurrences(of: "localisation", with: "localization"),
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = paths["typo.yaml"]!
        let result = try await BuyflowRun.run([file, "--url", server.url, "--no-color"], expectReport: false)
        #expect(result.exitCode == 2, "\(result.output.combined)")
        #expect(result.output.stderr.contains(
            "\(file):5:15: error: cannot query field 'localisation' on type 'QueryRoot'; did you mean 'localization'?"),
            "\(result.output.stderr)")
        #expect(result.output.stderr.contains("nothing was sent"), "\(result.output.stderr)")
        #expect(result.runs.isEmpty)
        #expect(server.requestCount == 0)

        // The same server does answer the corrected workflow: its one request is counted.
        let valid = try await BuyflowRun.run([paths["valid.yaml"]!, "--url", server.url])
        #expect(valid.exitCode == 0, "\(valid.output.combined)")
        #expect(server.requestCount == 1)
    }

    @Test("another API version: a warning that only syntax was checked, pointing at buyflow schema fetch")
    func otherVersionIsSyntaxOnly() async throws {
        let shop = "shop:\n  domain: shoes.myshopify.com\n  apiVersion: \"2025-10\"\n"
        let (directory, paths) = try Self.write(["old.yaml": Self.workflow(Self.typo, shop: shop)])
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = paths["old.yaml"]!
        let result = try await Subprocess.buyflow(["validate", file, "--no-color"])
        #expect(result.exitCode == 0, "\(result.combined)")
        #expect(result.combined.contains(
            "\(file):4:3: warning: buyflow ships the Storefront API 2026-04 schema; operations for API version 2025-10 were checked for syntax only"),
            "\(result.combined)")
        #expect(result.combined.contains("buyflow schema fetch --url … --api-version 2025-10 --output schema.json"), "\(result.combined)")
        #expect(result.combined.contains("0 errors, 1 warning"), "\(result.combined)")
        #expect(!result.combined.contains("localisation'"), "the typo is not reported: \(result.combined)")
    }

    /// A schema without `localization`: `schema:` and lint's `--schema` win over the default.
    static let tinySchema = "type Query { shop: Shop }\ntype Shop { name: String }\n"

    @Test("schema: in the workflow and lint's --schema win over the published schema")
    func namedSchemasWin() async throws {
        let named = "version: 1\nname: Named schema\nschema: tiny.graphql\nshop:\n  domain: shoes.myshopify.com\n"
            + "steps:\n  - name: Localization\n    query: \"{ localization { country { isoCode } } }\"\n"
        let (directory, paths) = try Self.write([
            "tiny.graphql": Self.tinySchema, "named.yaml": named,
            "doc.graphql": "query Where { localization { country { isoCode } } }\n",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let workflow = try await Subprocess.buyflow(["validate", paths["named.yaml"]!, "--no-color"])
        #expect(workflow.exitCode == 2, "\(workflow.combined)")
        #expect(workflow.stderr.contains("\(paths["named.yaml"]!):8:15: error: cannot query field 'localization' on type 'Query'"),
                "\(workflow.combined)")

        let lintDefault = try await Subprocess.buyflow(["lint", paths["doc.graphql"]!, "--no-color"])
        #expect(lintDefault.exitCode == 0, "\(lintDefault.combined)")
        #expect(lintDefault.combined.contains("the published Storefront API 2026-04 schema"), "\(lintDefault.combined)")
        let lintNamed = try await Subprocess.buyflow(["lint", paths["doc.graphql"]!, "--schema", paths["tiny.graphql"]!, "--no-color"])
        #expect(lintNamed.exitCode == 2, "\(lintNamed.combined)")
        #expect(lintNamed.combined.contains("\(paths["doc.graphql"]!):1:15: error: cannot query field 'localization' on type 'Query'"),
                "\(lintNamed.combined)")
    }
}
