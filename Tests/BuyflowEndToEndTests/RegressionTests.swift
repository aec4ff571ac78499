import BuyflowReport
import Foundation
import Testing

/// Promises of the README and the contracts that the first end-to-end run found broken,
/// kept as regression tests now that they hold.
@Suite("Regressions")
struct RegressionTests {
    @Test("--verbose prints every request and response body, passing attempts included")
    func verboseBodies() async throws {
        let result = try await BuyflowRun.run(["workflows/node-lookup.yaml", "--verbose", "--no-color"])
        #expect(result.exitCode == 0)
        #expect(result.output.stdout.contains("attempt 1: HTTP 200"))
        #expect(result.output.stdout.contains("request:"), "\(result.output.stdout)")
        #expect(result.output.stdout.contains("response:"))
        #expect(result.output.stdout.contains("Classic Sneaker"), "the response body of 'Product by ID'")
    }

    @Test("poll rounds are shown as polls and are not counted as retries (README: '3 polls', no retries)")
    func pollsAreNotRetries() async throws {
        let result = try await BuyflowRun.run(["workflows/checkout.yaml", "--no-color"])
        #expect(result.exitCode == 0)
        let wait = try result.step("Wait for order")
        #expect(wait.attempts.count == 3)
        #expect(wait.attempts.allSatisfy { $0.errorKind == nil && $0.httpStatus == 200 })
        let run = try result.run()
        #expect(run.summary.retries == 0, "no transport retry happened")
        let line = result.output.stdout.split(separator: "\n").first { $0.contains("Wait for order") } ?? ""
        #expect(line.hasSuffix("3 polls"), "\(line)")
        #expect(!result.output.stdout.contains("retries"))
    }

    @Test("--fail-fast with --jobs starts no workflow after one failed")
    func failFastWithJobs() async throws {
        // The failing one first: it ends in a few milliseconds, long before the slow
        // checkout (a 200 ms poll) frees its job for the files after it.
        let result = try await BuyflowRun.run([
            E2EPaths.workflow("cast.yaml"), "workflows/checkout.yaml", "workflows/node-lookup.yaml",
            "workflows/reuse.yaml",
            "workflows/in-context-cad.yaml", "--jobs", "2", "--fail-fast",
        ])
        #expect(result.exitCode == 1)
        #expect(result.runs.first?.status == .failed)
        let started = result.runs.dropFirst(2).filter { $0.summary.requests > 0 }
        #expect(started.isEmpty, "started after the failure: \(started.map(\.workflow.file))")
    }

    @Test("a userErrors failure names its kind once")
    func userErrorsPrefix() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("user-errors.yaml"), "--no-color"])
        #expect(result.exitCode == 1)
        #expect(result.output.stdout.contains("userErrors: "))
        #expect(!result.output.stdout.contains("userErrors: userErrors:"), "\(result.output.stdout)")
    }
}
