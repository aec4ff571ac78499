import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 6.1 "Executing Requests": operation selection, request errors without `data`,
/// the response format, prepared documents shared between threads.
@Suite("Execution: requests and responses")
struct ExecutionOperationTests {
    static let twoOperations = """
    query Socks { product(handle: "wool-socks") { title } }
    query Runner { product(handle: "trail-runner") { title } }
    """

    @Test(arguments: [
        (twoOperations, "Socks", #"{"data":{"product":{"title":"Wool Socks"}}}"#),
        (twoOperations, "Runner", #"{"data":{"product":{"title":"Trail Runner"}}}"#),
        (twoOperations, nil, #"{"errors":[{"message":"Must provide operation name if query contains multiple operations."}]}"#),
        (twoOperations, "Other", #"{"errors":[{"message":"Unknown operation named \"Other\"."}]}"#),
        ("fragment F on Query { __typename }", nil, #"{"errors":[{"message":"Must provide an operation."}]}"#),
        ("query Only { __typename }", nil, #"{"data":{"__typename":"Query"}}"#),
        ("query Only { __typename }", "Only", #"{"data":{"__typename":"Query"}}"#),
        ("{ __typename }", "Named", #"{"errors":[{"message":"Unknown operation named \"Named\"."}]}"#),
        ("mutation { clearLines }", nil, #"{"data":{"clearLines":0}}"#),
        ("subscription { x }", nil, #"{"errors":[{"message":"Schema is not configured to execute subscription operation.","locations":[{"line":1,"column":1}]}]}"#),
    ] as [(String, String?, String)])
    func operationSelection(document: String, operationName: String?, expected: String) {
        let executor = Executor(schema: ExecutionFixtures.schema, resolvers: ExecutionFixtures.resolvers())
        expectExecution(document, operationName: operationName, executor: executor, expected)
        // A prepared document selects the same way.
        let prepared = executor.prepare(ExecutionFixtures.parse(document))
        let result = prepared.execute(operationName: operationName)
        #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact(expected))
    }

    @Test func mutationsNeedAMutationType() {
        expectExecution(
            "mutation { x }", executor: executorFor("type Query { a: Int }"),
            #"{"errors":[{"message":"Schema is not configured to execute mutation operation.","locations":[{"line":1,"column":1}]}]}"#
        )
    }

    @Test func rootValueIsTheRootFieldsParent() {
        let executor = executorFor("type Query { greeting: String count: Int }")
        expectExecution("{ greeting count }", executor: executor, rootValue: .json(["greeting": "hi", "count": 2]), #"{"data":{"greeting":"hi","count":2}}"#)
        expectExecution(
            "{ greeting }", executor: executor, rootValue: .object(3),
            #"{"errors":[{"message":"No resolver for field \"Query.greeting\", and its parent value is not a JSON object but a value of type Int.","locations":[{"line":1,"column":3}],"path":["greeting"]}],"data":{"greeting":null}}"#
        )
    }

    @Test func responseFormat() {
        let error = GraphQLError(
            "m", locations: [.init(line: 1, column: 2)], path: ["a", 0, "b"], extensions: JSONObject([("code", "X")])
        )
        #expect(JSONSerializer().string(error.json) == #"{"message":"m","locations":[{"line":1,"column":2}],"path":["a",0,"b"],"extensions":{"code":"X"}}"#)
        #expect(JSONSerializer().string(GraphQLError("plain").json) == #"{"message":"plain"}"#)
        #expect(error.description == "m (1:2) at a[0].b")

        #expect(JSONSerializer().string(ExecutionResult(data: ["a": 1]).json) == #"{"data":{"a":1}}"#)
        #expect(JSONSerializer().string(ExecutionResult(data: .null, errors: [GraphQLError("e")]).json) == #"{"errors":[{"message":"e"}],"data":null}"#)
        #expect(JSONSerializer().string(ExecutionResult(requestErrors: [GraphQLError("e")]).json) == #"{"errors":[{"message":"e"}]}"#)
        #expect(
            JSONSerializer().string(ExecutionResult(data: ["a": 1], extensions: JSONObject([("cost", 3)])).json)
                == #"{"data":{"a":1},"extensions":{"cost":3}}"#
        )
    }

    @Test func diagnosticsBridge() throws {
        let diagnostic = Diagnostic.error(
            "Cannot query field \"nope\" on type \"Query\".", at: SourceLocation(file: "<request>", line: 2, column: 5),
            code: "graphql.FieldsOnCorrectType", suggestion: "node"
        )
        let error = GraphQLError(diagnostic)
        #expect(JSONSerializer().string(error.json) == #"{"message":"Cannot query field \"nope\" on type \"Query\".; did you mean 'node'?","locations":[{"line":2,"column":5}],"extensions":{"code":"graphql.FieldsOnCorrectType"}}"#)
        #expect(GraphQLError(diagnostic, extensions: JSONObject([("code", "undefinedField")])).extensions["code"] == "undefinedField")

        let back = GraphQLError("boom", locations: [.init(line: 3, column: 7)], path: ["cart", "lines"], extensions: JSONObject([("code", "X")]))
            .diagnostic(file: "checkout.graphql")
        #expect(back.description == "checkout.graphql:3:7: error: boom")
        #expect(back.code == "X")
        #expect(back.notes.map(\.message) == ["at response path 'cart.lines'"])

        // A syntax error becomes a response without data.
        do {
            _ = try Parser.parse("{ product(", path: "<request>")
            Issue.record("expected a syntax error")
        } catch {
            let result = ExecutionResult(diagnostics: [error, .warning("deprecated")])
            #expect(result.data == nil)
            #expect(result.errors.count == 1)
            #expect(result.errors[0].extensions["code"] == "graphql.syntax")
            #expect(result.errors[0].locations.first?.line == 1)
        }
    }

    @Test func validatedDocumentsExecute() throws {
        let document = ExecutionFixtures.parse(#"query ($h: String!) { product(handle: $h) { title } }"#)
        let diagnostics = Validator.validate(document, against: ExecutionFixtures.schema)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        let result = ExecutionFixtures.executor.prepare(document).execute(variables: JSONObject([("h", "wool-socks")]))
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"product":{"title":"Wool Socks"}}}"#)
    }

    @Test func preparedDocumentRunsConcurrentlyWithDifferentVariables() throws {
        let prepared = ExecutionFixtures.executor.prepare(ExecutionFixtures.parse("""
        query Product($handle: String!, $withVariants: Boolean!) {
          product(handle: $handle) { handle title variants @include(if: $withVariants) { title } }
        }
        """))
        let handles = ["classic-sneaker", "trail-runner", "wool-socks"]
        let expected = handles.map { handle in
            [false, true].map { withVariants in
                ExecutionFixtures.executor.execute(
                    document: prepared.document,
                    variables: JSONObject([("handle", .string(handle)), ("withVariants", .bool(withVariants))])
                )
            }
        }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 600) { iteration in
            let handle = iteration % 3, withVariants = (iteration / 3) % 2
            let result = prepared.execute(
                operationName: "Product",
                variables: JSONObject([("handle", .string(handles[handle])), ("withVariants", .bool(withVariants == 1))])
            )
            if result != expected[handle][withVariants] { failures.add(iteration) }
        }
        #expect(failures.count == 0)
        #expect(expected[2][1].data?["product"]?["variants"] == [["title": "Default Title"]])
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var iterations: [Int] = []
        func add(_ iteration: Int) { lock.withLock { iterations.append(iteration) } }
        var count: Int { lock.withLock { iterations.count } }
    }

    @Test func resolverErrorsBecomeFieldErrors() {
        struct Plain: Error {}
        struct Described: Error, CustomStringConvertible { var description: String { "out of stock" } }
        var resolvers = Resolvers()
        resolvers.field("Query", "graphql") { _ in
            throw GraphQLError("not found", locations: [.init(line: 9, column: 9)], extensions: JSONObject([("code", "NOT_FOUND")]))
        }
        resolvers.field("Query", "described") { _ in throw Described() }
        resolvers.field("Query", "plain") { _ in throw Plain() }
        resolvers.field("Query", "diagnostic") { _ in throw Diagnostic.error("bad", suggestion: "good") }
        let executor = executorFor("type Query { graphql: String described: String plain: String diagnostic: String }", resolvers)
        expectExecution(
            "{ graphql described plain diagnostic }", executor: executor,
            """
            {"errors":[
              {"message":"not found","locations":[{"line":9,"column":9}],"path":["graphql"],"extensions":{"code":"NOT_FOUND"}},
              {"message":"out of stock","locations":[{"line":1,"column":11}],"path":["described"]},
              {"message":"Plain()","locations":[{"line":1,"column":21}],"path":["plain"]},
              {"message":"bad; did you mean 'good'?","locations":[{"line":1,"column":27}],"path":["diagnostic"]}
            ],"data":{"graphql":null,"described":null,"plain":null,"diagnostic":null}}
            """
        )
    }

    @Test func fieldCallDescribesTheField() {
        var resolvers = Resolvers()
        resolvers["Query", "items"] = .constant([.json([:]), .json([:])])
        resolvers.field("Item", "info") { call in
            .json([
                "path": .string(PathComponent.render(call.path)), "field": .string(call.fieldName),
                "key": .string(call.responseKey), "parent": .string(call.parentType.name),
                "type": .string(call.schema.describe(call.returnType)), "operation": .string(call.operation.name?.value ?? "-"),
                "nodes": .int(call.fieldNodes.count), "variables": .object(call.variables),
                "args": .object(call.arguments), "definition": .string(call.fieldDefinition.name),
            ])
        }
        let executor = executorFor("scalar JSON type Item { info(n: Int = 1): JSON! } type Query { items: [Item] }", resolvers)
        let result = ExecutionFixtures.run(
            "query Q($v: Int) { items { i: info(n: $v) i: info(n: $v) } }", variables: #"{"v": 5}"#, executor: executor
        )
        #expect(result.data?["items"]?[1]?["i"] == ExecutionFixtures.json(
            #"{"path":"items[1].i","field":"info","key":"i","parent":"Item","type":"JSON!","operation":"Q","nodes":2,"variables":{"v":5},"args":{"n":5},"definition":"info"}"#
        ))
    }

    @Test func operationDirectivesReachResolvers() {
        var resolvers = Resolvers()
        resolvers.field("Query", "price") { call in
            guard let context = call.operationDirective("inContext") else { return "no context" }
            return .string("\(context["country"]?.stringValue ?? "-") \(context["language"]?.stringValue ?? "-")")
        }
        let executor = executorFor(
            "enum Country { US CA } directive @inContext(country: Country, language: String = \"EN\") on QUERY | MUTATION type Query { price: String }",
            resolvers
        )
        expectExecution("{ price }", executor: executor, #"{"data":{"price":"no context"}}"#)
        expectExecution("query @inContext(country: CA) { price }", executor: executor, #"{"data":{"price":"CA EN"}}"#)
        expectExecution(
            "query ($c: Country) @inContext(country: $c, language: \"FR\") { price }", variables: #"{"c": "US"}"#,
            executor: executor, #"{"data":{"price":"US FR"}}"#
        )
    }

    @Test func resolversOfInterfacesApplyToImplementations() {
        var resolvers = Resolvers()
        resolvers["Query", "things"] = .constant([.json(["__typename": "A"]), .json(["__typename": "B"])])
        resolvers.field("Thing", "name") { call in .string("thing \(call.parentType.name)") }
        resolvers.field("B", "name") { _ in "own B" }
        let executor = executorFor(
            "interface Thing { name: String } type A implements Thing { name: String } type B implements Thing { name: String } type Query { things: [Thing] }",
            resolvers
        )
        expectExecution("{ things { name } }", executor: executor, #"{"data":{"things":[{"name":"thing A"},{"name":"own B"}]}}"#)
    }

    @Test func unmatchedResolverNames() {
        var resolvers = ExecutionFixtures.resolvers()
        #expect(resolvers.unmatchedNames(in: ExecutionFixtures.schema) == [])
        resolvers.field("Query", "prodcut") { _ in nil }
        resolvers.field("Nope", "x") { _ in nil }
        resolvers.resolveType(of: "Product") { _, _, _ in nil }
        #expect(resolvers.unmatchedNames(in: ExecutionFixtures.schema) == ["Nope.x", "Product", "Query.prodcut"])
    }

    @Test func defaultFieldResolverServesAMock() {
        var resolvers = Resolvers()
        resolvers.defaultFieldResolver = .sync { call in
            switch call.schema[call.returnType].name {
            case "String": .string("\(call.parentType.name).\(call.fieldName)")
            case "Int": 2
            default: .json([:])
            }
        }
        let executor = executorFor("type Shop { name: String! orders: Int } type Query { shop: Shop! }", resolvers)
        expectExecution("{ shop { name orders } }", executor: executor, #"{"data":{"shop":{"name":"Shop.name","orders":2}}}"#)
    }
}
