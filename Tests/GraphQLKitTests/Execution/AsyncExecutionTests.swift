import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Asynchronous resolvers: concurrency of query fields and list items, strict order of
/// mutation root fields, errors, and the sync/async choice of `PreparedOperation`.
@Suite("Execution: async resolvers")
struct ExecutionAsyncTests {
    /// Suspends callers until `count` have arrived (or a timeout passes, recorded).
    actor Rendezvous {
        let count: Int
        private var arrived = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []
        private(set) var timedOut = false

        init(_ count: Int) { self.count = count }

        func arrive() async {
            arrived += 1
            if arrived >= count {
                let resumed = waiting
                waiting = []
                for continuation in resumed { continuation.resume() }
                return
            }
            await withCheckedContinuation { continuation in
                waiting.append(continuation)
                Task { [weak self] in
                    try? await Task.sleep(nanoseconds: 2_000_000_000)
                    await self?.timeout()
                }
            }
        }

        private func timeout() {
            guard !waiting.isEmpty else { return }
            timedOut = true
            let resumed = waiting
            waiting = []
            for continuation in resumed { continuation.resume() }
        }
    }

    /// Records the order of events and how many run at once.
    actor Journal {
        private(set) var events: [String] = []
        private var running = 0
        private(set) var maxRunning = 0

        func start(_ name: String) {
            events.append("start " + name)
            running += 1
            maxRunning = max(maxRunning, running)
        }

        func end(_ name: String) {
            events.append("end " + name)
            running -= 1
        }
    }

    static let sdl = """
    type Item { id: Int! name: String slow: String detail: Item }
    type Query {
      a: String
      b: String
      sync: String
      items: [Item!]!
      item: Item
      failing: String
      failingNonNull: String!
    }
    type Mutation { step(name: String!, delay: Int!): String! fail: String! }
    """

