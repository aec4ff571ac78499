import BuyflowReport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Input that killed a process on `e4cd2a0` (issue 27): each now gets a located or
/// classified error, within a bound of time, with no signal exit and reports complete.
@Suite("Hostile input", .serialized, .enabled(if: Reliability.enabled, Reliability.why))
struct HostileInputTests {
    /// A folder of workflow files for one test, removed after it.
    static func files(_ files: [String: String], _ body: (URL) async throws -> Void) async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try await body(directory)
    }

    static func expectNoSignal(_ output: Child.Output, _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        #expect(!output.signalled, "\(what) ended by signal \(output.exitCode)\n\(output.combined.prefix(2000))", sourceLocation: sourceLocation)
        #expect(!output.timedOut, "\(what) did not end", sourceLocation: sourceLocation)
    }

    // 1. An unknown field of 32,768 letters overflowed the "did you mean" letter counts.
    @Test("a 32 KB field name: a validation error from validate, run and the shop")
    func longFieldName() async throws {
        let name = String(repeating: "a", count: 32_768)
        let workflow = "version: 1\nname: Long\nsteps:\n  - name: Long\n    query: \"{ \(name) }\"\n"
        try await Self.files(["long.yaml": workflow]) { directory in
            let path = directory.appendingPathComponent("long.yaml").path
            for command in ["validate", "run"] {
                let output = try await Child.buyflow([command, path])
                Self.expectNoSignal(output, command)
                #expect(output.exitCode == 2, "\(command): \(output.combined.suffix(500))")
                #expect(output.combined.contains("cannot query field"), "\(output.combined.suffix(500))")
                #expect(output.combined.contains("long.yaml:5:"), "located in the workflow")
            }
        }
        try await Shop.with([]) { shop in
            let response = try await RawHTTP.exchange(port: shop.port, ServerHardeningTests.query("{ \(name) }"), timeout: .seconds(10))
            #expect(response.status == 200 || response.status == 400, "\(response.head)")
            #expect(response.text.contains("Cannot query field") || response.text.contains("cannot query field"), "\(response.text.prefix(300))")
            await ServerHardeningTests.expectServing(shop)
        }
    }

    // 2. `Retry-After: inf` (or a number past Int64's milliseconds) on any response trapped.
    @Test("Retry-After values past every bound on a 200: the run passes", arguments: ["inf", "1e300", "9223372036854775807", "-5", "nan"])
    func retryAfterOutOfRange(value: String) async throws {
        let server = try SlowBodyServer(
            body: #"{"data":{"shop":{"name":"Sample Shoes"}}}"#, pieces: 1, pause: .zero, extraHeaders: "Retry-After: \(value)\r\n")
        defer { server.stop() }
        let run = try await ReportRun.run([Paths.workflow("slow-steps.yaml"), "--url", server.url])
        Self.expectNoSignal(run.output, "run with Retry-After: \(value)")
        #expect(run.output.exitCode == 0, "\(run.output.combined.suffix(800))")
        #expect(run.report?.steps.count == 5, "the report is written, every step in it")
    }

    // 3. A duration of 146 years or more trapped in `DurationText.parse`.
    @Test("durations past a year: located errors and usage errors")
    func durationsPastAYear() async throws {
        let workflow = "version: 1\nname: Sleepy\nsteps:\n  - name: Wait\n    sleep: 4611686019s\n  - name: Shop\n    query: \"{ shop { name } }\"\n"
        try await Self.files(["sleepy.yaml": workflow]) { directory in
            let path = directory.appendingPathComponent("sleepy.yaml").path
            let validate = try await Child.buyflow(["validate", path])
            Self.expectNoSignal(validate, "validate")
            #expect(validate.exitCode == 2)
            #expect(validate.combined.contains("sleepy.yaml:5:12"), "\(validate.combined)")
            #expect(validate.combined.contains("at most 8760h"), "\(validate.combined)")
            for flag in [["--duration", "9999999999s"], ["--duration", "99999999999999h"], ["--ramp-up", "9223372036854775807us"]] {
                let load = try await Child.buyflow(["load", "workflows/load-smoke.yaml"] + flag)
                Self.expectNoSignal(load, "load \(flag)")
                #expect(load.exitCode == 64, "load \(flag): \(load.combined)")
            }
        }
    }

    /// Steps files `s0.yaml` … `s<depth-1>.yaml`, each using the next; the last has a query,
    /// or uses `s0.yaml` again when `cycle`.
    static func chain(depth: Int, cycle: Bool = false) -> [String: String] {
        var files: [String: String] = [
            "main.yaml": "version: 1\nname: Chain\nsteps:\n  - name: Go\n    use: s0.yaml\n"
        ]
        for level in 0..<depth {
            let step: String
            if level < depth - 1 {
                step = "  - name: Next\n    use: s\(level + 1).yaml\n"
            } else if cycle {
                step = "  - name: Again\n    use: s0.yaml\n"
            } else {
                step = "  - name: Shop\n    query: \"{ shop { name } }\"\n"
            }
            files["s\(level).yaml"] = "version: 1\nname: Level \(level)\nsteps:\n" + step
        }
        return files
    }

    // 4. A `use` chain 256 files deep (or a 1,000-file cycle) overflowed the stack.
    @Test("use chains past the depth limit: a located error; at the limit they run", arguments: [(256, false), (1_000, true), (2_000, false)])
    func deepUseChains(depth: Int, cycle: Bool) async throws {
        try await Self.files(Self.chain(depth: depth, cycle: cycle)) { directory in
            let path = directory.appendingPathComponent("main.yaml").path
            for command in ["validate", "run"] {
                let output = try await Child.buyflow([command, path])
                Self.expectNoSignal(output, "\(command) of a \(depth)-deep chain")
                #expect(output.exitCode == 2, "\(output.combined.suffix(800))")
                #expect(output.combined.contains("more than 32 deep"), "\(output.combined.suffix(800))")
                #expect(output.combined.contains("s31.yaml:5:10"), "located at the use that goes too deep: \(output.combined.suffix(800))")
            }
        }
    }

    @Test("a use chain 32 deep validates and runs")
    func useChainAtTheLimit() async throws {
        try await Self.files(Self.chain(depth: 32)) { directory in
            let path = directory.appendingPathComponent("main.yaml").path
            for command in ["validate", "run"] {
                let output = try await Child.buyflow([command, path])
                Self.expectNoSignal(output, command)
                #expect(output.exitCode == 0, "\(command): \(output.combined.suffix(800))")
            }
        }
    }

    // SIGPIPE ended `run` before its reports were written.
    @Test("stdout closed early: the run goes on and writes its report")
    func closedStdout() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("r.json").path
        let process = Process()
        process.executableURL = try Paths.requireBinary()
        process.arguments = ["run", "workflows/checkout.yaml", "--verbose", "--report", "json=\(report)"]
        process.currentDirectoryURL = Paths.packageRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try pipe.fileHandleForReading.close()
        try process.run()
        try pipe.fileHandleForWriting.close()
        let deadline = ContinuousClock.now + .seconds(60)
        while process.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if process.isRunning { process.terminate() }
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus == 0)
        let data = try #require(FileManager.default.contents(atPath: report), "no report written")
        #expect(String(decoding: data, as: UTF8.self).contains("\"status\""))
    }

    // 12. A FIFO blocked in `open` for ever, `/dev/zero` was read without end.
    @Test("files that are not regular files are refused at once")
    func notRegularFiles() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.yaml").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(arguments: [String], expected: String)] = [
            (["validate", fifo], "FIFO"),
            (["validate", directory.path], "FIFO"),
            (["validate", "/dev/zero"], "device"),
            (["validate", "workflows/checkout.yaml", "--env-file", "/dev/zero"], "device"),
            (["validate", "workflows/checkout.yaml", "--var-file", "/dev/urandom"], "device"),
            (["validate", "workflows/checkout.yaml", "--env-file", fifo], "FIFO"),
        ]
        for (arguments, expected) in cases {
            // The child's timeout is the bound: a read that blocked would end in a kill.
            let output = try await Child.buyflow(arguments, timeout: .seconds(20))
            Self.expectNoSignal(output, arguments.joined(separator: " "))
            #expect(output.exitCode != 0, "\(arguments): \(output.combined)")
            #expect(output.combined.contains(expected), "\(arguments): \(output.combined)")
        }
    }

    @Test("a file over the limit is refused without being read whole")
    func sparseHugeFile() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("version: 1\n".utf8)))
        #expect(truncate(path, 3 << 30) == 0, "a 3 GB sparse file")
        let output = try await Child.buyflow(["validate", path], timeout: .seconds(20))
        Self.expectNoSignal(output, "validate")
        #expect(output.exitCode == 2, "\(output.combined)")
        #expect(output.combined.contains("larger than 16 MiB"), "\(output.combined)")
    }

    @Test("a report is never written over the workflow it reports on")
    func reportOverTheWorkflow() async throws {
        let workflow = "version: 1\nname: Mine\nsteps:\n  - name: Shop\n    query: \"{ shop { name } }\"\n"
        try await Self.files(["mine.yaml": workflow]) { directory in
            let path = directory.appendingPathComponent("mine.yaml").path
            let output = try await Child.buyflow(["run", path, "--report", "json=\(path)"])
            Self.expectNoSignal(output, "run")
            #expect(output.exitCode != 0)
            #expect(output.combined.contains("a file this run reads"), "\(output.combined)")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == workflow, "the workflow is untouched")
        }
    }

    @Test("a report name of 255 bytes is written")
    func longReportName() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(String(repeating: "r", count: 250) + ".json").path
        let output = try await Child.buyflow(["run", "workflows/checkout.yaml", "--quiet", "--report", "json=\(path)"])
        #expect(output.exitCode == 0, "\(output.combined)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("a workflow that is not UTF-8: located at the first bad byte")
    func invalidUTF8() async throws {
        let directory = try Paths.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("latin1.yaml").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data("version: 1\nname: Caf".utf8 + [0xE9] + Data("\n".utf8))))
        let output = try await Child.buyflow(["validate", path])
        Self.expectNoSignal(output, "validate")
        #expect(output.exitCode == 2)
        #expect(output.combined.contains("latin1.yaml:2:10"), "\(output.combined)")
    }

    // 10. Vars that double (`v1: v0 v0`, … `v40`) took 4 GB in 10 s.
    @Test("vars that double: an error past 16 MiB, in bounded time")
    func doublingVars() async throws {
        var workflow = "version: 1\nname: Laughs\nvars:\n  v0: abcdefgh\n"
        for level in 1...40 { workflow += "  v\(level): '${{ vars.v\(level - 1) }}${{ vars.v\(level - 1) }}'\n" }
        workflow += "steps:\n  - name: Shop\n    query: \"query($n: String!) { product(handle: $n) { id } }\"\n    variables: {n: '${{ vars.v40 }}'}\n"
        try await Self.files(["laughs.yaml": workflow]) { directory in
            // Bounded by the child's timeout; the old build was still growing at 4 GB then.
            let output = try await Child.buyflow(["run", directory.appendingPathComponent("laughs.yaml").path], timeout: .seconds(60))
            Self.expectNoSignal(output, "run")
            #expect(output.exitCode != 0)
            #expect(output.combined.contains("16 MiB"), "\(output.combined.suffix(1500))")
        }
    }

    // 14, 15. Copies of one field were compared pair by pair: 5,000 took 38.7 s in the shop.
    @Test("thousands of copies of one field: answered at once, the shop serving others")
    func copiesOfOneField() async throws {
        let query = "{ " + Array(repeating: "shop { name }", count: 2_500).joined(separator: " ") + " }"
        try await Shop.with([]) { shop in
            let start = ContinuousClock.now
            let response = try await RawHTTP.exchange(port: shop.port, ServerHardeningTests.query(query), timeout: .seconds(30))
            #expect(response.status == 200, "\(response.head)")
            #expect(response.text.contains("Sample Shoes"))
            // Pair by pair this took ~10 s (5,000: 38.7 s); once per copy, a fraction of a second.
            #expect(ContinuousClock.now - start < .seconds(5), "answered after \(ContinuousClock.now - start)")
            await ServerHardeningTests.expectServing(shop)
        }
    }

    // 11. Patterns the old watchdog did not recognise matched for minutes and ignored SIGINT.
    @Test("a pattern that backtracks without end fails its step at the budget")
    func hostileRegex() async throws {
        let workflow = """
        version: 1
        name: Backtracking
        vars:
          long: \(String(repeating: "a", count: 28))
        steps:
          - name: Shop
            query: "{ shop { name } }"
            assert:
              - that: vars.long
                matches: "^(a?){28}a{28}$"
              - "vars.long + '!' matches '^(a+)+$'"
        """
        try await Self.files(["regex.yaml": workflow]) { directory in
            let output = try await Child.buyflow(["run", directory.appendingPathComponent("regex.yaml").path], timeout: .seconds(60))
            Self.expectNoSignal(output, "run")
            #expect(output.exitCode == 1, "\(output.combined)")
            #expect(output.combined.contains("gave up on this value"), "\(output.combined.suffix(1500))")
        }
    }

    // 14. vars of 40,000 keys: 82 s to validate, 70 s more to run (each var copied every
    // var); a cycle of 8,000 fragments overflowed the stack (SIGSEGV) in every checker.
    @Test("40,000 vars validate and run; bounded by the child's timeout")
    func manyVars() async throws {
        let workflow = "version: 1\nname: Many vars\nvars:\n" + (0..<40_000).map { "  v\($0): x\($0)\n" }.joined()
            + "steps:\n  - name: Shop\n    query: \"{ shop { name } }\"\n"
        try await Self.files(["vars.yaml": workflow]) { directory in
            let path = directory.appendingPathComponent("vars.yaml").path
            for command in ["validate", "run"] {
                let output = try await Child.buyflow([command, path], timeout: .seconds(60))
                Self.expectNoSignal(output, command)
                #expect(output.exitCode == 0, "\(command): \(output.combined.suffix(1500))")
            }
        }
    }

    @Test("a cycle of 8,000 fragments is one error, its notes capped, no stack overflow")
    func longFragmentCycle() async throws {
        let count = 8_000
        let fragments = (0..<count).map { "fragment F\($0) on Shop { name ...F\(($0 + 1) % count) }" }.joined(separator: "\n")
        try await Self.files(["cycle.graphql": "query { shop { ...F0 } }\n" + fragments + "\n"]) { directory in
            let output = try await Child.buyflow(["lint", directory.appendingPathComponent("cycle.graphql").path], timeout: .seconds(60))
            Self.expectNoSignal(output, "lint")
            #expect(output.exitCode == 2)
            #expect(output.combined.contains("cannot spread fragment 'F0' within itself"), "\(output.combined.prefix(500))")
            #expect(output.combined.contains("7979 more notes not shown"), "\(output.combined.suffix(500))")
        }
    }
}
