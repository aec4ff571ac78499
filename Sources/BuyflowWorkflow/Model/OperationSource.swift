import BuyflowCore
import GraphQLKit

/// A GraphQL operation as a step sends it: its text, what kind it is, and its parsed
/// document (validated against the schema when one was known).
public struct OperationSource: Sendable {
    public var text: String
    public var kind: OperationType
    /// The operation's name, if it has one.
    public var name: String?
    public var document: Document
    /// Where the text is written (the scalar under `query`, `mutation`, `operation`, `select`).
    public var location: SourceLocation
    /// `OperationCheck.shape` of the load's check, when clean.
    var shape: Int?

    public init(text: String, kind: OperationType, name: String?, document: Document, location: SourceLocation) {
        self.text = text
        self.kind = kind
        self.name = name
        self.document = document
        self.location = location
    }

    /// The operation definition (a step's document holds exactly one).
    public var definition: OperationDefinition? { document.firstOperation }
}
