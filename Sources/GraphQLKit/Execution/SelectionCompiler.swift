import BuyflowCore

/// Turns an operation's selection sets into `CompiledSelectionSet`s: each fragment
/// compiled once and shared by its spreads, unknown fragments and type conditions
/// dropped (validation reports them; execution ignores them as graphql-js does),
/// constant `@skip`/`@include` applied, `@defer` noted. A fragment spreading itself is a
/// request error.
struct SelectionCompiler {
    let schema: Schema
    private var fragmentDefinitions: [String: FragmentDefinition] = [:]
    private var compiledFragments: [String: CompiledSelectionSet] = [:]
    private var compiling: [String] = []
    private(set) var setCount = 0
    /// How many fragment selections have a `@defer` (not `if: false`).
    private(set) var deferrals = 0
    /// How many selection sets enclose the one being compiled, fragments included.
    private var nesting = 0
    /// Deeper nesting is refused before anything recurses that far (the parser bounds
    /// selection sets, not chains of fragments spreading fragments).
    static let maxNesting = 512

    init(schema: Schema, document: Document) {
        self.schema = schema
        for case .fragment(let fragment) in document.definitions where fragmentDefinitions[fragment.name.value] == nil {
            fragmentDefinitions[fragment.name.value] = fragment
        }
    }

    mutating func compile(_ selectionSet: SelectionSet) throws(GraphQLError) -> CompiledSelectionSet {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Self.maxNesting {
            throw GraphQLError(
                "The operation nests selections more than \(Self.maxNesting) levels deep, fragments included.",
                locations: GraphQLError.Location(selectionSet.location).map { [$0] } ?? [],
                extensions: JSONObject([("code", .string("MAX_DEPTH_EXCEEDED"))])
            )
        }
        var selections: [CompiledSelection] = []
        selections.reserveCapacity(selectionSet.selections.count)
        for selection in selectionSet.selections {
            guard case .included(let condition) = Self.condition(selection.directives) else { continue }
            switch selection {
            case .field(let field):
                let children = try field.selectionSet.map { (set) throws(GraphQLError) in try compile(set) }
                selections.append(.field(CompiledField(node: field, condition: condition, selectionSet: children)))
            case .inlineFragment(let fragment):
                var typeCondition: NamedType?
                if let name = fragment.typeCondition {
                    guard let type = schema.type(named: name.value) else { continue }
                    typeCondition = type
                }
                let deferral = Deferral(fragment.directives)
                if deferral != nil { deferrals += 1 }
                selections.append(.fragment(CompiledFragment(
                    name: nil, typeCondition: typeCondition, condition: condition,
                    selectionSet: try compile(fragment.selectionSet), deferral: deferral
                )))
            case .fragmentSpread(let spread):
                let name = spread.name.value
                guard let definition = fragmentDefinitions[name],
                      let type = schema.type(named: definition.typeCondition.value) else { continue }
                let deferral = Deferral(spread.directives)
                if deferral != nil { deferrals += 1 }
                selections.append(.fragment(CompiledFragment(
                    name: name, typeCondition: type, condition: condition,
                    selectionSet: try compileFragment(definition, spreadAt: spread.location), deferral: deferral
                )))
            }
        }
        setCount += 1
        return CompiledSelectionSet(id: setCount, selections: selections)
    }

    private mutating func compileFragment(_ definition: FragmentDefinition, spreadAt location: Location) throws(GraphQLError) -> CompiledSelectionSet {
        let name = definition.name.value
        if let compiled = compiledFragments[name] { return compiled }
        if let start = compiling.firstIndex(of: name) {
            let via = compiling[(start + 1)...]
            let message = via.isEmpty
                ? "Cannot spread fragment \"\(name)\" within itself."
                : "Cannot spread fragment \"\(name)\" within itself via \(via.map { "\"\($0)\"" }.joined(separator: ", "))."
            throw GraphQLError(message, locations: GraphQLError.Location(location).map { [$0] } ?? [])
        }
        compiling.append(name)
        defer { compiling.removeLast() }
        let compiled = try compile(definition.selectionSet)
        compiledFragments[name] = compiled
        return compiled
    }

    private enum Inclusion {
        /// A constant `@skip`/`@include` excludes the selection.
        case excluded
        /// Included, maybe on conditions on variables.
        case included(SelectionCondition?)
    }

    private static func condition(_ directives: [Directive]) -> Inclusion {
        guard !directives.isEmpty else { return .included(nil) }
        var condition = SelectionCondition()
        for directive in directives {
            let isSkip: Bool
            switch directive.name.value {
            case "skip": isSkip = true
            case "include": isSkip = false
            default: continue
            }
            guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
            switch argument.value.kind {
            case .boolean(let flag):
                if flag == isSkip { return .excluded }
            case .variable(let name):
                if isSkip { condition.skipIf.append(name) } else { condition.includeIf.append(name) }
            default:
                // Not a Boolean (validation rejects it): @include excludes, @skip does not.
                if !isSkip { return .excluded }
            }
        }
        return .included(condition.skipIf.isEmpty && condition.includeIf.isEmpty ? nil : condition)
    }
}
