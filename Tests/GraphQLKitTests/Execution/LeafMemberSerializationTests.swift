import BuyflowCore
import Testing
@testable import GraphQLKit

/// `SerializingExecution` writes a selection of leaf members only (money-like objects)
/// straight from the JSON object: the same bytes as `execute`, errors included — their
/// paths, nulls propagating out of the object, siblings after a propagating field left out.
@Suite("Execution: serialized leaf members")
struct LeafMemberSerializationTests {
    static let executor: Executor = {
        let sdl = """
        type Money { amount: String! currencyCode: String! cents: Int }
        type Line { cost: Money! price: Money tags: [String!] }
        type Query { lines: [Line!] line: Line looseLines: [Line] }
        """
        let lines: JSONValue = [
            ["cost": ["amount": "1.00", "currencyCode": "USD", "cents": 100], "price": ["amount": "2.00", "currencyCode": "USD"], "tags": ["a"]],
            ["cost": ["amount": "3.00"], "price": ["currencyCode": "EUR", "cents": "x"], "tags": ["b", .null]],
        ]
        var resolvers = Resolvers()
        resolvers["Query", "lines"] = .constant(.json(lines))
        resolvers["Query", "looseLines"] = .constant(.json(lines))
        resolvers["Query", "line"] = .constant(.json(["price": ["cents": "x", "amount": "5.00", "currencyCode": "CAD"], "cost": ["amount": "0.00", "currencyCode": "CAD"]]))
        return executorFor(sdl, resolvers)
    }()

    @Test("same bytes as execute", arguments: [
        "{ lines { price { amount currencyCode cents } } }",
        "{ lines { cost { amount currencyCode cents __typename } } }",
        "{ looseLines { cost { __typename amount currencyCode } price { cents amount } } }",
        "{ line { price { cents amount currencyCode } cost { currencyCode amount } } }",
        "{ looseLines { tags price { amount } } }",
        "{ a: line { p: price { c: currencyCode t: __typename } } }",
    ])
    func sameBytes(query: String) {
        let result = ExecutionFixtures.run(query, executor: Self.executor)
        let serialized = Self.executor.prepare(ExecutionFixtures.parse(query)).executeSerialized()
        #expect(String(decoding: serialized, as: UTF8.self) == JSONSerializer().string(result.json))
    }

    @Test("errors inside a leaf-member object keep their paths and propagate")
    func errorPaths() {
        func paths(_ query: String) -> [String] {
            let bytes = Self.executor.prepare(ExecutionFixtures.parse(query)).executeSerialized()
            let json = ExecutionFixtures.json(String(decoding: bytes, as: UTF8.self))
            return (json["errors"]?.arrayValue ?? []).map { JSONSerializer().string($0["path"] ?? .null) }
        }
        // A nullable object: only it becomes null.
        #expect(paths("{ lines { price { amount currencyCode cents } } }") == [#"["lines",1,"price","amount"]"#])
        // A non-null object: the null reaches the list, whose items are non-null.
        let bytes = Self.executor.prepare(ExecutionFixtures.parse("{ lines { cost { amount currencyCode } } }")).executeSerialized()
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(#""data":{"lines":null}}"#))
        #expect(paths("{ lines { cost { amount currencyCode } } }") == [#"["lines",1,"cost","currencyCode"]"#])
        // A value that is no Int: an error, the member null, the object kept.
        #expect(paths("{ line { price { cents amount } } }") == [#"["line","price","cents"]"#])
    }
}
