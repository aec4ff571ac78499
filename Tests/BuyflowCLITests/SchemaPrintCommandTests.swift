@testable import BuyflowCLI
import Foundation
import Testing

/// `buyflow schema print` end to end, in-process.
@Suite struct SchemaPrintCommandTests {
    @Test func printsTheSampleSchemaAndReadsItBack() async throws {
        let first = await runBuyflow(["schema", "print", TestPaths.storefrontSchema])
        #expect(first.code == .success)
        #expect(first.err == "")
        #expect(first.out.contains("type Cart implements Node {"))
        #expect(first.out.hasSuffix("scalar UnsignedInt64\n"))

        let (_, paths) = try TestPaths.write(["printed.graphql": first.out], prefix: "schema-print")
        let second = await runBuyflow(["schema", "print", paths[0]])
        #expect(second.code == .success)
        #expect(second.out == first.out)
    }

    /// Introspection JSON prints as graphql-core's `print_schema` does (the GraphQLKit fixture).
    @Test func printsIntrospectionJSONAsSDL() async throws {
        let fixtures = "Tests/GraphQLKitTests/Fixtures/schema/"
        let expected = try String(contentsOfFile: TestPaths.path(fixtures + "shop.printed.graphql"), encoding: .utf8)
        let result = await runBuyflow(["schema", "print", TestPaths.path(fixtures + "shop.introspection.json")])
        #expect(result.code == .success)
        #expect(result.out == expected + (expected.hasSuffix("\n") ? "" : "\n"))
    }

    @Test func invalidSchemaIsRenderedLikeLintAndExitsTwo() async throws {
        let (_, paths) = try TestPaths.write(["bad.graphql": "type Query { a: Strin }"], prefix: "schema-print")
        let result = await runBuyflow(["schema", "print", paths[0]])
        #expect(result.code == .invalid)
        #expect(result.out == "")
        #expect(result.err.hasPrefix("\(paths[0]):1:17: error: "))
        #expect(result.err.contains("did you mean 'String'?"))
        #expect(result.err.contains(" 1 | type Query { a: Strin }\n"))
    }

    @Test func missingFileExitsTwo() async {
        let result = await runBuyflow(["schema", "print", "/nonexistent/schema.graphql"])
        #expect(result.code == .invalid)
        #expect(result.err.hasPrefix("error: cannot read schema file '/nonexistent/schema.graphql'"))
    }

    @Test(arguments: [
        (["schema", "print"], "error: missing argument <file>"),
        (["schema", "print", "a.graphql", "b.graphql"], "error: unexpected argument 'b.graphql'"),
        (["schema", "prnit"], "error: unknown command 'schema prnit'; did you mean 'schema print'?"),
    ])
    func usageErrors(words: [String], firstLine: String) async {
        let result = await runBuyflow(words)
        #expect(result.code == .usage)
        #expect(result.err.hasPrefix(firstLine + "\n"))
    }

    @Test func schemaGroupHelpListsPrint() async {
        let result = await runBuyflow(["schema", "--help"])
        #expect(result.code == .success)
        #expect(result.out.contains("  print"))
    }
}
