import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM handled by dispatch signal sources instead of ending the
/// process: `serve` stops its shop, `run` stops its steps and still writes its reports.
/// The handler runs once, for the first signal; `stop()` restores the default handling.
final class SignalWatch {
    static let signals = [SIGINT, SIGTERM]
    private let sources: [any DispatchSourceSignal]

    init(_ handler: @escaping @Sendable () -> Void) {
        for number in Self.signals { signal(number, SIG_IGN) }
        let queue = DispatchQueue(label: "buyflow.signals")
        let fired = FirstTime()
        sources = Self.signals.map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for source in sources {
            source.setEventHandler {
                if fired.claim() { handler() }
            }
            source.resume()
        }
    }

    func stop() {
        for source in sources { source.cancel() }
        for number in Self.signals { signal(number, SIG_DFL) }
    }

    /// Returns on the first SIGINT or SIGTERM.
    static func wait() async {
        var watch: SignalWatch?
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            watch = SignalWatch { continuation.resume() }
        }
        watch?.stop()
    }

    /// True for the first caller only.
    private final class FirstTime: Sendable {
        private let done = Atomic<Bool>(false)
        func claim() -> Bool { done.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged }
    }
}
