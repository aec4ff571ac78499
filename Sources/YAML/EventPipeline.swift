import Foundation
import Synchronization

/// libyaml's events read on a thread of their own, in batches, while the caller builds
/// values from the batches already read: on a large file, scanning and parsing (libyaml)
/// and building (`LocatedBuilder`) take about as long as each other, so the two overlap.
/// The events and their order are exactly `LibYAMLEventReader`'s: the reading thread
/// copies them as plain data (`RawEventBatch`) and the caller's thread makes them
/// `YAMLEvent`s.
///
///     var pipeline = EventPipeline(bytes)
///     while let event = pipeline.next() { … }   // nil after the stream's end or an error
///     pipeline.finish()                        // always, before `bytes` goes away
///
/// The reading thread reads `bytes` until it ends, so the buffer must stay valid until
/// `finish()` returns; `finish()` also stops the reading early when the caller stops
/// before the end. An error ends the events early: the caller then reads the input
/// again without the pipeline, for the diagnostics.
struct EventPipeline: ~Copyable {
    /// Events per batch: large enough that handing one over costs little per event.
    static let batchSize = 512

    private let channel = Channel()
    private var current = RawEventBatch()
    private var position = 0
    private var exhausted = false
    private var finished = false

    /// Starts reading `bytes` with `thread` (which runs a job on another thread).
    init(_ bytes: UnsafeBufferPointer<UInt8>, thread: YAMLParser.EventThread = YAMLParser.newThread) {
        let input = Input(bytes: bytes)
        let channel = channel
        thread {
            channel.read(input.bytes)
            channel.ended.signal()
        }
    }

    /// The next event; `nil` after the last one.
    mutating func next() -> YAMLEvent? {
        if position == current.count {
            guard !exhausted else { return nil }
            current = channel.take()
            position = 0
            if current.count == 0 {
                exhausted = true
                return nil
            }
        }
        defer { position += 1 }
        return current.event(at: position)
    }

    /// Stops the reading thread, if it is still reading, and waits for it to end.
    mutating func finish() {
        guard !finished else { return }
        finished = true
        channel.stop()
        channel.ended.wait()
    }

    deinit {
        precondition(finished, "EventPipeline dropped without finish(): its thread may still read the buffer")
    }

    /// The buffer, handed to the reading thread; see the type's note on its lifetime.
    private struct Input: @unchecked Sendable {
        var bytes: UnsafeBufferPointer<UInt8>
    }

    /// The batches between the two threads.
    private final class Channel: Sendable {
        private struct State {
            var batches: [RawEventBatch] = []
            var stopped = false
        }

        private let state = Mutex(State())
        /// Signalled once per batch handed over (an empty batch marks the end).
        private let available = DispatchSemaphore(value: 0)
        /// Signalled when the reading thread is done with the buffer.
        let ended = DispatchSemaphore(value: 0)

        /// Runs on the reading thread: every event, in batches; an error or the
        /// stream's end ends the last batch, and an empty batch follows.
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

        /// Hands a batch over; `false` once the reader stopped.
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
