/// Deprecated (graphql-js's `NoDeprecatedCustomRule`, as warnings): uses of deprecated
/// fields, arguments, input fields and enum values. Fields, input fields and enum values
/// are reported where they are walked; arguments here.
extension ValidationRun {
    mutating func warnDeprecatedArgument(_ argument: Argument, owner: ArgumentOwner, _ definition: SchemaInputValue) {
        warnDeprecated(
            "argument '\(argument.name.value)' on \(owner.described) is deprecated",
            reason: definition.deprecationReason, at: argument.name.location
        )
    }
}
