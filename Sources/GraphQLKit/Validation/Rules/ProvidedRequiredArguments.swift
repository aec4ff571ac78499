/// ProvidedRequiredArguments (spec 5.4.2.1): every non-null argument without a default
/// value is given.
extension ValidationRun {
    mutating func checkRequiredArguments(_ arguments: [Argument], definitions: [SchemaInputValue], owner: ArgumentOwner) {
        guard rules.contains(.providedRequiredArguments) else { return }
        for definition in definitions where definition.type.isNonNull && definition.defaultValue == nil {
            if arguments.contains(where: { $0.name.value == definition.name }) { continue }
            report(
                .providedRequiredArguments,
                "argument '\(definition.name)' of type '\(schema.describe(definition.type))' is required on \(owner.described) but not provided",
                at: owner.location, event: .leave(owner.location)
            )
        }
    }
}
