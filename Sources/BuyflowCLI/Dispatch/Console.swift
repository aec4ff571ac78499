#if canImport(Glibc)
import Glibc
private let posixWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let posixWrite = Darwin.write
#endif
import Synchronization

/// Where a command writes: the process's stdout/stderr, or buffers (tests).
public final class Console: Sendable {
    public enum Stream: Sendable { case output, error }

    private enum Sink: Sendable { case process, capture }

    private let sink: Sink
    private let captured = Mutex<(output: String, error: String)>(("", ""))
    /// Whether stdout is an interactive terminal (progress lines animate only then).
    public let isTerminal: Bool
    /// Whether ANSI colour may be used at all (before `--no-color` is considered).
    public let colorAllowed: Bool

    /// The process's own streams; colour only on a terminal and without `NO_COLOR`.
    public static func standard(environment: [String: String]) -> Console {
        let terminal = isatty(STDOUT_FILENO) == 1
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let dumb = environment["TERM"] == "dumb"
        return Console(sink: .process, isTerminal: terminal, colorAllowed: terminal && !noColor && !dumb)
    }

    /// A console that keeps everything written, for tests.
    public static func capturing(isTerminal: Bool = false, color: Bool = false) -> Console {
        Console(sink: .capture, isTerminal: isTerminal, colorAllowed: color)
    }

    private init(sink: Sink, isTerminal: Bool, colorAllowed: Bool) {
        self.sink = sink
        self.isTerminal = isTerminal
        self.colorAllowed = colorAllowed
    }

    public func write(_ text: String, to stream: Stream = .output) {
        switch sink {
        case .process:
            var bytes = Array(text.utf8)
            let descriptor = stream == .output ? STDOUT_FILENO : STDERR_FILENO
            bytes.withUnsafeMutableBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    let written = posixWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        case .capture:
            captured.withLock { buffers in
                switch stream {
                case .output: buffers.output += text
                case .error: buffers.error += text
                }
            }
        }
    }

    /// Writes `text` and a newline to stdout.
    public func print(_ text: String) { write(text + "\n") }

    /// Everything written to stdout so far (capturing consoles only).
    public var capturedOutput: String { captured.withLock { $0.output } }
    /// Everything written to stderr so far (capturing consoles only).
    public var capturedError: String { captured.withLock { $0.error } }
}
