import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM handled by dispatch signal sources instead of ending the
/// process: `serve` stops its shop, `run` stops its steps and still writes its reports.
/// The handler runs once, for the first signal, and is told which one it was (SIGINT or
/// SIGTERM: the exit code says it, 130 or 143); `received` keeps it for the caller, and
/// `stop()` restores the default handling.
final class SignalWatch {
    static let signals = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]
    private let fired = FirstTime()

    /// The signal that fired, if one did.
    var received: Int32? { fired.signal }

    /// `SIGINT` or `SIGTERM`, for messages.
    static func name(_ signal: Int32) -> String { signal == SIGTERM ? "SIGTERM" : "SIGINT" }

    init(_ handler: @escaping @Sendable (Int32) -> Void = { _ in }) {
        for number in Self.signals { signal(number, SIG_IGN) }
        let queue = DispatchQueue(label: "buyflow.signals")
        let fired = self.fired
        sources = Self.signals.map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for (number, source) in zip(Self.signals, sources) {
            source.setEventHandler {
                if fired.claim(number) { handler(number) }
            }
            source.resume()
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    /// Returns the first SIGINT or SIGTERM, when it arrives.
    @discardableResult
    static func wait() async -> Int32 {
        var watch: SignalWatch?
        let number = await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
            watch = SignalWatch { continuation.resume(returning: $0) }
        }
        watch?.stop()
        return number
    }

    /// The first signal: claimed by its handler once, read by the caller after.
    private final class FirstTime: Sendable {
        private let number = Atomic<Int32>(0)
        /// True for the first caller only.
        func claim(_ signal: Int32) -> Bool {
            number.compareExchange(expected: 0, desired: signal, ordering: .acquiringAndReleasing).exchanged
        }
        var signal: Int32? {
            let value = number.load(ordering: .acquiring)
            return value == 0 ? nil : value
        }
    }
}