    @Test func siblingAsyncFieldsRunConcurrently() async {
        let rendezvous = Rendezvous(2)
        var resolvers = Resolvers()
        resolvers.asyncField("Query", "a") { _ in
            await rendezvous.arrive()
            return "A"
        }
        resolvers["Query", "b"] = .async { _ in
            await rendezvous.arrive()
            return "B"
        }
        resolvers["Query", "sync"] = .constant("S")
        let executor = executorFor(Self.sdl, resolvers)
        let result = await executor.execute(document: ExecutionFixtures.parse("{ b sync a }"))
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"b":"B","sync":"S","a":"A"}}"#)
        #expect(await rendezvous.timedOut == false)
    }

    @Test func listItemsWithAsyncFieldsRunConcurrently() async {
        let rendezvous = Rendezvous(3)
        var resolvers = Resolvers()
        resolvers["Query", "items"] = .constant([.json(["id": 1]), .json(["id": 2]), .json(["id": 3])])
        resolvers.asyncField("Item", "slow") { call in
            await rendezvous.arrive()
            return .string("slow \(call.parent.member("id").jsonValue?.intValue ?? 0)")
        }
        let executor = executorFor(Self.sdl, resolvers)
        let result = await executor.execute(document: ExecutionFixtures.parse("{ items { id slow } }"))
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"items":[{"id":1,"slow":"slow 1"},{"id":2,"slow":"slow 2"},{"id":3,"slow":"slow 3"}]}}"#)
        #expect(await rendezvous.timedOut == false)
    }

    @Test func mutationRootFieldsRunStrictlyInOrder() async {
        let journal = Journal()
        var resolvers = Resolvers()
        resolvers.asyncField("Mutation", "step") { call in
            let name = call[argument: "name"]?.stringValue ?? "?"
            await journal.start(name)
            try await Task.sleep(nanoseconds: UInt64(call[argument: "delay"]?.intValue ?? 0) * 1_000_000)
            await journal.end(name)
            return .string(name)
        }
        let executor = executorFor(Self.sdl, resolvers)
        let result = await executor.execute(document: ExecutionFixtures.parse("""
        mutation {
          first: step(name: "1", delay: 30)
          second: step(name: "2", delay: 1)
          third: step(name: "3", delay: 10)
        }
        """))
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"first":"1","second":"2","third":"3"}}"#)
        #expect(await journal.events == ["start 1", "end 1", "start 2", "end 2", "start 3", "end 3"])
        #expect(await journal.maxRunning == 1)
    }

    @Test func syncMutationsRunInOrder() {
        let cart = ExecutionFixtures.Cart()
        let executor = Executor(schema: ExecutionFixtures.schema, resolvers: ExecutionFixtures.resolvers(cart: cart))
        let result = ExecutionFixtures.run("""
        mutation {
          a: addLine(line: {merchandiseId: "1"})
          b: addLine(line: {merchandiseId: "2", quantity: 3})
          c: clearLines
          d: addLine(line: {merchandiseId: "4"})
        }
        """, executor: executor)
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"a":1,"b":2,"c":0,"d":1}}"#)
        #expect(cart.lines == [ExecutionFixtures.json(#"{"merchandiseId":"4","quantity":1,"note":"none"}"#)])
    }

    @Test func nonNullMutationFailureStopsTheRest() async {
        let journal = Journal()
        var resolvers = Resolvers()
        resolvers.asyncField("Mutation", "step") { call in
            let name = call[argument: "name"]?.stringValue ?? "?"
            await journal.start(name)
            await journal.end(name)
            return .string(name)
        }
        resolvers.asyncField("Mutation", "fail") { _ in throw GraphQLError("declined", extensions: JSONObject([("code", "DECLINED")])) }
        let executor = executorFor(Self.sdl, resolvers)
        let result = await executor.execute(document: ExecutionFixtures.parse(#"mutation { a: step(name: "a", delay: 0) fail b: step(name: "b", delay: 0) }"#))
        #expect(ExecutionFixtures.compact(result) == #"{"errors":[{"message":"declined","locations":[{"line":1,"column":41}],"path":["fail"],"extensions":{"code":"DECLINED"}}],"data":null}"#)
        #expect(await journal.events == ["start a", "end a"])
    }

    @Test func asyncErrorsAndNullPropagation() async {
        struct Failure: Error, CustomStringConvertible { var description: String { "unavailable" } }
        var resolvers = Resolvers()
        resolvers.asyncField("Query", "failing") { _ in throw Failure() }
        resolvers.asyncField("Query", "failingNonNull") { _ in .null }
        resolvers.asyncField("Query", "a") { _ in "A" }
        resolvers.field("Query", "b") { _ in throw Failure() }
        resolvers.asyncField("Query", "item") { _ in .json(["id": 1]) }
        resolvers.asyncField("Item", "detail") { _ in .json(["name": "no id"]) }
        let executor = executorFor(Self.sdl, resolvers)
        let result = await executor.execute(document: ExecutionFixtures.parse("{ a failing b item { id detail { id } } }"))
        #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact("""
        {"errors":[
          {"message":"unavailable","locations":[{"line":1,"column":13}],"path":["b"]},
          {"message":"unavailable","locations":[{"line":1,"column":5}],"path":["failing"]},
          {"message":"Cannot return null for non-nullable field Item.id.","locations":[{"line":1,"column":34}],"path":["item","detail","id"]}
        ],"data":{"a":"A","failing":null,"b":null,"item":{"id":1,"detail":null}}}
        """))
        let root = await executor.execute(document: ExecutionFixtures.parse("{ a failingNonNull }"))
        #expect(ExecutionFixtures.compact(root) == #"{"errors":[{"message":"Cannot return null for non-nullable field Query.failingNonNull.","locations":[{"line":1,"column":5}],"path":["failingNonNull"]}],"data":null}"#)
    }

    /// The synchronous `execute` (an async context would pick the async overload).
    static func executeSynchronously(_ operation: PreparedOperation) -> ExecutionResult { operation.execute() }

    @Test func requiresAsyncIsKnownWhenPrepared() async throws {
        var resolvers = Resolvers()
        resolvers.asyncField("Item", "slow") { _ in "slow" }
        resolvers["Query", "item"] = .constant(.json(["id": 1, "name": "n"]))
        let executor = executorFor(Self.sdl, resolvers)
        let syncOnly = try executor.prepare(ExecutionFixtures.parse("{ item { id name } }")).operation(named: nil)
        #expect(syncOnly.requiresAsync == false)
        #expect(ExecutionFixtures.compact(Self.executeSynchronously(syncOnly)) == #"{"data":{"item":{"id":1,"name":"n"}}}"#)
        #expect(ExecutionFixtures.compact(await syncOnly.execute()) == #"{"data":{"item":{"id":1,"name":"n"}}}"#)

        let withAsync = try executor.prepare(ExecutionFixtures.parse("query Q { item { id slow } }")).operation(named: "Q")
        #expect(withAsync.requiresAsync)
        #expect(ExecutionFixtures.compact(Self.executeSynchronously(withAsync)) == #"{"errors":[{"message":"The operation reaches the asynchronous resolver of Item.slow; execute it with the async execute.","locations":[{"line":1,"column":1}]}]}"#)
        #expect(ExecutionFixtures.compact(await withAsync.execute()) == #"{"data":{"item":{"id":1,"slow":"slow"}}}"#)

        // Behind a variable condition the asynchronous field still counts.
        let conditional = try executor.prepare(ExecutionFixtures.parse("query ($x: Boolean!) { item { id slow @include(if: $x) } }")).operation(named: nil)
        #expect(conditional.requiresAsync)
        #expect(ExecutionFixtures.compact(await conditional.execute(variables: JSONObject([("x", false)]))) == #"{"data":{"item":{"id":1}}}"#)
        #expect(ExecutionFixtures.compact(await conditional.execute(variables: JSONObject([("x", true)]))) == #"{"data":{"item":{"id":1,"slow":"slow"}}}"#)
    }

    @Test func serializedResponsesOfAsyncOperations() async throws {
        var resolvers = Resolvers()
        resolvers.asyncField("Query", "a") { _ in "A" }
        resolvers.asyncField("Query", "failing") { _ in throw GraphQLError("no") }
        let prepared = executorFor(Self.sdl, resolvers).prepare(ExecutionFixtures.parse("{ a failing }"))
        let bytes = await prepared.executeSerialized()
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"errors":[{"message":"no","locations":[{"line":1,"column":5}],"path":["failing"]}],"data":{"a":"A","failing":null}}"#)
        let unknown = await prepared.executeSerialized(operationName: "Nope")
        #expect(String(decoding: unknown, as: UTF8.self) == #"{"errors":[{"message":"Unknown operation named \"Nope\"."}]}"#)
    }

    @Test func asyncResolverSeesArgumentsContextAndPath() async {
        struct Shop: Sendable { var name: String }
        var resolvers = Resolvers()
        resolvers["Query", "items"] = .constant([.json(["id": 1])])
        resolvers.asyncField("Item", "name") { call in
            .string("\(call.context(as: Shop.self)?.name ?? "-") \(PathComponent.render(call.path)) \(call.parentType.name).\(call.fieldName) as \(call.responseKey)")
        }
        let executor = executorFor(Self.sdl, resolvers)
        let result = await executor.execute(document: ExecutionFixtures.parse("{ items { label: name } }"), context: Shop(name: "Sample"))
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"items":[{"label":"Sample items[0].label Item.name as label"}]}}"#)
    }
}
