import BuyflowCore
import GraphQLKit

/// Named operations and fragments from a workflow's `documents` files.
struct DocumentLibrary {
    struct NamedOperation {
        var definition: OperationDefinition
        var text: String
        var path: String
        var location: SourceLocation
    }

    var operations: [String: NamedOperation] = [:]
    var fragments: [FragmentDefinition] = []
    /// Every documents file, parsed (their fragments are lent to steps' operations).
    var documents: [Document] = []
}
