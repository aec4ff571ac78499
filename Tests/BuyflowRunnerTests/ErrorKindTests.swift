import Buy
import BuyflowCore
import BuyflowReport
import Testing
@testable import BuyflowRunner

/// Every error kind, classified for the failed attempt and the step.
@Suite struct ErrorKindTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var kind: ErrorKind
        var reply: Reply
        var step: String = Self.query
        var message: String
        var httpStatus: Int? = 200
        var testDescription: String { kind.rawValue }

        static let query = """
              - name: Step
                query: "query Shop { shop { name } }"
                assert: ['data.shop.name == "Sample Shoes"']
            """
    }

    static let cases: [Case] = [
        Case(kind: .network, reply: .failure(.network, "connection refused"), message: "network error: connection refused", httpStatus: nil),
        Case(kind: .timeout, reply: .failure(.timeout, "no answer"), message: "timed out after 30s", httpStatus: nil),
        Case(kind: .http, reply: .json(#"{"errors":[{"message":"Internal error"}]}"#, status: 500), message: "HTTP status 500: Internal error", httpStatus: 500),
        Case(kind: .invalidJson, reply: .json("<html>oops</html>"), message: "the response body is not JSON (expected a JSON value, found '<')"),
        Case(kind: .noData, reply: .json(#"{"shop":{"name":"x"}}"#), message: "the response is JSON without 'data' or 'errors'"),
        Case(
            kind: .graphql,
            reply: .json(#"{"data":{"shop":{"name":"Sample Shoes"}},"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED"}}]}"#),
            message: "the response carries a GraphQL error: Throttled [THROTTLED]"
        ),
        Case(kind: .assertion, reply: .data(#"{"shop":{"name":"Other"}}"#), message: #"expected data.shop.name == "Sample Shoes", but data.shop.name is "Other""#),
        Case(
            kind: .userErrors,
            reply: .data(#"{"cartCreate":{"cart":null,"userErrors":[{"field":["input","lines","0","quantity"],"message":"Too many","code":"MAXIMUM_EXCEEDED"}]}}"#),
            step: """
              - name: Step
                mutation: "mutation Create { cartCreate { cart { id } userErrors { field message code } } }"
            """,
            message: "the mutation returned userErrors: cartCreate: MAXIMUM_EXCEEDED at input.lines.0.quantity: Too many"
        ),
        Case(
            kind: .poll,
            reply: .data(#"{"shop":{"name":"Busy"}}"#),
            step: """
              - name: Step
                query: "query Shop { shop { name } }"
                poll: {until: 'data.shop.name == "Ready"', interval: 10ms, maxAttempts: 2}
            """,
            message: #"poll gave up after 2 attempts: 'until' never held: data.shop.name == "Ready""#
        ),
        Case(
            kind: .cast,
            reply: .data(#"{"node":{"__typename":"ProductVariant"}}"#),
            step: """
              - name: Step
                node: gid://shopify/ProductVariant/7
                as: Product
                select: title
            """,
            message: "node gid://shopify/ProductVariant/7 is a ProductVariant, not a Product"
        ),
        Case(
            kind: .template,
            reply: .data(#"{"shop":{"name":"x"}}"#),
            step: """
              - name: Step
                query: "query P($h: String!) { product(handle: $h) { id } }"
                variables: {h: "${{ len(vars.count) }}"}
            """,
            message: "template ${{ len(vars.count) }} in variable 'h': len() needs a string, a list or an object, but it is a number",
            httpStatus: nil
        ),
    ]

    @Test(arguments: cases)
    func failedStepsAreClassified(_ testCase: Case) async throws {
        let harness = Harness(replies: [testCase.reply])
        let report = try await harness.run("""
            version: 1
            name: Kinds
            vars: {count: 3}
            defaults: {retry: {attempts: 1}}
            steps:
            \(testCase.step)
            """)
        let step = try report.step("Step")
        #expect(step.status == .failed)
        let failure = try #require(step.failure)
        #expect(failure.kind == testCase.kind)
        #expect(failure.message == testCase.message)
        #expect(report.status == .failed)
        if testCase.kind == .template {
            #expect(step.attempts.isEmpty)
        } else {
            let attempt = try #require(step.attempts.last)
            #expect(attempt.errorKind == testCase.kind)
            #expect(attempt.httpStatus == testCase.httpStatus)
            #expect(attempt.repro != nil)
            #expect(attempt.request != nil)
        }
    }

    @Test func graphqlErrorsKeepThePartialData() async throws {
        let harness = Harness(replies: [
            .json(#"{"data":{"shop":{"name":"Sample Shoes"}},"errors":[{"message":"Field failed","path":["shop","brand"]}]}"#),
        ])
        let report = try await harness.run("""
            version: 1
            name: Partial
            steps:
              - name: Forbid
                query: "query Shop { shop { name } }"
                continueOnError: true
              - name: Allow
                query: "query Shop { shop { name } }"
                errors: allow
                assert: ['data.shop.name == "Sample Shoes"', 'errors[0].message == "Field failed"']
              - name: Expect
                query: "query Shop { shop { name } }"
                errors: [{message: /fail/, path: shop.brand}]
              - name: Expect missing
                query: "query Shop { shop { name } }"
                errors: [{code: THROTTLED}]
            """)
        let forbid = try report.step("Forbid")
        #expect(forbid.failure?.actual == ["shop": ["name": "Sample Shoes"]])
        #expect(forbid.attempts[0].errors == [["message": "Field failed", "path": ["shop", "brand"]]])
        #expect(try report.step("Allow").status == .passed)
        #expect(try report.step("Expect").status == .passed)
        let missing = try #require(try report.step("Expect missing").failure)
        #expect(missing.kind == .graphql)
        #expect(missing.message == "expected GraphQL error {code: THROTTLED} did not come back; errors: Field failed (at shop.brand)")
        #expect(missing.location?.line == 16)
    }

    @Test func expectedUserErrorsPassAndMissingOnesFail() async throws {
        let harness = Harness(replies: [
            .data(#"{"cartCreate":{"cart":null,"userErrors":[{"field":["input","lines","0","quantity"],"message":"Only 3 left","code":"MAXIMUM_EXCEEDED"}]}}"#),
        ])
        let report = try await harness.run("""
            version: 1
            name: User errors
            steps:
              - name: Expected
                mutation: "mutation C { cartCreate { cart { id } userErrors { field message code } } }"
                userErrors: [{code: MAXIMUM_EXCEEDED, field: [input, lines, 0, quantity], message: /only \\d+ left/i}]
                continueOnError: true
              - name: Wrong code
                mutation: "mutation C { cartCreate { cart { id } userErrors { field message code } } }"
                userErrors: [{code: INVALID}]
                continueOnError: true
              - name: Allowed
                mutation: "mutation C { cartCreate { cart { id } userErrors { field message code } } }"
                userErrors: allow
            """)
        #expect(try report.step("Expected").status == .failed)
        #expect(try report.step("Allowed").status == .passed)
        let wrong = try #require(try report.step("Wrong code").failure)
        #expect(wrong.kind == .userErrors)
        #expect(wrong.message == "expected userError {code: INVALID} did not come back; userErrors: MAXIMUM_EXCEEDED at input.lines.0.quantity: Only 3 left")
    }

    @Test func aNodeThatIsNotThereFailsTheCast() async throws {
        let harness = Harness(replies: [.data(#"{"node":null}"#)])
        let report = try await harness.run("""
            version: 1
            name: Node
            steps:
              - name: Lookup
                node: gid://shopify/Product/404
                as: Product
                select: title
            """)
        let failure = try #require(try report.step("Lookup").failure)
        #expect(failure.kind == .cast)
        #expect(failure.message == "node gid://shopify/Product/404 was not found")
        #expect(failure.location?.line == 6)
    }

    @Test func aNodeOfTheRightTypeIsReachableAsNode() async throws {
        let harness = Harness(replies: [.data(#"{"node":{"__typename":"Product","title":"Classic Sneaker"}}"#)])
        let report = try await harness.run("""
            version: 1
            name: Node
            steps:
              - name: Lookup
                node: gid://shopify/Product/1
                as: Product
                select: title
                assert: ['node.title == "Classic Sneaker"']
                capture: {title: node.title}
            """)
        #expect(report.status == .passed)
        #expect(try report.step("Lookup").captures["title"] == "Classic Sneaker")
        #expect(Harness.body(harness.stub.requests[0])["variables"] == ["id": "gid://shopify/Product/1"])
    }
}
