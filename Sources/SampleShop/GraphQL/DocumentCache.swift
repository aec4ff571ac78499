import BuyflowCore
import GraphQLKit
import Synchronization

/// Parsed, validated and prepared documents by query text, so a repeated operation costs
/// only its execution. Bounded: at most `capacity` documents and `maxBytes` of query
/// text; the least recently used go first. Documents that fail to parse or validate are
/// kept too (their errors), so a client repeating a bad query costs nothing either.
final class DocumentCache: Sendable {
    enum Entry: Sendable {
        /// A valid document, and the deprecation reason of the first deprecated field,
        /// argument or enum value it uses (sent as `X-Shopify-API-Deprecated-Reason`).
        case ready(PreparedDocument, deprecated: String?)
        /// The `errors` of the response (no `data`).
        case invalid([JSONValue])
    }

    private struct Slot {
        var entry: Entry
        var lastUse: UInt64
        var size: Int
    }

    private struct State {
        var slots: [String: Slot] = [:]
        var clock: UInt64 = 0
        var bytes = 0
        var hits = 0
        var misses = 0
        /// The document of the last hit, found again by comparing its text (a byte
        /// comparison) instead of hashing it: a client repeating one long query (Hydrogen's
        /// `CartQuery`, 2 KB) skips hashing it. Its slot's `lastUse` is `recentUse`, written
        /// back when another document is hit and before evicting.
        var recent: (query: String, entry: Entry)?
        var recentUse: UInt64 = 0

        mutating func flushRecent() {
            guard let recent else { return }
            slots[recent.query]?.lastUse = recentUse
        }
    }

    let capacity: Int
    let maxBytes: Int
    /// Query texts longer than this are prepared every time, never kept.
    let maxQueryBytes: Int
    private let state = Mutex(State())

    init(capacity: Int = 512, maxBytes: Int = 16 << 20, maxQueryBytes: Int = 256 << 10) {
        self.capacity = max(1, capacity)
        self.maxBytes = maxBytes
        self.maxQueryBytes = maxQueryBytes
    }

    /// The cached entry for `query`, or `make()`'s (made outside the lock, then kept).
    func entry(for query: String, make: () -> Entry) -> Entry {
        let found = state.withLock { state -> Entry? in
            if let recent = state.recent, recent.query == query {
                state.clock += 1
                state.recentUse = state.clock
                state.hits += 1
                return recent.entry
            }
            guard let index = state.slots.index(forKey: query) else {
                state.misses += 1
                return nil
            }
            state.flushRecent()
            state.clock += 1
            state.slots.values[index].lastUse = state.clock
            state.hits += 1
            let entry = state.slots.values[index].entry
            state.recent = (query, entry)
            state.recentUse = state.clock
            return entry
        }
        if let found { return found }
        let made = make()
        let size = query.utf8.count
        guard size <= maxQueryBytes else { return made }
        state.withLock { state in
            state.clock += 1
            if let old = state.slots.updateValue(Slot(entry: made, lastUse: state.clock, size: size), forKey: query) {
                state.bytes -= old.size
            }
            state.bytes += size
            if state.slots.count > capacity || state.bytes > maxBytes { state.flushRecent() }
            while state.slots.count > capacity || state.bytes > maxBytes {
                guard let oldest = state.slots.min(by: { $0.value.lastUse < $1.value.lastUse }) else { break }
                state.slots.removeValue(forKey: oldest.key)
                state.bytes -= oldest.value.size
                if state.recent?.query == oldest.key { state.recent = nil }
            }
        }
        return made
    }

    /// Documents kept, hits and misses so far.
    var statistics: (count: Int, hits: Int, misses: Int) {
        state.withLock { ($0.slots.count, $0.hits, $0.misses) }
    }
}
