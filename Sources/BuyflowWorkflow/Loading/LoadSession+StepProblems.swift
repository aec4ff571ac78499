import BuyflowCore

/// A step's problems with its keys, each reported by a function of its own: kept out of
/// line (`@inline(never)`), so `step(_:scope:)`, run for every step, carries none of the
/// messages' code.
extension LoadSession {
    @inline(never)
    mutating func badStepID(_ text: String, at location: SourceLocation) {
        let suggestion = Self.kebabCase(text)
        error("step id '\(text)' may hold only letters, digits, '-' and '_'", at: location, code: "id",
              suggestion: suggestion.isEmpty ? nil : suggestion)
    }

    @inline(never)
    mutating func nameGivesNoID(_ name: String, at location: SourceLocation) {
        error("step name '\(name)' gives no id; add an 'id' of letters, digits, '-' and '_'", at: location, code: "id")
    }

    @inline(never)
    mutating func nodeKeysOutsideNodeStep(_ fields: Fields) {
        let key = fields.member("as") ?? fields.member("select")!
        error("'\(key.key)' belongs to a 'node' step", at: key.keyLocation, code: "node",
              hint: "a node step has 'node: <id>', 'as: <Type>' and 'select: <fields>'")
    }

    @inline(never)
    mutating func withOutsideUseStep(_ fields: Fields) {
        error("'with' belongs to a 'use' step", at: fields.member("with")!.keyLocation, code: "use")
    }

    @inline(never)
    mutating func variablesWithoutOperation(_ fields: Fields) {
        error("'variables' belongs to a query, mutation or operation step", at: fields.member("variables")!.keyLocation, code: "variables",
              hint: fields.has("use") ? "a 'use' step passes values with 'with'" : fields.has("node") ? "a node step sends its id as $id" : nil)
    }

    @inline(never)
    mutating func userErrorsOnQuery(_ fields: Fields) {
        warning("'userErrors' expectations apply to mutations; this step sends a query", at: fields.member("userErrors")!.keyLocation, code: "user-errors")
    }

    @inline(never)
    mutating func continueOnErrorInFinally(_ fields: Fields) {
        warning("'continueOnError' has no effect in 'finally': every finally step runs", at: fields.member("continueOnError")!.keyLocation, code: "continue")
    }
}
