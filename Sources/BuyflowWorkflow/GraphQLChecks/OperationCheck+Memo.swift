import GraphQLKit

extension OperationCheck {
    /// Operations one load has already found clean, so repeated ones (a `use`d steps file
    /// or a copied step repeats its operations) are not parsed and validated again.
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
        }

        /// Clean checks by their exact text, the parse included.
        var checks: [Key: OperationCheck] = [:]

        public init() {}

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
    }
}
