import Synchronization

/// A source file's path as a small number, so a `SourceLocation` copies no string: a
/// loaded workflow holds a location (or two) for every value it read, and copying a
/// reference-counted path with each one was a large share of a load's time.
///
/// Paths are interned for the life of the process, byte for byte (two spellings of the
/// same file stay apart, as they did as strings); a process reads few distinct files.
/// Make one per file and reuse it where many locations are made (`SourceLocation(path:…)`).
@usableFromInline
package struct SourcePath: Sendable, Hashable {
    @usableFromInline let id: UInt32

    /// The path's number, for storage that keeps many locations (`LocatedDocument`).
    @inlinable package var rawValue: UInt32 { id }

    /// A path from its number (`rawValue` of one interned before).
    @inlinable package init(rawValue: UInt32) {
        id = rawValue
    }

    /// The number of `path`, interned on first sight.
    package init(_ path: String) {
        id = Self.table.withLock { $0.id(of: path) }
    }

    /// The path as it was given.
    package var string: String {
        Self.table.withLock { $0.paths[Int(id)] }
    }

    private static let table = Mutex(Table())

    private struct Table: ~Copyable {
        var paths: [String] = []
        var ids: [Key: UInt32] = [:]
        /// The last path asked for: locations come in runs of one file.
        var last: (path: String, id: UInt32)?

        mutating func id(of path: String) -> UInt32 {
            if let last, Key(last.path) == Key(path) { return last.id }
            let id: UInt32
            if let known = ids[Key(path)] {
                id = known
            } else {
                id = UInt32(truncatingIfNeeded: paths.count)
                paths.append(path)
                ids[Key(path)] = id
            }
            last = (path, id)
            return id
        }
    }

    /// A path compared by its bytes (`String`'s own equality is Unicode-canonical).
    private struct Key: Hashable {
        let path: String

        init(_ path: String) { self.path = path }

        static func == (a: Key, b: Key) -> Bool {
            a.withBytes { left in b.withBytes { right in left.sameBytes(as: right) } }
        }

        func hash(into hasher: inout Hasher) {
            withBytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        /// The path's UTF-8 bytes, in place (`String.withUTF8` on a copy of the reference).
        private func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
            var path = path
            return path.withUTF8(body)
        }
    }
}
