import BuyflowCore
import BuyflowReport
import Foundation
import Testing

/// Each error kind of workflow-format.md, produced by a real run: exit 1, the step failed
/// with exactly that kind, its message, and the console naming it.
@Suite("Error kinds")
struct ErrorKindTests {
    /// The failed step's report, after the common checks: exit 1, the run failed, the
    /// step failed with `kind`, the console shows the kind on the step's line.
    func failedStep(
        _ result: BuyflowRun, _ name: String, _ kind: ErrorKind,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> StepReport {
        #expect(result.exitCode == 1, "\(result.output.combined)", sourceLocation: sourceLocation)
        let run = try result.run(sourceLocation: sourceLocation)
        #expect(run.status == .failed, sourceLocation: sourceLocation)
        let step = try result.step(name, sourceLocation: sourceLocation)
        #expect(step.status == .failed, sourceLocation: sourceLocation)
        #expect(
            step.failure?.kind == kind, "failure: \(String(describing: step.failure))", sourceLocation: sourceLocation)
        let line = result.output.stdout.split(separator: "\n").first { $0.contains("✗ \(name)") }
        #expect(
            line?.hasSuffix(kind.rawValue) == true, "step line: \(line ?? "none")\n\(result.output.stdout)",
            sourceLocation: sourceLocation)
        #expect(
            result.output.stdout.contains("\(kind.rawValue): ") || kind == .assertion, sourceLocation: sourceLocation)
        return step
    }

    @Test("network: nothing listens on the port")
    func network() async throws {
        let port = try ScriptedServer.closedPort()
        let result = try await BuyflowRun.run([
            E2EPaths.workflow("shop-name.yaml"), "--url", "http://127.0.0.1:\(port)/api/2026-04/graphql.json", "--var",
            "attempts=2",
        ])
        let step = try failedStep(result, "Shop", .network)
        #expect(step.failure?.message.hasPrefix("network error: ") == true, "\(step.failure?.message ?? "")")
        #expect(step.failure?.message.hasSuffix("(after 2 attempts)") == true)
        #expect(step.attempts.map(\.errorKind) == [.network, .network])
        #expect(step.attempts.allSatisfy { $0.httpStatus == nil })
        #expect(step.attempts.last?.repro?.contains("127.0.0.1:\(port)") == true)
    }

    @Test("timeout: the shop answers after 2 s, the step waits 200 ms")
    func timeout() async throws {
        try await ServedShop.with(["--latency", "2s"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("shop-name.yaml"), "--url", shop.url.absoluteString, "--var", "timeout=200ms",
            ])
            let step = try failedStep(result, "Shop", .timeout)
            #expect(step.failure?.message == "timed out after 200ms")
            #expect(step.attempts.count == 1)
            #expect(step.attempts[0].httpStatus == nil)
            let duration = step.attempts[0].duration
            #expect(duration >= .milliseconds(190) && duration < .milliseconds(1500), "\(duration)")
        }
    }

    @Test("http: the shop answers 500")
    func http500() async throws {
        try await ServedShop.with(["--fail-rate", "1", "--fail-status", "500"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("shop-name.yaml"), "--url", shop.url.absoluteString, "--var", "attempts=2",
            ])
            let step = try failedStep(result, "Shop", .http)
            #expect(step.failure?.message.hasPrefix("HTTP status 500") == true, "\(step.failure?.message ?? "")")
            #expect(step.attempts.map(\.httpStatus) == [500, 500])
            #expect(step.attempts.map(\.errorKind) == [.http, .http])
            #expect(step.attempts.allSatisfy { $0.requestId?.hasPrefix("req-") == true })
        }
    }

    @Test("http: a path the shop does not serve is 404")
    func http404() async throws {
        try await ServedShop.with([]) { shop in
            let wrong = shop.url.absoluteString.replacingOccurrences(of: "/api/2026-04/", with: "/api/not-a-version/")
            let result = try await BuyflowRun.run([E2EPaths.workflow("shop-name.yaml"), "--url", wrong])
            let step = try failedStep(result, "Shop", .http)
            #expect(step.failure?.message.hasPrefix("HTTP status 404") == true, "\(step.failure?.message ?? "")")
            #expect(step.attempts.map(\.httpStatus) == [404])
        }
    }

    @Test("invalidJson: the body is not JSON")
    func invalidJSON() async throws {
        let server = try ScriptedServer(contentType: "text/html", body: "<html>maintenance</html>")
        defer { server.stop() }
        let result = try await BuyflowRun.run([E2EPaths.workflow("shop-name.yaml"), "--url", server.url])
        let step = try failedStep(result, "Shop", .invalidJson)
        #expect(
            step.failure?.message.hasPrefix("the response body is not JSON") == true, "\(step.failure?.message ?? "")")
        #expect(step.failure?.actual == .string("<html>maintenance</html>"))
        #expect(step.attempts.map(\.httpStatus) == [200])
        #expect(server.requestCount == 1)
    }

    @Test("noData: JSON without data or errors")
    func noData() async throws {
        let server = try ScriptedServer(body: #"{"hello":"world"}"#)
        defer { server.stop() }
        let result = try await BuyflowRun.run([E2EPaths.workflow("shop-name.yaml"), "--url", server.url])
        let step = try failedStep(result, "Shop", .noData)
        #expect(step.failure?.message == "the response is JSON without 'data' or 'errors'")
        #expect(step.failure?.actual == ["hello": "world"])
        #expect(server.requestCount == 1)
    }

    @Test("graphql: errors with partial data fail a step without `errors: allow`; the partial data is kept")
    func graphql() async throws {
        try await ServedShop.with(["--error-rate", "1"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("graphql-errors.yaml"), "--url", shop.url.absoluteString,
            ])
            let step = try failedStep(result, "Shop and product", .graphql)
            let message = step.failure?.message ?? ""
            #expect(message.hasPrefix("the response carries a GraphQL error: "), "\(message)")
            #expect(message.contains("injected"))
            #expect(step.failure?.actual == ["shop": ["name": "Sample Shoes"], "product": nil])
            let attempt = try #require(step.attempts.first)
            #expect(attempt.httpStatus == 200)
            #expect(attempt.errorKind == .graphql)
            #expect(attempt.errors.first?["path"] == ["product"])
            #expect(attempt.errors.first?["extensions"]?["code"] == "INTERNAL_SERVER_ERROR")
        }
    }

    @Test("graphql: with `errors: allow` the same answer passes (workflows/partial-data.yaml)")
    func partialDataAllowed() async throws {
        try await ServedShop.with(["--error-rate", "1"]) { shop in
            let result = try await BuyflowRun.run(["workflows/partial-data.yaml", "--url", shop.url.absoluteString])
            #expect(result.exitCode == 0, "\(result.output.combined)")
            let first = try result.step("Shop and product")
            #expect(first.status == .passed)
            #expect(first.attempts.first?.errors.count == 1)
            #expect(first.attempts.first?.errorKind == nil)
            #expect(first.captures["productFound"] == false)
            let second = try result.step("Expected error")
            #expect(second.status == .passed)
        }
    }

    @Test("userErrors: a refused mutation without an expectation")
    func userErrors() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("user-errors.yaml")])
        let step = try failedStep(result, "Too many socks", .userErrors)
        #expect(step.failure?.message.contains("MAXIMUM_EXCEEDED") == true, "\(step.failure?.message ?? "")")
        #expect(step.failure?.actual?[0]?["code"] == "MAXIMUM_EXCEEDED")
        #expect(step.operation == OperationInfo(type: .mutation, name: "TooMany"))
    }

    @Test("assertion: every failing assertion with expected, actual and location")
    func assertion() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("failed-assertions.yaml")])
        let step = try failedStep(result, "Create cart", .assertion)
        let failure = try #require(step.failure)
        #expect(failure.message == "2 assertions failed")
        #expect(
            failure.assertions.map(\.expression) == [
                "data.cartCreate.cart.totalQuantity == 3",
                #"decimal(data.cartCreate.cart.cost.totalAmount.amount) == decimal("150.00")"#,
            ])
        #expect(failure.assertions.map(\.expected) == [3, "150.00"])
        #expect(failure.assertions.map(\.actual) == [2, "178.00"])
        #expect(failure.assertions.map { $0.location?.line } == [22, 25])
        #expect(step.assertions.count == 3)
        #expect(step.assertions.filter(\.passed).count == 1)
    }

    @Test("poll: maxAttempts exhausted while the shop keeps processing")
    func poll() async throws {
        try await ServedShop.with(["--completion-polls", "50"]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("poll-exhausted.yaml"), "--url", shop.url.absoluteString,
            ])
            let step = try failedStep(result, "Wait for order", .poll)
            #expect(
                step.failure?.message.hasPrefix("poll gave up after 3 attempts") == true,
                "\(step.failure?.message ?? "")")
            #expect(step.attempts.count == 3)
            #expect(step.failure?.actual?["cartCompletionAttempt"]?["__typename"] == "CartCompletionProcessing")
        }
    }

    @Test("cast: a ProductVariant id looked up as a Product")
    func cast() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("cast.yaml")])
        let step = try failedStep(result, "Variant as product", .cast)
        #expect(step.failure?.message == "node gid://shopify/ProductVariant/1 is a ProductVariant, not a Product")
        #expect(step.failure?.expected == "Product")
        #expect(step.failure?.actual == "ProductVariant")
    }

    @Test("template: a capture missing after a continueOnError step failed")
    func template() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("template.yaml")])
        #expect(try result.step("Create cart").failure?.kind == .assertion)
        let step = try failedStep(result, "Read cart", .template)
        #expect(
            step.failure?.message.contains("'cartId' was not captured: step 'Create cart' failed") == true,
            "\(step.failure?.message ?? "")")
        #expect(step.failure?.location?.line == 18)
        #expect(step.attempts.isEmpty, "nothing is sent for a step whose template fails")
    }

    @Test("apiVersion: 2024-01 asked, 2025-07 served, apiVersionMismatch: fail")
    func apiVersionFail() async throws {
        try await ServedShop.with([]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("api-version.yaml"), "--url", shop.url(apiVersion: "2024-01"),
            ])
            let step = try failedStep(result, "Shop", .apiVersion)
            #expect(step.failure?.message == "requested Storefront API version 2024-01, but the shop served 2025-07")
            #expect(step.failure?.expected == "2024-01")
            #expect(step.failure?.actual == "2025-07")
            #expect(step.attempts.first?.servedApiVersion == "2025-07")
            #expect(try result.run().target.apiVersion == "2024-01")
        }
    }

    @Test("apiVersion: with --api-version-mismatch warn it is a warning and exit 0")
    func apiVersionWarn() async throws {
        try await ServedShop.with([]) { shop in
            let result = try await BuyflowRun.run([
                E2EPaths.workflow("api-version.yaml"), "--url", shop.url(apiVersion: "2024-01"),
                "--api-version-mismatch", "warn",
            ])
            #expect(result.exitCode == 0, "\(result.output.combined)")
            let step = try result.step("Shop")
            #expect(step.status == .passed)
            let message = "requested Storefront API version 2024-01, but the shop served 2025-07"
            #expect(
                step.warnings.contains(
                    ReportWarning(kind: .apiVersionMismatch, message: message, location: step.location)))
            #expect(try result.run().warnings.contains { $0.kind == .apiVersionMismatch && $0.message == message })
            #expect(result.output.stdout.contains("warning: \(message)"))
        }
    }
}
