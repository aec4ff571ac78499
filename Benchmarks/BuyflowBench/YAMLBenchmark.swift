import Foundation
@_spi(Benchmarks) import YAML

/// `buyflow-bench yaml [--runs N] [--steps N]`: generates a ~1 MB workflow file (2,000
/// steps, each with a GraphQL block scalar, variables with a merge key, assertions and
/// captures) and prints, as median and min over N runs: libyaml's bare event loop, our
/// full node tree, and PyYAML's `yaml.load(f, Loader=yaml.CLoader)` timed inside
/// `python3` (only the load, figures printed by Python), then the ratio PyYAML / node
/// tree. The runs of all four are interleaved, so a busy machine slows them alike.
enum YAMLBenchmark {
    static func run(_ arguments: [String]) async throws {
        let runs = max(1, option("--runs", in: arguments) ?? 15)
        let steps = option("--steps", in: arguments) ?? 2_000
        let text = workflow(steps: steps)
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("buyflow-bench-yaml-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("workflow.yaml")
        try Data(text.utf8).write(to: file)

        let megabytes = Double(text.utf8.count) / 1_000_000
        print("yaml: \(format(megabytes, 2)) MB workflow, \(steps) steps, \(runs) runs each, interleaved")

        var events = 0
        var parsedSteps = 0
        let bare: () -> Void = { events = YAMLParser.eventCount(text) }
        let tree: () -> Void = {
            let root = try? YAMLParser.parse(text, path: "workflow.yaml")
            parsedSteps = root?["steps"]?.sequence?.count ?? -1
        }
        let fromFile: () -> Void = {
            let bytes = (try? [UInt8](Data(contentsOf: file))) ?? []
            parsedSteps = (try? YAMLParser.parse(bytes: bytes, path: "workflow.yaml"))?["steps"]?.sequence?.count ?? -1
        }
        let python = PythonCLoader(file: file)
        if python == nil {
            print("  PyYAML CLoader: skipped: needs python3 with PyYAML built on libyaml (yaml.CLoader); "
                + "install python3-yaml or `pip install pyyaml`")
        }

        // One warm-up each, then the runs interleaved so a busy machine slows all alike.
        bare()
        tree()
        fromFile()
        var samples: [[Double]] = [[], [], []]
        for _ in 0..<runs {
            samples[0].append(milliseconds(of: bare))
            samples[1].append(milliseconds(of: tree))
            samples[2].append(milliseconds(of: fromFile))
            python?.runOnce()
        }
        let timings = samples.map(Timing.init)
        row("libyaml bare event loop", timings[0], note: "\(events) events")
        row("buyflow node tree (String)", timings[1], note: "\(parsedSteps) steps")
        row("buyflow node tree (file)", timings[2], note: "read + UTF-8 check + parse")

        guard let python, let (line, cloader) = python.finish() else { return }
        print("  python3: \(line)")
        row("PyYAML CLoader yaml.load", cloader, note: "timed in python3")
        print("  ratio PyYAML CLoader / buyflow node tree: \(format(cloader.median / timings[1].median, 1))× (median), "
            + "\(format(cloader.min / timings[1].min, 1))× (min)")
    }

    // MARK: - Input

    /// A workflow-shaped document of roughly 575 bytes a step (1.1 MB for 2,000).
    static func workflow(steps: Int) -> String {
        var out = """
        name: checkout load test
        defaults: &defaults
          country: CA
          language: EN
        steps:

        """
        for index in 0..<steps {
            out += """
              - name: add variant \(index)
                query: |
                  mutation Add($cartId: ID!, $lines: [CartLineInput!]!) {
                    cartLinesAdd(cartId: $cartId, lines: $lines) {
                      cart { id totalQuantity }
                    }
                  }
                variables:
                  <<: *defaults
                  cartId: "{{ captures.cartId }}"
                  lines:
                    - merchandiseId: gid://shopify/ProductVariant/\(1_000_000 + index)
                      quantity: \(index % 5 + 1)
                assert:
                  - path: data.cartLinesAdd.userErrors
                    equals: []
                  - path: data.cartLinesAdd.cart.totalQuantity
                    above: 0
                capture:
                  cartId: data.cartLinesAdd.cart.id

            """
        }
        return out
    }

    // MARK: - Timing

    struct Timing {
        var median: Double
        var min: Double

        init(median: Double, min: Double) {
            self.median = median
            self.min = min
        }

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            self.init(median: sorted[sorted.count / 2], min: sorted[0])
        }
    }

    static func milliseconds(of body: () -> Void) -> Double {
        let duration = ContinuousClock().measure(body)
        return Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    /// A `python3` process that runs `yaml.load(f, Loader=yaml.CLoader)` once per `run`
    /// line on its standard input, timing only the load, and at the end prints the
    /// median and min of those times itself.
    final class PythonCLoader {
        static let script = """
        import statistics, sys, time, yaml
        path = sys.argv[1]
        def load():
            with open(path, encoding="utf-8") as f:
                start = time.perf_counter()
                yaml.load(f, Loader=yaml.CLoader)
                return (time.perf_counter() - start) * 1000
        load()  # warm-up
        print("ready", flush=True)
        times = []
        for line in sys.stdin:
            if line.strip() != "run":
                break
            times.append(load())
            print("%.3f" % times[-1], flush=True)
        print("CLoader yaml.load median %.3f ms min %.3f ms over %d runs" % (statistics.median(times), min(times), len(times)), flush=True)
        """

        private let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private var buffer = Data()

        /// `nil` when python3 or its libyaml-backed PyYAML is missing.
        init?(file: URL) {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Self.script, file.path]
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do {
                try process.run()
            } catch {
                return nil
            }
            guard readLine() == "ready" else {
                process.waitUntilExit()
                return nil
            }
        }

        func runOnce() {
            input.fileHandleForWriting.write(Data("run\n".utf8))
            _ = readLine()
        }

        /// Python's summary line and its figures.
        func finish() -> (String, Timing)? {
            input.fileHandleForWriting.write(Data("done\n".utf8))
            try? input.fileHandleForWriting.close()
            let line = readLine() ?? ""
            process.waitUntilExit()
            let words = line.split(separator: " ")
            guard words.count >= 7, let median = Double(words[3]), let min = Double(words[6]) else { return nil }
            return (line, Timing(median: median, min: min))
        }

        private func readLine() -> String? {
            while true {
                if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffer.append(chunk)
            }
        }
    }

    // MARK: - Output

    static func row(_ label: String, _ timing: Timing, note: String) {
        let name = label.padding(toLength: 30, withPad: " ", startingAt: 0)
        print("  \(name) median \(format(timing.median, 3, width: 9)) ms   min \(format(timing.min, 3, width: 9)) ms   \(note)")
    }

    static func format(_ value: Double, _ decimals: Int, width: Int = 0) -> String {
        let text = String(format: "%.\(decimals)f", value)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    static func option(_ name: String, in arguments: [String]) -> Int? {
        guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
        return Int(arguments[index + 1])
    }
}
