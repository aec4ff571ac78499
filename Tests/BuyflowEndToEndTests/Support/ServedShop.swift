import Foundation
import Testing

/// `buyflow serve --port 0 <flags>` as a subprocess: its endpoint read from the
/// `sample shop listening on <url>` line it prints, stopped (SIGTERM) when the test ends.
struct ServedShop: Sendable {
    /// The endpoint, `http://127.0.0.1:<port>/api/2026-04/graphql.json`.
    let url: URL
    private let process: Subprocess

    /// The endpoint for another API version, on the same server.
    func url(apiVersion: String) -> String {
        url.absoluteString.replacingOccurrences(of: "/api/2026-04/", with: "/api/\(apiVersion)/")
    }

    /// Starts the shop with `flags`, runs `body`, and stops the shop, also when `body`
    /// throws. Returns what `body` returns.
    static func with<T: Sendable>(
        _ flags: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation,
        _ body: (ServedShop) async throws -> T
    ) async throws -> T {
        let binary = try E2EPaths.requireBinary(sourceLocation: sourceLocation)
        let process = try Subprocess(binary, ["serve", "--port", "0"] + flags)
        defer { process.terminate() }
        let deadline = ContinuousClock.now + .seconds(30)
        var url: URL?
        while url == nil, ContinuousClock.now < deadline, process.isRunning {
            let text = process.currentStdout
            if let range = text.range(of: "sample shop listening on "),
                let end = text[range.upperBound...].firstIndex(of: "\n")
            {
                url = URL(string: String(text[range.upperBound..<end]))
            } else {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
        guard let url else {
            process.terminate()
            let output = await process.wait(timeout: .seconds(5))
            Issue.record(
                Comment(rawValue:
                    "buyflow serve \(flags.joined(separator: " ")) did not print its URL within 30 s"
                        + " (exit \(output.exitCode)):\n\(output.combined)"),
                sourceLocation: sourceLocation)
            throw ShopDidNotStart()
        }
        let result = try await body(ServedShop(url: url, process: process))
        process.terminate()
        _ = await process.wait(timeout: .seconds(5))
        return result
    }

    struct ShopDidNotStart: Error {}
}
