import Foundation
import Synchronization

extension Graph {
    /// Cached response bodies, in memory and (optionally) on disk, by a key that covers
    /// everything that changes the answer: endpoint, API version, token, locale, query
    /// text, variables and operation name. The body is kept as it arrived and decoded
    /// again when used, so a cached partial response keeps its errors.
    ///
    /// Safe to share between clients and tasks.
    public final class Cache: Sendable {
        /// One cached response body and when it was stored.
        public struct Item: Sendable {
            public let key: String
            public let timestamp: Date
            public let body: Data

            public init(key: String, timestamp: Date, body: Data) {
                self.key = key
                self.timestamp = timestamp
                self.body = body
            }

            /// Whether the item is at most `seconds` old at `now`.
            public func isFresh(expireIn seconds: Int, now: Date) -> Bool {
                now.timeIntervalSince(timestamp) < Double(seconds)
            }
        }

        /// Where items are written, or `nil` for memory only.
        public let directory: URL?
        /// The most items kept in memory; the oldest go first.
        public let memoryCapacity: Int
        private let clock: @Sendable () -> Date
        private let memory = Mutex<[String: Item]>([:])

        /// - Parameters:
        ///   - directory: a folder for the on-disk cache (created when needed), or `nil`.
        ///   - memoryCapacity: items kept in memory.
        ///   - now: the clock expiry is measured with (tests move it).
        public init(directory: URL?, memoryCapacity: Int = 256, now: @escaping @Sendable () -> Date = { Date() }) {
            self.directory = directory
            self.memoryCapacity = max(1, memoryCapacity)
            self.clock = now
        }

        /// A memory-only cache.
        public static func inMemory(now: @escaping @Sendable () -> Date = { Date() }) -> Cache {
            Cache(directory: nil, now: now)
        }

        /// The default cache of a shop: memory, and `~/.cache/buyflow/<shop>/` on disk.
        public static func standard(for shop: String) -> Cache {
            let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
                ?? FileManager.default.temporaryDirectory
            let folder = String(SHA256.hex(shop).prefix(16))
            return Cache(directory: base.appendingPathComponent("buyflow/graph-cache/\(folder)", isDirectory: true))
        }

        public var now: Date { clock() }

        /// The item for `key`, from memory or disk.
        public func item(for key: String) -> Item? {
            if let item = memory.withLock({ $0[key] }) { return item }
            guard let file = fileURL(for: key), let item = Self.read(file, key: key) else { return nil }
            remember(item)
            return item
        }

        /// A fresh item (at most `expireIn` seconds old); a stale one is removed.
        public func freshItem(for key: String, expireIn: Int) -> Item? {
            guard let item = item(for: key) else { return nil }
            guard item.isFresh(expireIn: expireIn, now: clock()) else {
                remove(key: key)
                return nil
            }
            return item
        }

        /// Stores a body under `key`, stamped with the cache's clock.
        public func store(_ body: Data, for key: String) {
            let item = Item(key: key, timestamp: clock(), body: body)
            remember(item)
            guard let file = fileURL(for: key) else { return }
            Self.write(item, to: file)
        }

        public func remove(key: String) {
            _ = memory.withLock { $0.removeValue(forKey: key) }
            if let file = fileURL(for: key) { try? FileManager.default.removeItem(at: file) }
        }

        /// Empties memory and disk.
        public func purge() {
            memory.withLock { $0.removeAll() }
            if let directory { try? FileManager.default.removeItem(at: directory) }
        }

        /// Forgets what is in memory only (the disk copy is read back on the next use).
        public func clearMemory() {
            memory.withLock { $0.removeAll() }
        }

        private func remember(_ item: Item) {
            memory.withLock { items in
                items[item.key] = item
                if items.count > memoryCapacity, let oldest = items.values.min(by: { $0.timestamp < $1.timestamp }) {
                    items.removeValue(forKey: oldest.key)
                }
            }
        }

        private func fileURL(for key: String) -> URL? {
            directory?.appendingPathComponent(key + ".json", isDirectory: false)
        }

        // On disk: the timestamp as 8 bytes (big-endian bits of the Double), then the body.
        private static func write(_ item: Item, to file: URL) {
            var data = Data(capacity: item.body.count + 8)
            let bits = item.timestamp.timeIntervalSince1970.bitPattern
            for shift in stride(from: 56, through: 0, by: -8) { data.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            data.append(item.body)
            try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? data.write(to: file, options: .atomic)
        }

        private static func read(_ file: URL, key: String) -> Item? {
            guard let data = try? Data(contentsOf: file), data.count >= 8 else { return nil }
            var bits: UInt64 = 0
            for byte in data.prefix(8) { bits = bits << 8 | UInt64(byte) }
            let timestamp = Date(timeIntervalSince1970: Double(bitPattern: bits))
            return Item(key: key, timestamp: timestamp, body: Data(data.dropFirst(8)))
        }
    }
}
