import BuyflowCore
import GraphQLKit

/// The static check of a `node:` step's `as: <Type>`: the type must exist and be an object
/// type or interface implementing `Node`, so that `... on <Type>` can select it from
/// `node(id:)`. Build the step's query with `NodeQuery`.
public enum NodeCheck {
    /// The code of every diagnostic of this check.
    public static let code = "workflow.node"

    /// The problems with `typeName`, located at the `as` value.
    public static func check(typeName: String, at location: SourceLocation, schema: Schema) -> [Diagnostic] {
        guard let node = schema.type(named: "Node"), node.kind == .interface,
              schema.queryType.flatMap({ schema.field(named: "node", on: $0) }) != nil
        else {
            return [.error(
                "the schema has no 'Node' interface with a 'node(id:)' query field; 'node:' steps need both",
                at: location, code: code
            )]
        }
        let implementers = schema.possibleTypes(of: node).map(\.name)
            + node.implementingInterfaces.map { schema[$0].name }
        let examples = "types that implement Node include "
            + implementers.prefix(4).map { "'\($0)'" }.joined(separator: ", ")
        guard let type = schema.type(named: typeName) else {
            let suggestion = Suggestions.closest(to: typeName, among: implementers)
                ?? Suggestions.closest(
                    to: typeName, among: schema.types.lazy.filter { !$0.isIntrospectionType }.map(\.name)
                )
            return [.error(
                "unknown type '\(typeName)'", at: location, code: code, suggestion: suggestion,
                hint: suggestion == nil ? examples : nil
            )]
        }
        if type === node {
            return [.error(
                "'as' names the Node interface itself; name the type the node is expected to be", at: location,
                code: code, hint: examples
            )]
        }
        guard type.kind == .object || type.kind == .interface else {
            return [.error(
                "'\(typeName)' is \(article(type.kind)) \(kindName(type.kind)); "
                    + "'as' needs an object type that implements Node",
                at: location, code: code, hint: examples
            )]
        }
        guard node.hasSubType(type.id) else {
            return [.error(
                "'\(typeName)' does not implement Node, so 'node(id:)' cannot return it", at: location, code: code,
                hint: examples
            )]
        }
        return []
    }

    private static func kindName(_ kind: TypeKind) -> String {
        switch kind {
        case .scalar: "scalar"
        case .object: "object type"
        case .interface: "interface"
        case .union: "union"
        case .enum: "enum"
        case .inputObject: "input object type"
        }
    }

    private static func article(_ kind: TypeKind) -> String {
        kind == .inputObject || kind == .interface || kind == .enum || kind == .object ? "an" : "a"
    }
}
