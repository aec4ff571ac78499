import Foundation

/// A `python3` process that, for each `run` line on its standard input, loads every group
/// of YAML files with `yaml.load(f, Loader=yaml.CLoader)` and prints one time a group
/// (milliseconds, only the `yaml.load` calls timed, with `time.perf_counter`), so the
/// interpreter's start-up and imports stay out of the figures.
final class PythonYAMLLoads {
    static let script = """
    import sys, time
    try:
        import yaml
        loader = yaml.CLoader
    except ImportError:
        print("missing: python3 has no PyYAML (install python3-yaml or `pip install pyyaml`)", flush=True)
        sys.exit(0)
    except AttributeError:
        print("missing: PyYAML %s is not built on libyaml (no yaml.CLoader); install python3-yaml or rebuild PyYAML with libyaml" % yaml.__version__, flush=True)
        sys.exit(0)
    groups = [arg.split("\\n") for arg in sys.argv[1:]]
    def load(paths):
        total = 0.0
        for path in paths:
            with open(path, encoding="utf-8") as f:
                start = time.perf_counter()
                yaml.load(f, Loader=loader)
                total += time.perf_counter() - start
        return total * 1000
    for paths in groups:
        load(paths)  # warm-up
    print("ready PyYAML %s, Python %s" % (yaml.__version__, sys.version.split()[0]), flush=True)
    for line in sys.stdin:
        if line.strip() != "run":
            break
        print(" ".join("%.4f" % load(paths) for paths in groups), flush=True)
    """

    /// What the process said when it started: its versions, or why it cannot run.
    private(set) var banner = ""
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    /// Starts python3 on `groups` (each group: the files one load reads); `nil` with
    /// `reason` set when python3, PyYAML or its libyaml binding is missing.
    init?(groups: [[String]], reason: inout String) {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", Self.script] + groups.map { $0.joined(separator: "\n") }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            reason = "python3 could not be started (\(error))"
            return nil
        }
        let first = Self.readLine(output.fileHandleForReading, &buffer) ?? ""
        guard first.hasPrefix("ready ") else {
            process.waitUntilExit()
            reason = first.hasPrefix("missing: ") ? String(first.dropFirst(9)) : "python3 is missing or failed (exit \(process.terminationStatus))"
            return nil
        }
        banner = String(first.dropFirst(6))
    }

    /// Loads every group once; the milliseconds of each.
    func runOnce() -> [Double] {
        input.fileHandleForWriting.write(Data("run\n".utf8))
        let line = Self.readLine(output.fileHandleForReading, &buffer) ?? ""
        return line.split(separator: " ").map { Double($0) ?? .nan }
    }

    func finish() {
        input.fileHandleForWriting.write(Data("done\n".utf8))
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private static func readLine(_ handle: FileHandle, _ buffer: inout Data) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
