import Foundation
import Testing

/// An invalid workflow given to `run`: exit 2, its diagnostics, and not one request sent
/// — not even for the valid workflows named with it.
@Suite("Invalid workflows are not run")
struct InvalidWorkflowRunTests {
    @Test("exit 2, diagnostics, and the shop named by --url receives nothing")
    func nothingSent() async throws {
        let server = try ScriptedServer(body: #"{"data":{"shop":{"name":"Sample Shoes"}}}"#)
        defer { server.stop() }
        let result = try await BuyflowRun.run(
            [
                E2EPaths.workflow("shop-name.yaml"), E2EPaths.workflow("invalid.yaml"), "--url", server.url,
                "--no-color",
            ],
            expectReport: false
        )
        #expect(result.exitCode == 2, "\(result.output.combined)")
        let stderr = result.output.stderr
        let file = E2EPaths.workflow("invalid.yaml")
        #expect(
            stderr.contains(
                "\(file):7:52: error: cannot query field 'totalQantity' on type 'Cart'; did you mean 'totalQuantity'?"),
            "\(stderr)")
        #expect(
            stderr.contains("\(file):8:5: error: unknown key 'captur' in a step; did you mean 'capture'?"), "\(stderr)")
        #expect(stderr.contains("2 errors in the workflows: nothing was sent"), "\(stderr)")
        #expect(!result.output.stdout.contains("✓"))
        #expect(result.runs.isEmpty)
        #expect(server.requestCount == 0)
        // The same server does answer: the valid workflow alone sends its one request.
        let valid = try await BuyflowRun.run([E2EPaths.workflow("shop-name.yaml"), "--url", server.url])
        #expect(valid.exitCode == 0, "\(valid.output.combined)")
        #expect(server.requestCount == 1)
    }

    @Test("a usage error is exit 64 and sends nothing")
    func usageError() async throws {
        let server = try ScriptedServer(body: #"{"data":{"shop":{"name":"Sample Shoes"}}}"#)
        defer { server.stop() }
        let output = try await Subprocess.buyflow([
            "run", E2EPaths.workflow("shop-name.yaml"), "--url", server.url, "--jobz", "2",
        ])
        #expect(output.exitCode == 64, "\(output.combined)")
        #expect(output.stderr.contains("--jobs"), "a did-you-mean: \(output.stderr)")
        #expect(server.requestCount == 0)
    }
}
