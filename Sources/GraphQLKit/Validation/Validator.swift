import BuyflowCore

/// Validates executable documents against a schema: every rule of the GraphQL
/// specification's section 5, before a request is sent.
///
///     let diagnostics = Validator.validate(document, against: schema)
///     if diagnostics.contains(where: { $0.severity == .error }) { … }
///
/// Each error's `code` is `graphql.` + the graphql-js rule that finds it (see
/// `ValidationRule`); it points at the offending node, with notes at the other places
/// involved ("first defined here") and a did-you-mean `suggestion` for misspelt names.
/// Uses of deprecated schema members are warnings with code `Validator.deprecatedCode`.
public enum Validator {
    /// The code of the warnings for deprecated fields, arguments, input fields and enum values.
    public static let deprecatedCode = "graphql.Deprecated"
    /// The code of the last error when `ValidationOptions.maxErrors` is reached.
    public static let tooManyErrorsCode = "graphql.too-many-errors"

    /// Every error and warning of `document`, sorted by location (diagnostics at one place
    /// in `ValidationRule` order). Empty when the document is valid and uses nothing
    /// deprecated.
    ///
    /// Type-system definitions in the document are reported (`ExecutableDefinitions`) and
    /// otherwise ignored.
    public static func validate(
        _ document: Document, against schema: Schema, options: ValidationOptions = .init()
    ) -> [Diagnostic] {
        var run = ValidationRun(document: document, schema: schema, options: options)
        run.run()
        return run.finish()
    }
}
