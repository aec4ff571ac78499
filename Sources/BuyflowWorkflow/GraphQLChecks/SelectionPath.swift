import BuyflowCore
import GraphQLKit

/// A path into a step's response (`data.cartCreate.cart.lines.nodes[0].merchandise.id`,
/// `data.` removed) resolved through the operation's selection set: each member must be a
/// response key the operation selects (an alias when there is one), lists need an index,
/// leaf values have no members.
///
///     let path = SelectionPath([.field(name: "cart", location: …), …], operation: operation,
///                              document: document, schema: schema)
///     diagnostics += path.diagnostics
///
/// `__typename` is valid on every object, interface and union. Past a scalar that holds
/// arbitrary JSON (`opaqueScalars`) nothing can be checked, and the type is unknown.
public struct SelectionPath: Sendable {
    /// The code of the path diagnostics.
    public static let code = "workflow.path"
    /// Scalars whose values are free-form JSON: paths may go on inside them.
    public static let defaultOpaqueScalars: Set<String> = ["JSON"]

    /// The type at the end of the path; `nil` when unknown (an error, a dynamic key, a path
    /// into a JSON scalar).
    public let type: TypeRef?
    /// The first problem on the path (a path stops at its first error), located at the
    /// component's location.
    public let diagnostics: [Diagnostic]

    /// Resolves `components` from the response root of `operation`.
    ///
    /// - Parameters:
    ///   - document: The document `operation` belongs to (for its fragments), such as
    ///     `OperationCheck.document`.
    public init(
        _ components: [Component], operation: OperationDefinition, document: Document, schema: Schema,
        opaqueScalars: Set<String> = SelectionPath.defaultOpaqueScalars
    ) {
        var locations: [SourceLocation] = []
        let steps = components.map { component -> Step in
            switch component {
            case .field(let name, let location):
                locations.append(location)
                return .field(name: name, place: locations.count - 1)
            case .index(let location):
                locations.append(location)
                return .index(place: locations.count - 1)
            case .dynamic:
                return .dynamic
            }
        }
        let located = locations
        self.init(steps, operation: operation, document: document, schema: schema, opaqueScalars: opaqueScalars) { located[$0] }
    }

    /// Resolves `steps` from the response root of `operation`, asking `locate` for the
    /// location of a step's place only when reporting a problem there.
    init(
        _ steps: [Step], operation: OperationDefinition, document: Document, schema: Schema,
        opaqueScalars: Set<String> = SelectionPath.defaultOpaqueScalars, locate: @escaping (Int) -> SourceLocation
    ) {
        guard let root = schema.rootType(for: operation.operation) else {
            self.init(type: nil, diagnostics: [])
            return
        }
        var walk = Walk(document: document, schema: schema, opaqueScalars: opaqueScalars, locate: locate)
        let type = walk.resolve(steps, root: root, selectionSet: operation.selectionSet)
        self.init(type: type, diagnostics: walk.diagnostics)
    }

    private init(type: TypeRef?, diagnostics: [Diagnostic]) {
        self.type = type
        self.diagnostics = diagnostics
    }
}
