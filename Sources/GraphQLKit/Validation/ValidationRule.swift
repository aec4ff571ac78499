/// A validation rule of the GraphQL specification's section 5 ("Validation").
///
/// The raw value is graphql-js's rule name without `Rule` (`FieldsOnCorrectTypeRule` →
/// `FieldsOnCorrectType`) and `code` is the `Diagnostic.code` of the rule's errors
/// (`graphql.FieldsOnCorrectType`). The cases are in the order of graphql-js's
/// `specifiedRules` (with graphql-js 17's `KnownOperationTypes` among the operation
/// rules), which is also how diagnostics at the same place are ordered.
public enum ValidationRule: String, Sendable, Hashable, CaseIterable {
    case executableDefinitions = "ExecutableDefinitions"
    case uniqueOperationNames = "UniqueOperationNames"
    case loneAnonymousOperation = "LoneAnonymousOperation"
    /// The draft specification's "Operation Type Existence" (graphql-js 17): a mutation or
    /// subscription needs the schema to have that root type.
    case knownOperationTypes = "KnownOperationTypes"
    case singleFieldSubscriptions = "SingleFieldSubscriptions"
    case knownTypeNames = "KnownTypeNames"
    case fragmentsOnCompositeTypes = "FragmentsOnCompositeTypes"
    case variablesAreInputTypes = "VariablesAreInputTypes"
    case scalarLeafs = "ScalarLeafs"
    case fieldsOnCorrectType = "FieldsOnCorrectType"
    case uniqueFragmentNames = "UniqueFragmentNames"
    case knownFragmentNames = "KnownFragmentNames"
    case noUnusedFragments = "NoUnusedFragments"
    case possibleFragmentSpreads = "PossibleFragmentSpreads"
    case noFragmentCycles = "NoFragmentCycles"
    case uniqueVariableNames = "UniqueVariableNames"
    case noUndefinedVariables = "NoUndefinedVariables"
    case noUnusedVariables = "NoUnusedVariables"
    case knownDirectives = "KnownDirectives"
    case uniqueDirectivesPerLocation = "UniqueDirectivesPerLocation"
    /// graphql-js 17 (incremental delivery): `@defer` is not used directly in the mutation
    /// or subscription root type's selection set.
    case deferStreamDirectiveOnRootField = "DeferStreamDirectiveOnRootField"
    /// graphql-js 17 (incremental delivery): a `@defer` label is a string literal, unique
    /// in the document.
    case deferStreamDirectiveLabel = "DeferStreamDirectiveLabel"
    case knownArgumentNames = "KnownArgumentNames"
    case uniqueArgumentNames = "UniqueArgumentNames"
    case valuesOfCorrectType = "ValuesOfCorrectType"
    case providedRequiredArguments = "ProvidedRequiredArguments"
    case variablesInAllowedPosition = "VariablesInAllowedPosition"
    case overlappingFieldsCanBeMerged = "OverlappingFieldsCanBeMerged"
    case uniqueInputFieldNames = "UniqueInputFieldNames"
    /// graphql-js's recommended rule against denial-of-service introspection queries:
    /// `fields`, `interfaces`, `possibleTypes` and `inputFields` nested three deep under
    /// `__schema` or `__type`.
    case maxIntrospectionDepth = "MaxIntrospectionDepth"

    /// The diagnostic code of this rule's errors: `graphql.` + the rule's name.
    public var code: String { "graphql." + rawValue }

    /// Every rule: the specification's, the draft's operation-type check and graphql-js's
    /// recommended introspection-depth limit (graphql-js and graphql-core run that one by
    /// default too). The default of `ValidationOptions.rules`.
    public static let all: Set<ValidationRule> = Set(allCases)

    /// The rules of graphql-core 3.2's `specified_rules`: `all` without graphql-js 17's
    /// `knownOperationTypes` and `@defer` rules, for comparing results with graphql-core.
    public static let graphqlCore: Set<ValidationRule> = all.subtracting(graphqlJS17)

    /// The rules of graphql-js 17 that graphql-core 3.2 does not have.
    public static let graphqlJS17: Set<ValidationRule> = [
        .knownOperationTypes, .deferStreamDirectiveOnRootField, .deferStreamDirectiveLabel,
    ]

    /// The position in `allCases`: a bit of `RuleMask` and the order of diagnostics at one place.
    var ordinal: Int {
        switch self {
        case .executableDefinitions: 0
        case .uniqueOperationNames: 1
        case .loneAnonymousOperation: 2
        case .knownOperationTypes: 3
        case .singleFieldSubscriptions: 4
        case .knownTypeNames: 5
        case .fragmentsOnCompositeTypes: 6
        case .variablesAreInputTypes: 7
        case .scalarLeafs: 8
        case .fieldsOnCorrectType: 9
        case .uniqueFragmentNames: 10
        case .knownFragmentNames: 11
        case .noUnusedFragments: 12
        case .possibleFragmentSpreads: 13
        case .noFragmentCycles: 14
        case .uniqueVariableNames: 15
        case .noUndefinedVariables: 16
        case .noUnusedVariables: 17
        case .knownDirectives: 18
        case .uniqueDirectivesPerLocation: 19
        case .deferStreamDirectiveOnRootField: 20
        case .deferStreamDirectiveLabel: 21
        case .knownArgumentNames: 22
        case .uniqueArgumentNames: 23
        case .valuesOfCorrectType: 24
        case .providedRequiredArguments: 25
        case .variablesInAllowedPosition: 26
        case .overlappingFieldsCanBeMerged: 27
        case .uniqueInputFieldNames: 28
        case .maxIntrospectionDepth: 29
        }
    }
}
