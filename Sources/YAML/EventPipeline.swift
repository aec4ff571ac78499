import Foundation
import Synchronization

/// A large input read by two threads at once: this thread runs libyaml and hands its
/// events over in batches, as plain data (`RawEventBatch`), while another builds the
/// document's value from them (`LocatedBuilder`). libyaml is the larger part, and stays
/// on the thread that is already running; the builder, on the other, keeps up even when
/// that thread starts late. The value is exactly the one-thread reader's.
///
///     let root = EventPipeline.build(bytes, on: thread) { events in … events.fill(&batch) … }
///
/// `build` returns only when both sides are done with `bytes`.
enum EventPipeline {
    /// Events per batch: large enough that handing one over costs little per event.
    static let batchSize = 512

    /// Reads `bytes` with libyaml on this thread while `thread` runs `builder` over the
    /// events; `builder`'s result. When the builder stops early, the reading stops too;
    /// when libyaml stops at an error, the builder's `next()` gives `nil` there. If the
    /// other thread has not started building by the time the reading is done (a core
    /// can take milliseconds to wake), this thread builds from the batches read, and the
    /// other finds nothing to do.
    static func build<Value: Sendable>(
        _ bytes: UnsafeBufferPointer<UInt8>, on thread: YAMLParser.EventThread,
        builder: @escaping @Sendable (inout Events) -> Value
    ) -> Value {
        let channel = Channel()
        let result = Handoff<Value>()
        let claim = Atomic<Bool>(false)
        let run: @Sendable () -> Value = {
            var events = Events(channel: channel)
            let value = builder(&events)
            channel.stop()
            return value
        }
        thread({
            guard claim.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
            result.finish(run())
        })
        channel.read(bytes)
        if claim.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged { return run() }
        return result.wait()
    }

    /// The builder's side: the events in order, a batch at a time.
    struct Events: ~Copyable {
        fileprivate let channel: Channel
        private var exhausted = false

        fileprivate init(channel: Channel) {
            self.channel = channel
        }

        /// Replaces `batch` with the next one; left empty after the last (the stream's
        /// end, or an error).
        mutating func fill(_ batch: inout RawEventBatch) {
            guard !exhausted else {
                batch.removeAll()
                return
            }
            batch = channel.take()
            if batch.count == 0 { exhausted = true }
        }
    }

    /// The builder's result, handed back to the reading thread.
    private final class Handoff<Value: Sendable>: Sendable {
        private let value = Mutex<Value?>(nil)
        private let done = DispatchSemaphore(value: 0)

        func finish(_ result: Value) {
            value.withLock { $0 = result }
            done.signal()
        }

        func wait() -> Value {
            done.wait()
            return value.withLock { $0.take()! }
        }
    }

    /// The batches between the two threads.
    fileprivate final class Channel: Sendable {
        private struct State {
            var batches: [RawEventBatch] = []
            var stopped = false
        }

        private let state = Mutex(State())
        /// Signalled once per batch handed over (an empty batch marks the end).
        private let available = DispatchSemaphore(value: 0)

        /// Every event, in batches; an error or the stream's end ends the last batch,
        /// and an empty batch follows. Stops early once the builder has stopped.
        func read(_ bytes: UnsafeBufferPointer<UInt8>) {
            defer { hand(RawEventBatch()) }
            guard var reader = try? LibYAMLEventReader(bytes) else { return }
            var batch = Self.newBatch()
            while true {
                guard let isEnd = try? reader.next(into: &batch), !isEnd else { break }
                if batch.count == EventPipeline.batchSize {
                    guard hand(batch) else { return }
                    batch = Self.newBatch()
                }
            }
            if batch.count > 0 { hand(batch) }
        }

        private static func newBatch() -> RawEventBatch {
            var batch = RawEventBatch()
            batch.events.reserveCapacity(EventPipeline.batchSize)
            batch.bytes.reserveCapacity(EventPipeline.batchSize * 32)
            return batch
        }

        /// Hands a batch over; `false` once the builder stopped.
        @discardableResult
        private func hand(_ batch: RawEventBatch) -> Bool {
            let handed = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.batches.append(batch)
                return true
            }
            if handed { available.signal() }
            return handed
        }

        /// The next batch, waiting for it; empty at the end.
        func take() -> RawEventBatch {
            available.wait()
            return state.withLock { state in
                state.batches.isEmpty ? RawEventBatch() : state.batches.removeFirst()
            }
        }

        func stop() { state.withLock { $0.stopped = true } }
    }
}
