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
/// SIGTERM: the exit code says it, 130 or 143); `stop()` restores the default handling.
final class SignalWatch {
    static let signals = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]

    init(_ handler: @escaping @Sendable (Int32) -> Void) {
        for number in Self.signals { signal(number, SIG_IGN) }
        let queue = DispatchQueue(label: "buyflow.signals")
        let fired = FirstTime()
        sources = Self.signals.map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for (number, source) in zip(Self.signals, sources) {
            source.setEventHandler {
                if fired.claim() { handler(number) }
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

    /// True for the first caller only.
    private final class FirstTime: Sendable {
        private let done = Atomic<Bool>(false)
        func claim() -> Bool { done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    }
}
