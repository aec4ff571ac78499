import BuyflowCore
import BuyflowReport
import Foundation
import Testing

/// Order and failure, tags, data rows, --jobs and --fail-fast, through the real binary.
@Suite("Flow")
struct FlowTests {
    static let flow = E2EPaths.workflow("flow.yaml")

    @Test("continueOnError, an `if` that is false, a failure that skips, `finally` after the failure")
    func orderAndFailure() async throws {
        let result = try await BuyflowRun.run([Self.flow])
        #expect(result.exitCode == 1)
        let run = try result.run()
        #expect(
            run.steps.map(\.name) == [
                "Shop", "Wrong title", "Still runs", "Only when asked", "Hard failure", "After the failure", "Clean up",
                "Nightly clean up",
            ])
        #expect(run.steps.map(\.status) == [.passed, .failed, .passed, .skipped, .failed, .skipped, .passed, .passed])
        #expect(
            run.steps.map(\.id) == [
                "shop", "wrong-title", "still-runs", "only-when-asked", "hard-failure", "after-the-failure", "clean-up",
                "nightly-clean-up",
            ])
        #expect(try result.step("Only when asked").skipReason == "'if' is false: vars.extra")
        #expect(try result.step("After the failure").skipReason == "step 'Hard failure' failed")
        #expect(try result.step("Only when asked").attempts.isEmpty)
        #expect(run.summary == RunSummary(steps: 8, passed: 4, failed: 2, skipped: 2, requests: 6, retries: 0))
        #expect(result.output.stdout.contains("failed: 4 passed, 2 failed, 2 skipped of 8 steps"))
    }

    @Test("the `if` runs the step when --var makes it true")
    func ifTrue() async throws {
        let result = try await BuyflowRun.run([Self.flow, "--var", "extra=true"])
        #expect(try result.step("Only when asked").status == .passed)
    }

    @Test("--tag runs the tagged steps and the untagged finally steps")
    func tags() async throws {
        let result = try await BuyflowRun.run([Self.flow, "--tag", "smoke"])
        #expect(result.exitCode == 0, "\(result.output.combined)")
        let run = try result.run()
        #expect(run.steps.map(\.name) == ["Shop", "Still runs", "After the failure", "Clean up"])
        #expect(run.steps.allSatisfy { $0.status == .passed })
        let nightly = try await BuyflowRun.run([Self.flow, "--tag", "nightly"])
        #expect(try nightly.run().steps.map(\.name) == ["Clean up", "Nightly clean up"])
    }

    @Test("--fail-fast: continueOnError no longer continues; finally still runs")
    func failFastInAWorkflow() async throws {
        let result = try await BuyflowRun.run([Self.flow, "--fail-fast"])
        #expect(result.exitCode == 1)
        let run = try result.run()
        #expect(
            run.steps.map(\.status) == [.passed, .failed, .skipped, .skipped, .skipped, .skipped, .passed, .passed])
        #expect(try result.step("Still runs").skipReason == "step 'Wrong title' failed")
    }

    @Test("data rows: one run per row in a buyflow.runs/1 report, named after the row")
    func rows() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("rows.yaml")])
        #expect(result.exitCode == 1)
        #expect(result.reportText.contains(#""format": "buyflow.runs/1""#))
        let report = try #require(result.runsReport)
        #expect(report.runs.map(\.workflow.name) == ["Rows [sneaker]", "Rows [runner]", "Rows [socks]"])
        #expect(report.runs.map(\.status) == [.passed, .failed, .passed])
        #expect(report.runs.map { $0.row?.index } == [1, 2, 3])
        #expect(report.runs.map { $0.row?.values["handle"] } == ["classic-sneaker", "trail-runner", "wool-socks"])
        #expect(report.status == .failed)
        let failure = try #require(report.runs[1].steps.first?.failure)
        #expect(failure.kind == .assertion)
        #expect(failure.actual == "129.50")
        #expect(
            result.output.stdout.contains("Rows [runner] (Tests/BuyflowEndToEndTests/Fixtures/workflows/rows.yaml)"))
        #expect(result.output.stdout.contains("2 of 3 runs passed"))
    }

    @Test("data rows with --fail-fast: the rows after a failed one are skipped")
    func rowsFailFast() async throws {
        let result = try await BuyflowRun.run([E2EPaths.workflow("rows.yaml"), "--fail-fast"])
        #expect(result.exitCode == 1)
        #expect(result.runs.map(\.status) == [.passed, .failed, .skipped])
        #expect(result.runs[2].steps.allSatisfy { $0.status == .skipped && $0.attempts.isEmpty })
        #expect(result.runs[2].steps.first?.skipReason?.hasPrefix("fail-fast") == true)
    }

    @Test("--fail-fast over several files: the files after a failed one send nothing")
    func failFastOverFiles() async throws {
        let result = try await BuyflowRun.run([
            E2EPaths.workflow("cast.yaml"), "workflows/node-lookup.yaml", "workflows/checkout.yaml", "--fail-fast",
        ])
        #expect(result.exitCode == 1)
        #expect(result.runs.first?.workflow.name == "Cast")
        #expect(result.runs.first?.status == .failed)
        for later in result.runs.dropFirst() {
            #expect(later.status == .skipped)
            #expect(later.summary.requests == 0)
        }
        #expect(!result.output.stdout.contains("✓"), "no step of a later workflow passed:\n\(result.output.stdout)")
    }

    @Test("--jobs 3: reports and console keep the command line's order")
    func jobs() async throws {
        // The slow one (checkout polls for ~200 ms) first, a failing one in the middle.
        let files = [
            "workflows/checkout.yaml", "workflows/node-lookup.yaml", E2EPaths.workflow("cast.yaml"),
            "workflows/in-context-cad.yaml", "workflows/reuse.yaml", "workflows/expected-user-errors.yaml",
        ]
        let result = try await BuyflowRun.run(files + ["--jobs", "3"])
        #expect(result.exitCode == 1)
        #expect(result.runs.map(\.workflow.file) == files)
        #expect(result.runs.map(\.status) == [.passed, .passed, .failed, .passed, .passed, .passed])
        // Each workflow's block is printed whole, in command-line order.
        let headers = result.output.stdout.split(separator: "\n").filter { $0.contains(" → http://") }
        #expect(headers.map { $0.split(separator: "(").last.map { String($0.prefix { $0 != ")" }) } } == files)
        let blocks = result.output.stdout.components(separatedBy: " → http://").dropFirst()
        #expect(blocks.count == files.count)
        #expect(result.output.stdout.contains("5 of 6 runs passed"))
    }
    @Test("--data replaces the workflow's rows; one row gives a buyflow.run/1 report")
    func dataOverride() async throws {
        let directory = try E2EPaths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let rows = directory.appendingPathComponent("rows.csv")
        try Data("name,handle,price\nsocks,wool-socks,12\n".utf8).write(to: rows)
        let result = try await BuyflowRun.run([E2EPaths.workflow("rows.yaml"), "--data", rows.path])
        #expect(result.exitCode == 0, "\(result.output.combined)")
        #expect(result.runsReport == nil)
        let run = try result.run()
        #expect(run.workflow.name == "Rows [socks]")
        #expect(run.row?.values["price"] == 12, "a CSV cell is typed like a --var value")
    }
}
