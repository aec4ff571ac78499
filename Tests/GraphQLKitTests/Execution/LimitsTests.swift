import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// `ExecutionOptions` limits: depth, aliases and field selections are checked before
/// anything executes; an over-deep or exploding query is a clear request error, fast.
@Suite("Execution: limits")
struct ExecutionLimitsTests {
    static let sdl = "type Node { id: Int next: Node } type Query { node: Node }"

    static func executor(_ options: ExecutionOptions) -> Executor {
        var resolvers = Resolvers()
        resolvers.field("Query", "node") { _ in .json(["id": 1]) }
        resolvers.field("Node", "next") { call in .json(["id": .int((call.parent.member("id").jsonValue?.intValue ?? 0) + 1)]) }
        return executorFor(sdl, resolvers, options: options)
    }

    /// `{ node { next { next … { id } } } }` with `depth` fields on the deepest path.
    static func nested(_ depth: Int) -> String {
        "{ node { " + String(repeating: "next { ", count: depth - 2) + "id" + String(repeating: " }", count: depth - 1) + " }"
    }

    @Test func depthAtTheLimitRuns() {
        let result = ExecutionFixtures.run(Self.nested(5), executor: Self.executor(ExecutionOptions(maxDepth: 5)))
        #expect(result.errors.isEmpty)
        #expect(result.data?["node"]?["next"]?["next"]?["next"]?["id"] == 4)
    }

    @Test func depthOverTheLimitIsARequestError() {
        expectExecution(
            Self.nested(6), executor: Self.executor(ExecutionOptions(maxDepth: 5)),
            #"{"errors":[{"message":"The operation is nested 6 fields deep, more than the maximum of 5.","locations":[{"line":1,"column":1}],"extensions":{"code":"MAX_DEPTH_EXCEEDED"}}]}"#
        )
    }

    @Test func depthCountsThroughFragments() {
        let query = """
        query Deep { node { ...A } }
        fragment A on Node { next { ...B } }
        fragment B on Node { next { ... on Node { next { id } } } }
        """
        let result = ExecutionFixtures.run(query, executor: Self.executor(ExecutionOptions(maxDepth: 4)))
        #expect(result.errors.map(\.message) == ["The operation is nested 5 fields deep, more than the maximum of 4."])
        #expect(ExecutionFixtures.run(query, executor: Self.executor(ExecutionOptions(maxDepth: 5))).errors.isEmpty)
    }

    @Test func veryDeepQueryFailsFastWithDefaults() {
        // Within the parser's nesting limit, far beyond the executor's.
        let start = Date()
        let result = ExecutionFixtures.run(Self.nested(120), executor: Self.executor(ExecutionOptions()))
        #expect(result.data == nil)
        #expect(result.errors.first?.extensions["code"] == "MAX_DEPTH_EXCEEDED")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func aliasesOverTheLimit() {
        let aliases = (1...4).map { "a\($0): node { id }" }.joined(separator: " ")
        expectExecution(
            "{ \(aliases) }", executor: Self.executor(ExecutionOptions(maxAliases: 3)),
            #"{"errors":[{"message":"The operation has 4 aliases, more than the maximum of 3.","locations":[{"line":1,"column":1}],"extensions":{"code":"MAX_ALIASES_EXCEEDED"}}]}"#
        )
        #expect(ExecutionFixtures.run("{ \(aliases) }", executor: Self.executor(ExecutionOptions(maxAliases: 4))).errors.isEmpty)
    }

    @Test func aliasesInFragmentsCountPerSpread() {
        let query = "query { node { ...F ...G } } fragment F on Node { a: id b: id } fragment G on Node { next { ...F } }"
        let result = ExecutionFixtures.run(query, executor: Self.executor(ExecutionOptions(maxAliases: 3)))
        #expect(result.errors.map(\.message) == ["The operation has 4 aliases, more than the maximum of 3."])
    }

    @Test func exponentialFragmentsAreRejectedQuickly() {
        // Each fragment spreads the next one twice: 2^30 fields once expanded.
        var fragments = ["fragment F30 on Node { id }"]
        for level in stride(from: 29, through: 0, by: -1) {
            fragments.append("fragment F\(level) on Node { a: next { ...F\(level + 1) } b: next { ...F\(level + 1) } }")
        }
        let query = "query { node { ...F0 } }\n" + fragments.joined(separator: "\n")
        let start = Date()
        let result = ExecutionFixtures.run(query, executor: Self.executor(ExecutionOptions(maxDepth: 100, maxAliases: .max)))
        #expect(result.errors.first?.extensions["code"] == "MAX_FIELDS_EXCEEDED")
        #expect(result.errors.first?.message == "The operation selects 3221225471 fields (fragments expanded), more than the maximum of 5000.")
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func longFragmentChainsAreRefusedBeforeRecursingDeep() {
        // Fragments spreading the next one on the same level: no field nesting at all.
        let count = 2_000
        var fragments: [String] = []
        for index in 0..<count { fragments.append("fragment F\(index) on Node { ...F\(index + 1) }") }
        fragments.append("fragment F\(count) on Node { id }")
        let query = "query { node { ...F0 } }\n" + fragments.joined(separator: "\n")
        let result = ExecutionFixtures.run(query, executor: Self.executor(ExecutionOptions()))
        #expect(result.errors.first?.message == "The operation nests selections more than 512 levels deep, fragments included.")
        #expect(result.errors.first?.extensions["code"] == "MAX_DEPTH_EXCEEDED")
        // A short chain is fine.
        let short = "query { node { ...F0 } } fragment F0 on Node { ...F1 } fragment F1 on Node { ...F2 } fragment F2 on Node { id }"
        expectExecution(short, executor: Self.executor(ExecutionOptions()), #"{"data":{"node":{"id":1}}}"#)
    }

    @Test func fragmentCyclesAreRequestErrors() {
        expectExecution(
            "query { node { ...A } } fragment A on Node { next { ...B } } fragment B on Node { ...A }",
            executor: Self.executor(ExecutionOptions()),
            #"{"errors":[{"message":"Cannot spread fragment \"A\" within itself via \"B\".","locations":[{"line":1,"column":83}]}]}"#
        )
        expectExecution(
            "query { node { ...A } } fragment A on Node { id ...A }", executor: Self.executor(ExecutionOptions()),
            #"{"errors":[{"message":"Cannot spread fragment \"A\" within itself.","locations":[{"line":1,"column":49}]}]}"#
        )
    }

    @Test func introspectionQueryFitsTheDefaults() throws {
        let query = try ExecutionFixtures.text("introspection-query.graphql")
        let result = ExecutionFixtures.executor.execute(document: ExecutionFixtures.parse(query))
        #expect(result.errors.isEmpty)
    }

    @Test func preparedDocumentKeepsTheLimitErrorPerOperation() throws {
        let prepared = Self.executor(ExecutionOptions(maxDepth: 3)).prepare(ExecutionFixtures.parse("""
        query Shallow { node { id } }
        query Deep { node { next { next { id } } } }
        """))
        #expect(throws: GraphQLError.self) { try prepared.operation(named: "Deep") }
        #expect(try prepared.operation(named: "Shallow").name == "Shallow")
        #expect(ExecutionFixtures.compact(prepared.execute(operationName: "Shallow")) == #"{"data":{"node":{"id":1}}}"#)
        #expect(prepared.execute(operationName: "Deep").errors.first?.extensions["code"] == "MAX_DEPTH_EXCEEDED")
    }
}
