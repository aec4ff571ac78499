/// KnownDirectives (spec 5.7.1, 5.7.2): directives are defined by the schema and used
/// where their definition allows.
extension ValidationRun {
    /// The directive's definition (also when misplaced: its arguments are still checked).
    mutating func checkKnownDirective(_ directive: Directive, at location: DirectiveLocation) -> SchemaDirective? {
        let name = directive.name.value
        guard let definition = schema.directive(named: name) else {
            if rules.contains(.knownDirectives) {
                report(
                    .knownDirectives, "unknown directive '@\(name)'", at: directive.location,
                    suggestion: Self.suggest(name, among: schema.directives.lazy.map(\.name)).map { "@" + $0 }
                )
            }
            return nil
        }
        if rules.contains(.knownDirectives), !definition.isAllowed(at: location) {
            let allowed = Self.plainList(DirectiveLocation.allCases.filter(definition.locations.contains).map(Self.plural))
            report(
                .knownDirectives,
                "directive '@\(name)' cannot be used on \(Self.singular(location)); it is allowed on \(allowed)",
                at: directive.location
            )
        }
        return definition
    }
}
