import GraphQLKit

extension OperationCheck {
    /// Operations one load has already found clean, so repeated ones (a generated or
    /// copy-pasted workflow repeats its operations, often renamed) are not validated again.
    ///
    /// Only results without any diagnostic are kept: a diagnostic is located in the
    /// scalar that holds the text, so it cannot be shared. A result depends on the text,
    /// the kind the step's key expects, the schema (one per load) and the `documents:`
    /// files (which a load only adds to, so their count tells them apart).
    struct Memo {
        struct Key: Hashable {
            var text: String
            var kind: OperationType?
            var documents: Int
            /// For `validated`: whether the operation has a name (the text lacks it).
            var named = false
        }

        /// Clean checks by their exact text: shared whole, the parse included. The
        /// checks are kept in `cleanChecks` and indexed here, so growing the index moves
        /// small values.
        var checks: [Key: Int] = [:]
        var cleanChecks: [OperationCheck] = []
        /// Texts, with the operation's name cut out, whose validation found nothing, each
        /// with a number: its shape (see `OperationCheck.shape`). The name plays no part
        /// in validating a document of one operation other than in messages, and there
        /// are none; the document is still parsed for its own name and locations.
        var validated: [Key: Int] = [:]

        /// Clean paths into the response of operations, by shape (see `SelectionPath`).
        var cleanPaths: Set<PathKey> = []

        /// A path into the response of an operation of a given shape, without locations.
        struct PathKey: Hashable {
            enum Component: Hashable {
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
            let utf8 = text.utf8
            let start = Int(name.location.start), end = Int(name.location.end)
            guard start >= 0, start <= end, end <= utf8.count else { return text }
            var bytes = Array(utf8)
            bytes.removeSubrange(start..<end)
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
