/// What `Validator.validate` checks and how much it reports.
public struct ValidationOptions: Sendable, Hashable {
    /// The most errors reported; past it validation stops and a last error with code
    /// `Validator.tooManyErrorsCode` says so (graphql-js's limit, 100 by default, guards
    /// against documents made to be slow to validate). Values below 1 count as 1.
    public var maxErrors: Int
    /// Report uses of deprecated fields, arguments, input fields and enum values as
    /// warnings (code `Validator.deprecatedCode`).
    public var deprecationWarnings: Bool
    /// The rules to run; every rule by default.
    public var rules: Set<ValidationRule>
    /// How the diagnostics are ordered.
    public var order: Order

    public init(
        maxErrors: Int = 100, deprecationWarnings: Bool = true, rules: Set<ValidationRule> = ValidationRule.all,
        order: Order = .location
    ) {
        self.maxErrors = maxErrors
        self.deprecationWarnings = deprecationWarnings
        self.rules = rules
        self.order = order
    }

    /// The order of `Validator.validate`'s diagnostics.
    public enum Order: Sendable, Hashable {
        /// By location, then rule (`ValidationRule`'s order): for people.
        case location
        /// The order graphql-js and graphql-core report errors in (their single walk runs
        /// every rule at each node; some rules report when leaving an operation or the
        /// document): for comparing results with them.
        case graphqlJS
    }
}
