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

        struct RenameKey: Hashable {
            var nameless: String
            var kind: OperationType?
            var documents: Int
            /// The name's UTF-8 byte range.
            var name: Range<Int>
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
            let utf8 = text.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let end = utf8.index(start, offsetBy: range.count)
            return String(text[start..<end])
        }
    }
}
