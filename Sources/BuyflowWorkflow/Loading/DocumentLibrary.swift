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
    /// Each fragment's source text, by name (the first definition, as `FragmentLibrary`
    /// lends it): what a step's request carries after its operation.
    var fragmentTexts: [String: String] = [:]
    /// Every documents file, parsed (their fragments are lent to steps' operations).
    var documents: [Document] = []
}
