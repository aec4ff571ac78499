import GraphQLKit
import Synchronization

extension OperationCheck {
    /// Operations one load has already found clean, so repeated ones (a generated or
    /// copy-pasted workflow repeats its operations, often renamed) are not validated again.
    ///
    /// Only results without any diagnostic are kept: a diagnostic is located in the
    /// scalar that holds the text, so it cannot be shared. A result depends on the text,
    /// the kind the step's key expects, the schema (one per load) and the `documents:`
    /// files (which a load only adds to, so their count tells them apart).
    public struct Memo: Sendable {
        struct Key: Hashable {
            var text: String
            var kind: OperationType?
            var documents: Int
            /// For `validated`: whether the operation has a name (the text lacks it).
            var named = false
        }

        /// Clean checks of texts without an `OperationHeader`, by their exact text:
        /// shared whole, the parse included. The checks are kept in `cleanChecks` and
        /// indexed here, so growing the index moves small values.
        var checks: [Key: Int] = [:]
        /// Clean checks of named operations, by their text without the name, the name's
        /// place and length (see `OperationCheck.check`).
        var renamable: [RenameKey: Int] = [:]
        var cleanChecks: [OperationCheck] = []
        /// Texts, with the operation's name cut out, whose validation found nothing, each
        /// with a number: its shape (see `OperationCheck.shape`). The name plays no part
        /// in validating a document of one operation other than in messages, and there
        /// are none; the document is still parsed for its own name and locations.
        var validated: [Key: Int] = [:]

        /// A named operation's text without its name: kept as that string, or — for a
        /// lookup only — read in place around the name in the whole text, so a hit makes
        /// no string. Both hash and compare the bytes before and after the name.
        struct RenameKey: Hashable, @unchecked Sendable {
            /// The text without the name (a kept key).
            private let nameless: String
            /// The whole text, set only on a key made for one lookup while its bytes are
            /// valid; such a key is never kept (hence `@unchecked Sendable`).
            private let probe: UnsafeBufferPointer<UInt8>?
            let kind: OperationType?
            let documents: Int
            /// The name's UTF-8 byte range in the whole text.
            let name: Range<Int>

            init(nameless: String, kind: OperationType?, documents: Int, name: Range<Int>) {
                self.nameless = nameless
                self.probe = nil
                self.kind = kind
                self.documents = documents
                self.name = name
            }

            init(probing text: UnsafeBufferPointer<UInt8>, kind: OperationType?, documents: Int, name: Range<Int>) {
                self.nameless = ""
                self.probe = text
                self.kind = kind
                self.documents = documents
                self.name = name
            }

            /// The bytes before the name and after it.
            private func withParts<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R) -> R {
                if let probe {
                    return body(UnsafeBufferPointer(rebasing: probe[..<name.lowerBound]), UnsafeBufferPointer(rebasing: probe[name.upperBound...]))
                }
                let split = { (bytes: UnsafeBufferPointer<UInt8>) -> R in
                    let cut = min(name.lowerBound, bytes.count)
                    return body(UnsafeBufferPointer(rebasing: bytes[..<cut]), UnsafeBufferPointer(rebasing: bytes[cut...]))
                }
                if let result = nameless.utf8.withContiguousStorageIfAvailable(split) { return result }
                return Array(nameless.utf8).withUnsafeBufferPointer(split)
            }

            static func == (lhs: RenameKey, rhs: RenameKey) -> Bool {
                guard lhs.kind == rhs.kind, lhs.documents == rhs.documents, lhs.name == rhs.name else { return false }
                return lhs.withParts { leftHead, leftTail in
                    rhs.withParts { rightHead, rightTail in
                        leftHead.sameBytes(as: rightHead) && leftTail.sameBytes(as: rightTail)
                    }
                }
            }

            func hash(into hasher: inout Hasher) {
                hasher.combine(kind)
                hasher.combine(documents)
                hasher.combine(name.lowerBound)
                hasher.combine(name.upperBound)
                hasher.combine(withParts { head, tail in TextHash.hash(tail, into: TextHash.hash(head)) })
            }
        }

        public init() {}

        private static let shapes = Atomic<Int>(0)

        /// A shape number never given before in this process.
        static func newShape() -> Int { shapes.add(1, ordering: .relaxed).newValue }

        /// Clean paths into the response of operations, by shape and fingerprint (see
        /// `SelectionPath`); a path found here is compared in full before it counts.
        var cleanPaths: [PathSlot: PathKey] = [:]

        /// Where a path is kept in `cleanPaths`: its shape and the fingerprint of its
        /// components (two paths with one fingerprint share a slot, and the second is
        /// only checked again).
        struct PathSlot: Hashable {
            var shape: Int
            var fingerprint: UInt64
        }

        /// A path into the response of an operation of a given shape, without locations.
        struct PathKey: Equatable {
            enum Component: Equatable {
                case field(String)
                case index
                case dynamic
            }

            var shape: Int
            var components: [Component]
        }

        /// `text` without the operation's name (its bytes between the keyword and what
        /// follows), or `text` itself for an anonymous operation.
        static func nameless(_ text: String, operation: OperationDefinition) -> String {
            guard let name = operation.name else { return text }
            return nameless(text, cutting: Int(name.location.start)..<Int(name.location.end))
        }

        /// `text` without the UTF-8 bytes in `range` (or `text` itself when the range
        /// is not inside it).
        static func nameless(_ text: String, cutting range: Range<Int>) -> String {
            var text = text
            return text.withUTF8 { bytes in
                guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return String(decoding: bytes, as: UTF8.self) }
                return String(unsafeUninitializedCapacity: bytes.count - range.count) { out in
                    let head = UnsafeBufferPointer(rebasing: bytes[..<range.lowerBound])
                    let tail = UnsafeBufferPointer(rebasing: bytes[range.upperBound...])
                    _ = out.initialize(fromContentsOf: head)
                    _ = UnsafeMutableBufferPointer(rebasing: out[head.count...]).initialize(fromContentsOf: tail)
                    return head.count + tail.count
                }
            }
        }

        /// The text's UTF-8 bytes in `range`, as a string.
        static func name(in text: String, at range: Range<Int>) -> String {
            var text = text
            return text.withUTF8 { bytes in
                let clamped = range.clamped(to: 0..<bytes.count)
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped]), as: UTF8.self)
            }
        }
    }
}
