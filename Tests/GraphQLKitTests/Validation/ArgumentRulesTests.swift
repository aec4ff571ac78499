import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: KnownArgumentNames")
struct KnownArgumentNamesTests {
    @Test(arguments: [
        "fragment argOnRequiredArg on Dog { doesKnowCommand(dogCommand: SIT) }",
        "fragment argOnOptional on Dog { isHouseTrained(atOtherHomes: true) @include(if: true) }",
        "fragment multipleArgs on Arguments { multipleRequirements(x: 1, y: 2) }",
        "fragment multipleArgsReverseOrder on Arguments { multipleRequirements(y: 2, x: 1) }",
        // Unknown fields and directives are other rules' business.
        "{ dog { unknown(x: 1) } }",
        "{ dog { name @unknown(x: 1) } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .knownArgumentNames)
    }

    @Test func unknownFieldArgument() throws {
        try expectErrors("""
            fragment invalidArgName on Dog {
              doesKnowCommand(command: CLEAN_UP_HOUSE)
            }
            """, rule: .knownArgumentNames, [
            Expected(.knownArgumentNames, "unknown argument 'command' on field 'doesKnowCommand'", at: 2, 19, suggestion: "dogCommand"),
        ])
    }

    @Test func unknownDirectiveArgument() throws {
        try expectErrors("""
            fragment invalidArgName on Dog {
              isHouseTrained(atOtherHomes: true) @include(unless: false)
            }
            """, rule: .knownArgumentNames, [
            Expected(.knownArgumentNames, "unknown argument 'unless' on directive '@include'", at: 2, 47),
        ])
    }

    @Test func fieldWithoutArguments() throws {
        let diagnostics = try validate("{ dog { name(first: 1) @skip(iff: true) } }", rules: [.knownArgumentNames])
        expectDiagnostics(diagnostics, [
            Expected(.knownArgumentNames, "unknown argument 'first' on field 'name'", at: 1, 14),
            Expected(.knownArgumentNames, "unknown argument 'iff' on directive '@skip'", at: 1, 30, suggestion: "if"),
        ])
        #expect(diagnostics.first?.hint == "field 'name' takes no arguments")
    }
}

@Suite("Validation: UniqueArgumentNames")
struct UniqueArgumentNamesTests {
    @Test(arguments: [
        "{ values { multiple(first: 1, second: \"a\") } }",
        "{ values { int(value: 1) again: int(value: 2) } }",
        "{ dog { name @skip(if: true) @include(if: true) } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .uniqueArgumentNames)
    }

    @Test func onAField() throws {
        try expectErrors("""
            {
              values {
                multiple(first: 1, first: 2, second: "a")
              }
            }
            """, rule: .uniqueArgumentNames, [
            Expected(.uniqueArgumentNames, "argument 'first' is given more than once", at: 3, 24, notes: [(3, 14)]),
        ])
    }

    @Test func threeTimesIsOneError() throws {
        let diagnostics = try validate("""
            {
              values {
                multiple(first: 1, first: 2, first: 3, second: "a")
              }
            }
            """, rules: [.uniqueArgumentNames])
        expectDiagnostics(diagnostics, [
            Expected(.uniqueArgumentNames, "argument 'first' is given more than once", at: 3, 24, notes: [(3, 14), (3, 34)]),
        ])
        #expect(diagnostics.first?.notes.map(\.message) == ["first given here", "also given here"])
    }

    @Test func onADirectiveAndAnUnknownField() throws {
        try expectErrors("{ dog { name @skip(if: true, if: false) unknown(a: 1, a: 2) } }", rule: .uniqueArgumentNames, [
            Expected(.uniqueArgumentNames, "argument 'if' is given more than once", at: 1, 30, notes: [(1, 20)]),
            Expected(.uniqueArgumentNames, "argument 'a' is given more than once", at: 1, 55, notes: [(1, 49)]),
        ])
    }
}

@Suite("Validation: ProvidedRequiredArguments")
struct ProvidedRequiredArgumentsTests {
    @Test(arguments: [
        "fragment goodBooleanArg on Arguments { booleanArgField(booleanArg: true) }",
        "fragment goodNonNullArg on Arguments { nonNullBooleanArgField(nonNullBooleanArg: true) }",
        "fragment goodBooleanArgDefault on Arguments { booleanArgField }",
        // A non-null argument with a default value is not required.
        "fragment optional on Arguments { optionalNonNullBooleanArgField }",
        "{ values { defaulted } dog { name @limit } }",
        // Unknown fields and directives are other rules' business.
        "{ dog { unknown } }",
        "{ dog { name @unknown } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .providedRequiredArguments)
    }

    @Test func missingFieldArgument() throws {
        try expectErrors("""
            fragment missingRequiredArg on Arguments {
              nonNullBooleanArgField
              multipleRequirements(y: 1)
            }
            """, rule: .providedRequiredArguments, [
            Expected(
                .providedRequiredArguments,
                "argument 'nonNullBooleanArg' of type 'Boolean!' is required on field 'nonNullBooleanArgField' but not provided",
                at: 2, 3
            ),
            Expected(
                .providedRequiredArguments,
                "argument 'x' of type 'Int!' is required on field 'multipleRequirements' but not provided", at: 3, 3
            ),
        ])
    }

    @Test func missingEveryArgument() throws {
        try expectErrors("fragment F on Arguments { multipleRequirements }", rule: .providedRequiredArguments, [
            Expected(.providedRequiredArguments, "argument 'x' of type 'Int!' is required on field 'multipleRequirements' but not provided", at: 1, 27),
            Expected(.providedRequiredArguments, "argument 'y' of type 'Int!' is required on field 'multipleRequirements' but not provided", at: 1, 27),
        ])
    }

    @Test func missingDirectiveArgument() throws {
        try expectErrors("{ dog { name @include @tag } }", rule: .providedRequiredArguments, [
            Expected(.providedRequiredArguments, "argument 'if' of type 'Boolean!' is required on directive '@include' but not provided", at: 1, 14),
            Expected(.providedRequiredArguments, "argument 'name' of type 'String!' is required on directive '@tag' but not provided", at: 1, 23),
        ])
    }

    @Test func nullIsProvidedButWrong() throws {
        let source = "fragment missingRequiredArg on Arguments { nonNullBooleanArgField(nonNullBooleanArg: null) }"
        try expectValid(source, rule: .providedRequiredArguments)
        try expectErrors(source, rule: .valuesOfCorrectType, [
            Expected(
                .valuesOfCorrectType,
                "expected a value of type 'Boolean!' for argument 'nonNullBooleanArg' on field 'nonNullBooleanArgField', found null",
                at: 1, 86
            ),
        ])
    }
}
