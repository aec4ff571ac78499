import BuyflowCore
import BuyflowReport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) and SIGTERM during `buyflow run`: the run stops at once, every
/// requested report is written with what was done (the step under way marked
/// interrupted, the rest skipped as interrupted), and the exit code is 128 + the signal.
@Suite("Signals during run", .serialized, .enabled(if: Reliability.enabled, Reliability.why))
struct SignalTests {
    @Test("a signal while the second step waits for the slow shop", arguments: [SIGINT, SIGTERM])
    func interrupted(_ signal: Int32) async throws {
        try await Shop.with(["--latency", "3s"]) { shop in
            let directory = try Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let json = directory.appendingPathComponent("run.json").path
            let reports = ["junit": "run.xml", "tap": "run.tap", "html": "run.html", "text": "run.txt"]
            var arguments = ["run", Paths.workflow("slow-steps.yaml"), "--url", shop.url.absoluteString, "--report", "json=\(json)"]
            for (format, name) in reports.sorted(by: { $0.key < $1.key }) {
                arguments += ["--report", "\(format)=\(directory.appendingPathComponent(name).path)"]
            }
            let child = try Child(arguments)
            // The first step's line is printed when it ends; the second is then under way.
            let firstDone = await child.waitFor(timeout: .seconds(30)) { $0.contains("First") }
            try #require(firstDone, "the first step did not finish:\n\(child.stdoutSoFar)\(child.stderrSoFar)")
            try await Task.sleep(for: .milliseconds(300))
            let sent = ContinuousClock.now
            child.send(signal)
            let output = await child.wait(timeout: .seconds(20))
            let stoppedAfter = ContinuousClock.now - sent

            #expect(!output.timedOut)
            #expect(!output.signalled, "buyflow was killed by the signal instead of handling it")
            #expect(output.exitCode == 128 + signal, "\(output.combined)")
            // It does not wait for the slow answer of the step under way (3 s).
            #expect(stoppedAfter < .seconds(2), "stopped after \(stoppedAfter)")
            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            #expect(output.stderr.contains("interrupted (\(name))"), "\(output.stderr)")

            let data = try #require(FileManager.default.contents(atPath: json), "no JSON report")
            let report = try RunReport(bytes: Array(data), path: json)
            #expect(report.status == .failed)
            #expect(report.steps.map(\.name) == ["First", "Second", "Third", "Fourth", "Cleanup"])
            #expect(report.steps[0].status == .passed)
            let second = report.steps[1]
            #expect(second.status == .failed, "the step under way is reported, failed")
            #expect(second.failure?.message.contains("interrupted") == true, "\(String(describing: second.failure))")
            #expect(second.attempts.count == 1, "no attempt after the signal: \(second.attempts.count)")
            for step in report.steps.dropFirst(2) {
                #expect(step.status == .skipped)
                #expect(step.skipReason == "the run was interrupted")
            }
            // Every other requested report is there and says the same.
            for (format, name) in reports {
                let text = try #require(
                    try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8), "no \(format) report")
                #expect(text.contains("Second"), "\(format) report lacks the interrupted step")
                #expect(text.contains("interrupted"), "\(format) report does not say the run was interrupted")
            }
        }
    }

    @Test("a signal before any step: nothing sent, the reports written, 130")
    func interruptedEarly() async throws {
        try await Shop.with(["--latency", "3s"]) { shop in
            let directory = try Paths.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let json = directory.appendingPathComponent("run.json").path
            let child = try Child(["run", Paths.workflow("slow-steps.yaml"), "--url", shop.url.absoluteString, "--report", "json=\(json)"])
            try await Task.sleep(for: .milliseconds(700))
            child.send(SIGINT)
            let output = await child.wait(timeout: .seconds(20))
            #expect(output.exitCode == 130, "\(output.combined)")
            let data = try #require(FileManager.default.contents(atPath: json), "no JSON report")
            let report = try RunReport(bytes: Array(data), path: json)
            #expect(report.steps.count == 5)
            #expect(report.steps.allSatisfy { $0.status != .passed })
        }
    }

    @Test("a signal while a poll waits: the poll ends at once, no further attempt")
    func interruptedPoll() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("run.json").path
        let child = try Child(["run", Paths.workflow("long-poll.yaml"), "--report", "json=\(json)"])
        try await Task.sleep(for: .seconds(2))
        let sent = ContinuousClock.now
        child.send(SIGTERM)
        let output = await child.wait(timeout: .seconds(20))
        #expect(output.exitCode == 143, "\(output.combined)")
        // It does not wait for the next poll (5 s).
        #expect(ContinuousClock.now - sent < .seconds(2))
        let data = try #require(FileManager.default.contents(atPath: json), "no JSON report")
        let report = try RunReport(bytes: Array(data), path: json)
        let wait = try #require(report.steps.first)
        #expect(wait.status == .failed)
        #expect(wait.failure?.kind == .poll)
        #expect(wait.failure?.message.hasPrefix("interrupted") == true, "\(String(describing: wait.failure))")
        #expect(wait.attempts.count == 1)
        #expect(report.steps.last?.skipReason == "the run was interrupted")
    }
}

/// Ctrl-C and SIGTERM during `buyflow load`: no iteration starts after the signal, the
/// reports are written with what was done, and the exit code is 128 + the signal.
@Suite("Signals during load", .serialized, .enabled(if: Reliability.enabled, Reliability.why))
struct LoadSignalTests {
    @Test("a signal during a 30 s load", arguments: [SIGINT, SIGTERM])
    func interrupted(_ signal: Int32) async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("load.json").path
        let text = directory.appendingPathComponent("load.txt").path
        let child = try Child([
            // An open model at 20 iterations a second: light, so it does not starve the other suites.
            "load", "workflows/load-smoke.yaml", "--arrival-rate", "20/s", "--max-vus", "2", "--duration", "30s",
            "--report", "json=\(json)", "--report", "text=\(text)",
        ])
        let started = await child.waitFor(timeout: .seconds(30)) { $0.contains("Cart load smoke") }
        try #require(started, "the load did not start:\n\(child.stdoutSoFar)\(child.stderrSoFar)")
        try await Task.sleep(for: .seconds(1))
        let sent = ContinuousClock.now
        child.send(signal)
        let output = await child.wait(timeout: .seconds(20))
        #expect(!output.timedOut)
        #expect(!output.signalled, "buyflow was killed by the signal instead of handling it")
        #expect(output.exitCode == 128 + signal, "\(output.combined)")
        #expect(ContinuousClock.now - sent < .seconds(5), "it stops long before the 30 s are over")
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        #expect(output.stderr.contains("interrupted (\(name))"), "\(output.stderr)")
        let data = try #require(FileManager.default.contents(atPath: json), "no JSON report")
        let report = try #require(try JSONParser().parse(bytes: data).objectValue)
        #expect(report["format"] == "buyflow.load/1")
        #expect((report["requests"]?["count"]?.intValue ?? 0) > 0, "the work done before the signal is reported")
        #expect((report["durationMs"]?.doubleValue ?? 30_000) < 29_000, "it stopped before its 30 s")
        #expect(FileManager.default.fileExists(atPath: text))
    }
}
