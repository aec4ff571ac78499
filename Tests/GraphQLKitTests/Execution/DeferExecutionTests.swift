import BuyflowCore
import Foundation
import Testing
@testable import GraphQLKit

/// `@defer` (the 2022-08-24 format the Storefront API implements): incremental execution
/// splits the result into an initial payload and one payload per deferred fragment;
/// every other execution collects deferred fragments in place.
@Suite("Execution: @defer")
struct DeferExecutionTests {
    struct Boom: Error, CustomStringConvertible {
        var description: String { "boom" }
    }

    /// Counts `Mutation.rename` calls.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func increment() { lock.withLock { count += 1 } }
    }

    static let sdl = """
        directive @defer(if: Boolean = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        type Query { shop: Shop products: [Product!]! }
        type Mutation { rename(name: String!): Shop }
        type Shop { name: String! description: String owner: Person failing: String nonNullFail: String! }
        type Product { id: ID! title: String }
        type Person { name: String email: String }
        """

    static func executor(calls: Calls = Calls(), async: Bool = false) -> Executor {
        let shop = ResolvedValue.json([
            "name": "Snowdevil", "description": "Boards", "owner": ["name": "Ada", "email": "ada@example.com"],
        ])
        var resolvers = Resolvers()
        if async {
            resolvers.asyncField("Query", "shop") { _ in shop }
        } else {
            resolvers["Query", "shop"] = .constant(shop)
        }
        resolvers["Query", "products"] = .constant(.json([["id": "1", "title": "One"], ["id": "2", "title": "Two"]]))
        resolvers.field("Mutation", "rename") { call in
            calls.increment()
            return .json(["name": call[argument: "name"] ?? .null, "description": "Renamed"])
        }
        resolvers.field("Shop", "failing") { _ in throw Boom() }
        resolvers.field("Shop", "nonNullFail") { _ in throw Boom() }
        return Executor(schema: try! Schema(sdl: sdl), resolvers: resolvers)
    }

    static func run(_ source: String, variables: JSONObject? = nil, executor: Executor = executor()) throws -> IncrementalResult {
        let prepared = executor.prepare(try Parser.parse(source))
        return prepared.executeIncrementally(variables: variables)
    }

    /// The payloads as compact JSON text.
    static func wire(_ result: IncrementalResult) -> [String] {
        result.payloads.map { String(decoding: JSONSerializer().bytes($0), as: UTF8.self) }
    }

    @Test func initialThenDeferredPayload() throws {
        let result = try Self.run(#"{ shop { name ... @defer(label: "more") { description } } }"#)
        #expect(Self.wire(result) == [
            #"{"data":{"shop":{"name":"Snowdevil"}},"hasNext":true}"#,
            #"{"incremental":[{"path":["shop"],"data":{"description":"Boards"},"label":"more"}],"hasNext":false}"#,
        ])
        #expect(result.merged.json == (try JSONParser().parse(#"{"data":{"shop":{"name":"Snowdevil","description":"Boards"}}}"#)))
    }

    @Test func otherExecutionsCollectDeferredFragmentsInPlace() throws {
        let source = #"{ shop { name ... @defer(label: "more") { description } } }"#
        let prepared = Self.executor().prepare(try Parser.parse(source))
        let whole = #"{"data":{"shop":{"name":"Snowdevil","description":"Boards"}}}"#
        #expect(String(decoding: prepared.executeSerialized(), as: UTF8.self) == whole)
        #expect(prepared.execute().json == (try JSONParser().parse(whole)))
        #expect(try prepared.operation(named: nil).usesDefer)
    }

    @Test(arguments: [
        (#"{ shop { name ... @defer(if: false) { description } } }"#, nil as JSONObject?),
        (#"query ($d: Boolean!) { shop { name ... @defer(if: $d) { description } } }"#, JSONObject([("d", false)])),
    ])
    func ifFalseDoesNotDefer(source: String, variables: JSONObject?) throws {
        let result = try Self.run(source, variables: variables)
        #expect(!result.isIncremental)
        #expect(Self.wire(result) == [#"{"data":{"shop":{"name":"Snowdevil","description":"Boards"}}}"#])
    }

    @Test func ifVariableTrueDefers() throws {
        let result = try Self.run(
            #"query ($d: Boolean = false) { shop { name ... @defer(if: $d) { description } } }"#, variables: JSONObject([("d", true)])
        )
        #expect(result.subsequent == [DeferredPayload(data: ["description": "Boards"], path: ["shop"])])
    }

    @Test func nestedDefersComeAfterTheirFragment() throws {
        let result = try Self.run("""
            { shop { name ... @defer(label: "a") { description owner { name ... @defer(label: "b") { email } } } } }
            """)
        #expect(Self.wire(result) == [
            #"{"data":{"shop":{"name":"Snowdevil"}},"hasNext":true}"#,
            #"{"incremental":[{"path":["shop"],"data":{"description":"Boards","owner":{"name":"Ada"}},"label":"a"}],"hasNext":true}"#,
            #"{"incremental":[{"path":["shop","owner"],"data":{"email":"ada@example.com"},"label":"b"}],"hasNext":false}"#,
        ])
    }

    @Test func errorsStayInTheDeferredPayload() throws {
        let result = try Self.run("{ shop { name ... @defer { failing nonNullFail } } }")
        #expect(result.initial.json == (try JSONParser().parse(#"{"data":{"shop":{"name":"Snowdevil"}}}"#)))
        #expect(Self.wire(result)[1] == #"{"incremental":[{"path":["shop"],"data":null,"errors":["#
            + #"{"message":"boom","locations":[{"line":1,"column":28}],"path":["shop","failing"]},"#
            + #"{"message":"boom","locations":[{"line":1,"column":36}],"path":["shop","nonNullFail"]}]}],"hasNext":false}"#)
        // Executed in place, the non-null error nulls the whole shop.
        let whole = Self.executor().prepare(try Parser.parse("{ shop { name ... @defer { nonNullFail } } }")).execute()
        #expect(whole.data == ["shop": nil])
    }

    @Test func aFragmentUnderANullIsDropped() throws {
        let result = try Self.run("{ shop { nonNullFail ... @defer { name } } }")
        #expect(!result.isIncremental)
        #expect(result.initial.data == ["shop": nil])
        #expect(result.initial.errors.map(\.message) == ["boom"])
    }

    @Test func oneFragmentPerListItem() throws {
        let result = try Self.run("{ products { id ... @defer { title } } }")
        #expect(result.initial.data == ["products": [["id": "1"], ["id": "2"]]])
        #expect(result.subsequent == [
            DeferredPayload(data: ["title": "One"], path: ["products", 0]),
            DeferredPayload(data: ["title": "Two"], path: ["products", 1]),
        ])
        #expect(Self.wire(result).last?.hasSuffix(#""hasNext":false}"#) == true)
    }

    @Test func mutationFieldsRunOnce() throws {
        let calls = Calls()
        let result = try Self.run(
            #"mutation { rename(name: "Ice") { name ... @defer { description } } }"#, executor: Self.executor(calls: calls)
        )
        #expect(calls.value == 1)
        #expect(result.initial.data == ["rename": ["name": "Ice"]])
        #expect(result.subsequent == [DeferredPayload(data: ["description": "Renamed"], path: ["rename"])])
    }

    @Test func spreadsAndTheRoot() throws {
        let result = try Self.run("""
            { ... @defer(label: "root") { shop { name } } products { ...P @defer } }
            fragment P on Product { title }
            """)
        #expect(result.initial.data == ["products": [[:], [:]]])
        #expect(result.subsequent.map(\.path) == [[], ["products", 0], ["products", 1]])
        #expect(result.subsequent[0] == DeferredPayload(data: ["shop": ["name": "Snowdevil"]], path: [], label: "root"))
        #expect(result.merged.data == ["shop": ["name": "Snowdevil"], "products": [["title": "One"], ["title": "Two"]]])
    }

    @Test func requestErrorsHaveNoLaterPayloads() throws {
        let result = try Self.run("query ($d: Boolean!) { shop { ... @defer(if: $d) { name } } }")
        #expect(!result.isIncremental)
        #expect(result.initial.data == nil)
        #expect(result.initial.errors.count == 1)
    }

    @Test func asyncResolvers() async throws {
        let prepared = Self.executor(async: true).prepare(try Parser.parse(
            #"{ shop { name ... @defer(label: "more") { description } } }"#
        ))
        let result = await prepared.executeIncrementally()
        #expect(Self.wire(result) == [
            #"{"data":{"shop":{"name":"Snowdevil"}},"hasNext":true}"#,
            #"{"incremental":[{"path":["shop"],"data":{"description":"Boards"},"label":"more"}],"hasNext":false}"#,
        ])
    }

    @Test func mergeFollowsPathsIntoListsAndObjects() {
        var data: JSONValue = ["cart": ["lines": [["id": "a"], ["id": "b"]]]]
        DeferredPayload.merge(["lines": [["qty": 1], ["qty": 2]]], into: &data, at: ["cart"] as [PathComponent])
        DeferredPayload.merge(["price": 3], into: &data, at: ["cart", "lines", 1] as [PathComponent])
        DeferredPayload.merge(nil, into: &data, at: ["cart"] as [PathComponent])
        DeferredPayload.merge(["x": 1], into: &data, at: ["nowhere"] as [PathComponent])
        #expect(data == ["cart": ["lines": [["id": "a", "qty": 1], ["id": "b", "qty": 2, "price": 3]]]])
    }
}
