@testable import BuyflowCLI
import BuyflowCore
import Foundation
import Testing

/// `buyflow lint` end to end, in-process, against the sample shop's schema subset.
@Suite struct LintCommandTests {
    static let schema = TestPaths.storefrontSchema

    func write(_ documents: [String: String]) throws -> (folder: String, paths: [String]) {
        try TestPaths.write(documents, prefix: "lint")
    }

    @Test func validDocumentExitsZero() async throws {
        let (_, paths) = try write(["cart.graphql": """
            mutation AddLines($cartId: ID!, $lines: [CartLineInput!]!) {
              cartLinesAdd(cartId: $cartId, lines: $lines) {
                cart { id totalQuantity }
                userErrors { code field message }
              }
            }
            """])
        let result = await runBuyflow(["lint", "--schema", Self.schema] + paths)
        #expect(result.code == .success)
        #expect(result.err == "")
        #expect(result.out == "checked 1 document against \(Self.schema): 0 errors, 0 warnings\n")
    }

    @Test func invalidDocumentIsRenderedLikeACompilerAndExitsTwo() async throws {
        let (_, paths) = try write(["cart.graphql": """
            query Cart($id: ID!) {
              cart(id: $id) {
                totalQantity
              }
            }
            """])
        let result = await runBuyflow(["lint", "--schema", Self.schema] + paths)
        #expect(result.code == .invalid)
        #expect(result.err == """
            \(paths[0]):3:5: error: cannot query field 'totalQantity' on type 'Cart'; did you mean 'totalQuantity'?
             3 |     totalQantity
               |     ^

            """)
        #expect(result.out.hasSuffix("1 error, 0 warnings\n"))
    }

    @Test func syntaxErrorsAreReportedPerFile() async throws {
        let (folder, _) = try write([
            "a.graphql": "query { shop { name }",
            "b.graphql": "{ shop { name } }",
        ])
        let result = await runBuyflow(["lint", "--schema", Self.schema, folder])
        #expect(result.code == .invalid)
        #expect(result.err.contains("a.graphql:1:22: error: expected Name, found <EOF>"))
        #expect(result.out.contains("checked 2 documents"))
    }

    @Test func jsonFormatForTools() async throws {
        let (_, paths) = try write(["p.graphql": "{ product(handle: 1) { title } }"])
        let result = await runBuyflow(["lint", "--schema", Self.schema, "--format", "json"] + paths)
        #expect(result.code == .invalid)
        let json = try JSONParser().parse(result.out)
        #expect(json["format"] == "buyflow.lint/1")
        #expect(json["files"]?[0]?["valid"] == false)
        let diagnostic = json["files"]?[0]?["diagnostics"]?[0]
        #expect(diagnostic?["code"] == "graphql.ValuesOfCorrectType")
        #expect(diagnostic?["location"]?["line"] == 1)
        #expect(diagnostic?["location"]?["column"] == 19)
        #expect(json["summary"]?["errors"] == 1)
    }

    @Test func deprecationIsAWarningNotAnError() async throws {
        let (_, paths) = try write(["v.graphql": "{ product(handle: \"x\") { variants(first: 1) { nodes { priceV2 { amount } } } } }"])
        let result = await runBuyflow(["lint", "--schema", Self.schema] + paths)
        #expect(result.code == .success)
        #expect(result.err.contains("warning: field 'priceV2' of type 'ProductVariant' is deprecated"))
        let quiet = await runBuyflow(["lint", "--schema", Self.schema, "--no-warnings"] + paths)
        #expect(quiet.err == "")
    }

    /// Without --schema, documents are checked against the published Storefront schema:
    /// a field only the full API has passes, a misspelt one fails.
    @Test func thePublishedSchemaIsTheDefault() async throws {
        let (_, paths) = try write([
            "ok.graphql": "{ shop { name } customer(customerAccessToken: \"t\") { email } }",
            "bad.graphql": "{ shop { nmae } }",
        ])
        let good = await runBuyflow(["lint", paths[1]])
        #expect(good.code == .success, "\(good.err)")
        #expect(good.out.contains("against the published Storefront API 2026-04 schema"))
        let bad = await runBuyflow(["lint", paths[0]])
        #expect(bad.code == .invalid)
        #expect(bad.err.contains("cannot query field 'nmae' on type 'Shop'; did you mean 'name'?"))
    }

    @Test(arguments: [
        (["lint", "--schema", "s.graphql"], "missing argument <documents or folders>"),
        (["lint", "--schema", "s.graphql", "--format", "xml", "a.graphql"], "unknown format 'xml'; use 'text' or 'json'"),
    ])
    func usageErrors(words: [String], message: String) async {
        let result = await runBuyflow(words)
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix("error: \(message)"))
    }

    /// Every option is checked before the schema is read: the schema here does not exist,
    /// so reaching it would exit 2.
    @Test(arguments: [
        (["--order", "bogus"], "error: unknown order 'bogus'; use 'location' or 'graphql-js'"),
        (["--order", "graphqljs"], "error: unknown order 'graphqljs'; use 'location' or 'graphql-js'; did you mean 'graphql-js'?"),
        (["--format", "yaml"], "error: unknown format 'yaml'; use 'text' or 'json'"),
        (["--format", "jsno"], "error: unknown format 'jsno'; use 'text' or 'json'; did you mean 'json'?"),
        (["--format=Text"], "error: unknown format 'Text'; use 'text' or 'json'; did you mean 'text'?"),
    ])
    func optionsAreValidatedBeforeTheSchemaIsRead(options: [String], firstLine: String) async {
        let result = await runBuyflow(["lint", "--schema", "/nonexistent/schema.graphql"] + options + ["/nonexistent/q.graphql"])
        #expect(result.code == .usage)
        #expect(result.out == "")
        #expect(result.err == firstLine + "\nhint: run 'buyflow lint --help' to see what it accepts\n")
    }

    @Test func parsesIntoTypedOptions() throws {
        let parsed = try CommandLineParser.parse(
            ["--schema", "s.graphql", "--format", "json", "--no-warnings", "--order", "graphql-js", "a.graphql", "dir"],
            for: LintCommand.spec)
        let options = try LintOptions.parse(parsed)
        #expect(options == LintOptions(
            schema: "s.graphql", documents: ["a.graphql", "dir"], format: .json, deprecationWarnings: false, order: .graphqlJS))
        let defaults = try LintOptions.parse(CommandLineParser.parse(["--schema", "s", "a"], for: LintCommand.spec))
        #expect(defaults.format == .text)
        #expect(defaults.order == .location)
        #expect(defaults.deprecationWarnings)
    }

    @Test func missingFilesAndBadSchemasAreInvalidInput() async throws {
        let missing = await runBuyflow(["lint", "--schema", Self.schema, "/nonexistent/q.graphql"])
        #expect(missing.code == .invalid)
        #expect(missing.err.contains("no such file or folder '/nonexistent/q.graphql'"))
        let (_, paths) = try write(["bad.graphql": "type Query { a: Strin }"])
        let badSchema = await runBuyflow(["lint", "--schema", paths[0], paths[0]])
        #expect(badSchema.code == .invalid)
        #expect(badSchema.err.contains("bad.graphql:1:17: error:"))
        #expect(badSchema.err.contains("did you mean 'String'?"))
    }
}
