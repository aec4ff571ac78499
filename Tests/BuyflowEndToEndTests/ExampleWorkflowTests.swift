import BuyflowReport
import BuyflowTestSupport
import Foundation
import Testing

/// Every example under `workflows/` runs green with the real binary against the embedded
/// sample shop, and the examples pass `buyflow validate` and the JSON Schema check.
@Suite("Example workflows")
struct ExampleWorkflowTests {
    /// `workflows/*.yaml`, sorted.
    static let examples: [String] = {
        let folder = E2EPaths.packageRoot.appendingPathComponent("workflows")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }()

    /// What an example's first comment says it shows: a failure (with the documented exit
    /// code, step and kind, `Expected: exit 1, step 'X' fails with assertion`) or nothing.
    struct DocumentedFailure {
        var exitCode: Int32
        var step: String
        var kind: ErrorKind
    }

    static func documentedFailure(_ file: String) throws -> DocumentedFailure? {
        let text = try String(
            contentsOf: E2EPaths.packageRoot.appendingPathComponent("workflows/\(file)"), encoding: .utf8)
        let comment = text.split(separator: "\n").drop { $0.hasPrefix("# yaml-language-server") }.prefix {
            $0.hasPrefix("#")
        }
        guard comment.first?.lowercased().contains("demonstrates a failure") == true else { return nil }
        let expression = try Regex(#"exit (\d+), step '([^']+)' fails with (\w+)"#)
        for line in comment {
            if let match = try expression.firstMatch(in: String(line)),
                let code = Int32(match[1].substring ?? ""),
                let kind = ErrorKind(rawValue: String(match[3].substring ?? ""))
            {
                return DocumentedFailure(exitCode: code, step: String(match[2].substring ?? ""), kind: kind)
            }
        }
        Issue.record(
            "\(file) says it demonstrates a failure but not which: write `Expected: exit 1, step 'X' fails with <kind>`"
        )
        return nil
    }

    @Test("the examples folder is not empty")
    func examplesExist() {
        #expect(Self.examples.count >= 10, "\(Self.examples)")
        #expect(Self.examples.contains("checkout.yaml"))
    }

    @Test("an example runs as documented", arguments: examples)
    func runs(_ file: String) async throws {
        let result = try await BuyflowRun.run(["workflows/\(file)", "--no-color"])
        let failure = try Self.documentedFailure(file)
        guard let failure else {
            #expect(result.exitCode == 0, "workflows/\(file) failed:\n\(result.output.combined)")
            #expect(!result.runs.isEmpty)
            for run in result.runs {
                #expect(run.status == .passed, "\(run.workflow.name): \(run.status)")
                #expect(run.workflow.file == "workflows/\(file)")
                #expect(run.steps.allSatisfy { $0.status == .passed || $0.status == .skipped })
                #expect(run.summary.failed == 0)
            }
            #expect(result.output.stdout.contains("passed: "))
            #expect(!result.output.stdout.contains("✗"))
            return
        }
        #expect(result.exitCode == failure.exitCode, "\(result.output.combined)")
        let step = try result.step(failure.step)
        #expect(step.status == .failed)
        #expect(step.failure?.kind == failure.kind)
    }

    @Test("buyflow validate workflows/ reports no error, and no warning but the ones an example is meant to show")
    func validateExamples() async throws {
        let output = try await Subprocess.buyflow(["validate", "workflows/", "--no-color"])
        #expect(output.exitCode == 0, "\(output.combined)")
        #expect(
            output.combined.contains(
                "validated \(Self.examples.count) workflows: 0 errors, \(ExampleWarnings.all.count) warnings"),
            "\(output.combined)")
        let warnings = output.combined.split(separator: "\n").filter { $0.contains("warning:") }.map {
            String($0.drop { $0 == " " })
        }
        #expect(warnings.map { $0.replacingOccurrences(of: "workflows/../", with: "") } == ExampleWarnings.all.map(\.rendered))
        #expect(!output.combined.contains("error:"))
    }

    @Test("every example names the schema and says how to run it")
    func headers() throws {
        for file in Self.examples {
            let text = try String(
                contentsOf: E2EPaths.packageRoot.appendingPathComponent("workflows/\(file)"), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.first == "# yaml-language-server: $schema=workflow.schema.json", "\(file)")
            #expect(lines.dropFirst().first?.hasPrefix("# ") == true, "\(file): a comment saying what it shows")
            #expect(text.contains("buyflow run workflows/\(file)"), "\(file): a comment saying how to run it")
        }
    }

    @Test("the examples pass the JSON Schema check (Tests/Conformance/workflow-schema/check.py)")
    func jsonSchema() async throws {
        // The first python3 on PATH, as CI and a shell would pick it.
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin"
        let python = path.split(separator: ":").map { "\($0)/python3" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        let interpreter = try #require(python, "python3 is needed for the JSON Schema check")
        let process = try Subprocess(URL(fileURLWithPath: interpreter), ["Tests/Conformance/workflow-schema/check.py"])
        let output = await process.wait(timeout: .seconds(60))
        if output.combined.contains("No module named") {
            Issue.record(
                "the JSON Schema check needs jsonschema and PyYAML (pip install jsonschema pyyaml):\n\(output.combined)"
            )
            return
        }
        #expect(output.exitCode == 0, "\(output.combined)")
        #expect(output.stdout.contains(" passed, 0 failed"), "\(output.combined)")
    }
}
