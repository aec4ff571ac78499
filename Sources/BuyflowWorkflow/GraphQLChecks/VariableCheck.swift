import BuyflowCore
import GraphQLKit

/// The static check of a step's `variables` against its operation's variable
/// definitions: required variables given, no unknown ones, and every value whose type is
/// known of the right type — input objects, lists, enums and scalars, at any depth, as the
/// server's input coercion would judge them (a single value stands for a one-item list).
///
/// A value that is exactly one template (`${{ vars.qty }}`) has a type known only at run
/// time and is not checked; a string with a template inside other text is a string.
public struct VariableCheck: Sendable {
    /// The code of every diagnostic of this check.
    public static let code = "workflow.variables"

    /// Each problem, at the value (or key) it is about.
    public let diagnostics: [Diagnostic]

    /// Checks a step's variables.
    ///
    /// - Parameters:
    ///   - variables: The step's `variables` value (a mapping), or `nil` when absent.
    ///   - definitions: The operation's variable definitions.
    ///   - schema: The schema the operation is validated against.
    ///   - missingLocation: Where missing required variables are reported: the
    ///     `variables` key, or the step when it has none.
    public init(
        _ variables: LocatedValue?, definitions: [VariableDefinition], schema: Schema,
        missingLocation: SourceLocation
    ) {
        var check = InputValueCheck(schema: schema)
        let given = variables.flatMap { $0.isNull ? nil : $0 }
        guard given.map(TemplateText.isWholeTemplate) != true else {
            self.diagnostics = []
            return
        }
        let members: LocatedMembers?
        if let given {
            guard let map = given.members else {
                self.diagnostics = [.error(
                    "'variables' must be a mapping of variable names to values, found \(given.kindDescription)",
                    at: given.location, code: Self.code
                )]
                return
            }
            members = map
        } else {
            members = nil
        }
        let names = definitions.map(\.variable.value)
        for member in members ?? LocatedMembers() {
            guard let definition = definitions.first(where: { member.hasKey($0.variable.value) }) else {
                check.unknownVariable(member, defined: names)
                continue
            }
            // A type that does not exist or is no input type is the validator's error.
            guard let type = schema.typeRef(definition.type), schema.isInputType(type) else { continue }
            check.check(member.value, against: type, path: member.key)
        }
        for definition in definitions where definition.type.isNonNull && definition.defaultValue == nil {
            let name = definition.variable.value
            guard members?.firstIndex(of: name) == nil else { continue }
            check.report(
                "missing required variable '\(name)' (\(definition.type))", at: missingLocation,
                hint: "add '\(name): <value>' under 'variables:'"
            )
        }
        self.diagnostics = check.diagnostics
    }
}
