import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: UniqueVariableNames")
struct UniqueVariableNamesTests {
    @Test func distinctNames() throws {
        try expectValid("query A($x: Int, $y: Int) { dog { name } }\nquery B($x: Int) { dog { name } }", rule: .uniqueVariableNames)
    }

    @Test func sameNameTwice() throws {
        try expectErrors("""
            query houseTrainedQuery($atOtherHomes: Boolean, $atOtherHomes: Boolean) {
              dog {
                isHouseTrained(atOtherHomes: $atOtherHomes)
              }
            }
            """, rule: .uniqueVariableNames, [
            Expected(.uniqueVariableNames, "variable '$atOtherHomes' is defined more than once", at: 1, 49, notes: [(1, 25)]),
        ])
    }

    @Test func threeTimesIsOneError() throws {
        try expectErrors("query Q($a: Int, $b: Int, $a: Int, $a: String) { dog { name } }", rule: .uniqueVariableNames, [
            Expected(.uniqueVariableNames, "variable '$a' is defined more than once", at: 1, 27, notes: [(1, 9), (1, 36)]),
        ])
    }
}

@Suite("Validation: VariablesAreInputTypes")
struct VariablesAreInputTypesTests {
    @Test(arguments: [
        "query takesBoolean($atOtherHomes: Boolean) { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }",
        "query takesComplexInput($search: FindDogInput) { findDog(searchBy: $search) { name } }",
        "query TakesListOfBooleanBang($booleans: [Boolean!]) { dog { name } }",
        "query Enum($c: [DogCommand!]!, $d: Decimal) { dog { name } }",
        // Unknown types are KnownTypeNames'.
        "query Unknown($u: Unknown) { dog { name } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .variablesAreInputTypes)
    }

    @Test func outputTypes() throws {
        let diagnostics = try validate("""
            query takesCat($cat: Cat) { dog { name } }
            query takesDogBang($dog: Dog!) { dog { name } }
            query takesListOfPet($pets: [Pet]) { dog { name } }
            query takesCatOrDog($catOrDog: CatOrDog) { dog { name } }
            """, rules: [.variablesAreInputTypes])
        expectDiagnostics(diagnostics, [
            Expected(.variablesAreInputTypes, "variable '$cat' cannot be of type 'Cat': type 'Cat' is an output type", at: 1, 22),
            Expected(.variablesAreInputTypes, "variable '$dog' cannot be of type 'Dog!': type 'Dog' is an output type", at: 2, 26),
            Expected(.variablesAreInputTypes, "variable '$pets' cannot be of type '[Pet]': interface 'Pet' is an output type", at: 3, 29),
            Expected(.variablesAreInputTypes, "variable '$catOrDog' cannot be of type 'CatOrDog': union 'CatOrDog' is an output type", at: 4, 32),
        ])
        #expect(diagnostics.allSatisfy { $0.hint == "variables take scalars, enums and input objects" })
    }
}

@Suite("Validation: NoUndefinedVariables")
struct NoUndefinedVariablesTests {
    @Test(arguments: [
        "query variableIsDefined($atOtherHomes: Boolean) { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }",
        "query variableIsDefinedUsedInSingleFragment($atOtherHomes: Boolean) { dog { ...isHouseTrainedFragment } }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }",
        "query Nested($a: Boolean) { dog { ...A } }\nfragment A on Dog { ...B }\nfragment B on Dog { isHouseTrained(atOtherHomes: $a) }",
        "query Everywhere($a: Boolean!, $n: String, $i: Int) { dog @include(if: $a) { name } findDog(searchBy: { name: $n }) { name } values { ints(value: [1, $i]) } }",
        // A fragment used by no operation has no operation to define its variables.
        "fragment Unused on Dog { isHouseTrained(atOtherHomes: $x) }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .noUndefinedVariables)
    }

    @Test func notDefined() throws {
        let diagnostics = try validate("""
            query variableIsNotDefined {
              dog {
                isHouseTrained(atOtherHomes: $atOtherHomes)
              }
            }
            """, rules: [.noUndefinedVariables])
        expectDiagnostics(diagnostics, [
            Expected(.noUndefinedVariables, "variable '$atOtherHomes' is not defined by operation 'variableIsNotDefined'", at: 3, 34, notes: [(1, 1)]),
        ])
        #expect(diagnostics.first?.hint == "declare it with the operation's variables: '($atOtherHomes: Boolean)'")
        #expect(diagnostics.first?.notes.first?.message == "operation 'variableIsNotDefined' is defined here")
    }

    @Test func notDefinedForOneOfTheOperationsUsingAFragment() throws {
        try expectErrors("""
            query housetrainedQueryOne($atOtherHomes: Boolean) {
              dog {
                ...isHouseTrainedFragment
              }
            }

            query housetrainedQueryTwoNotDefined {
              dog {
                ...isHouseTrainedFragment
              }
            }

            fragment isHouseTrainedFragment on Dog {
              isHouseTrained(atOtherHomes: $atOtherHomes)
            }
            """, rule: .noUndefinedVariables, [
            Expected(
                .noUndefinedVariables, "variable '$atOtherHomes' is not defined by operation 'housetrainedQueryTwoNotDefined'",
                at: 14, 32, notes: [(7, 1)]
            ),
        ])
    }

    @Test func legacyFragmentVariablesAreTheFragments() throws {
        let source = "query Q { dog { ...F } }\nfragment F($times: Int = 2) on Dog { bark(times: $times) }"
        let document = try Parser.parse(source, path: "test.graphql", options: ParseOptions(allowLegacyFragmentVariables: true))
        let diagnostics = Validator.validate(document, against: ValidationSchemas.spec)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
    }

    @Test func misspeltAndAnonymous() throws {
        try expectErrors("query Q($atOtherHome: Boolean) { dog { isHouseTrained(atOtherHomes: $atOtherHomes) } }", rule: .noUndefinedVariables, [
            Expected(.noUndefinedVariables, "variable '$atOtherHomes' is not defined by operation 'Q'", at: 1, 69, notes: [(1, 1)], suggestion: "$atOtherHome"),
        ])
        try expectErrors("{ dog { isHouseTrained(atOtherHomes: $x) } }", rule: .noUndefinedVariables, [
            Expected(.noUndefinedVariables, "variable '$x' is not defined", at: 1, 38, notes: [(1, 1)]),
        ])
    }
}

@Suite("Validation: NoUnusedVariables")
struct NoUnusedVariablesTests {
    @Test(arguments: [
        "query Q($atOtherHomes: Boolean) { dog { ...isHouseTrainedFragment } }\nfragment isHouseTrainedFragment on Dog { isHouseTrained(atOtherHomes: $atOtherHomes) }",
        "query Q($a: Boolean!, $b: String, $c: Int) { dog @skip(if: $a) { name } findDog(searchBy: { owner: $b }) { name } values { matrix(value: [[$c]]) } }",
        "query Q($a: Boolean) { dog { ...A } }\nfragment A on Dog { ... on Dog { ...B } }\nfragment B on Dog { isHouseTrained(atOtherHomes: $a) }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .noUnusedVariables)
    }

    @Test func unused() throws {
        try expectErrors("""
            query variableUnused($atOtherHomes: Boolean) {
              dog {
                isHouseTrained
              }
            }
            """, rule: .noUnusedVariables, [
            Expected(.noUnusedVariables, "variable '$atOtherHomes' is never used in operation 'variableUnused'", at: 1, 22),
        ])
    }

    @Test func notUsedWithinFragment() throws {
        try expectErrors("""
            query variableNotUsedWithinFragment($atOtherHomes: Boolean) {
              dog {
                ...isHouseTrainedWithoutVariableFragment
              }
            }

            fragment isHouseTrainedWithoutVariableFragment on Dog {
              isHouseTrained
            }
            """, rule: .noUnusedVariables, [
            Expected(.noUnusedVariables, "variable '$atOtherHomes' is never used in operation 'variableNotUsedWithinFragment'", at: 1, 37),
        ])
    }

    @Test func extraVariableInOneOfTwoOperations() throws {
        try expectErrors("""
            query queryWithUsedVar($atOtherHomes: Boolean) {
              dog {
                ...isHouseTrainedFragment
              }
            }

            query queryWithExtraVar($atOtherHomes: Boolean, $extra: Int) {
              dog {
                ...isHouseTrainedFragment
              }
            }

            fragment isHouseTrainedFragment on Dog {
              isHouseTrained(atOtherHomes: $atOtherHomes)
            }
            """, rule: .noUnusedVariables, [
            Expected(.noUnusedVariables, "variable '$extra' is never used in operation 'queryWithExtraVar'", at: 7, 49),
        ])
    }

    @Test func anonymous() throws {
        try expectErrors("query ($a: Int) { dog { name } }", rule: .noUnusedVariables, [
            Expected(.noUnusedVariables, "variable '$a' is never used", at: 1, 8),
        ])
    }
}

@Suite("Validation: VariablesInAllowedPosition")
struct VariablesInAllowedPositionTests {
    @Test(arguments: [
        "query nonNullListToList($nonNullBooleanList: [Boolean]!) { arguments { booleanListArgField(booleanListArg: $nonNullBooleanList) } }",
        // A nullable variable where the argument has a default value, or with a default value itself.
        "query booleanArgQueryWithDefault($booleanArg: Boolean) { arguments { optionalNonNullBooleanArgField(optionalBooleanArg: $booleanArg) } }",
        "query booleanArgQueryWithDefault($booleanArg: Boolean = true) { arguments { nonNullBooleanArgField(nonNullBooleanArg: $booleanArg) } }",
        "query Q($v: Int) { values { defaulted(value: $v) } }",
        "query Q($id: ID!) { human(id: $id) { name } }",
        "query Q($c: DogCommand!) { dog { doesKnowCommand(dogCommand: $c) } }",
        "query Q($b: Boolean) { arguments { booleanListArgField(booleanListArg: [$b]) } }",
        "query Q($i: Int!) { values { matrix(value: [[$i]]) int(value: $i) } }",
        "query Q($k: PetKind!) { values { kind(value: $k) } }",
        // Unknown types and positions are other rules' business.
        "query Q($u: Unknown) { values { int(value: $u) } dog { unknown(x: $u) } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .variablesInAllowedPosition)
    }

    @Test func intIntoBoolean() throws {
        try expectErrors("""
            query intCannotGoIntoBoolean($intArg: Int) {
              arguments {
                booleanArgField(booleanArg: $intArg)
              }
            }
            """, rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$intArg' of type 'Int' used in position expecting 'Boolean'", at: 3, 33, notes: [(1, 30)]),
        ])
    }

    @Test func listIntoSingle() throws {
        try expectErrors("""
            query booleanListCannotGoIntoBoolean($booleanListArg: [Boolean]) {
              arguments {
                booleanArgField(booleanArg: $booleanListArg)
              }
            }
            """, rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$booleanListArg' of type '[Boolean]' used in position expecting 'Boolean'", at: 3, 33, notes: [(1, 38)]),
        ])
    }

    @Test func nullableIntoNonNull() throws {
        let diagnostics = try validate("""
            query booleanArgQuery($booleanArg: Boolean) {
              arguments {
                nonNullBooleanArgField(nonNullBooleanArg: $booleanArg)
              }
            }
            """, rules: [.variablesInAllowedPosition])
        expectDiagnostics(diagnostics, [
            Expected(.variablesInAllowedPosition, "variable '$booleanArg' of type 'Boolean' used in position expecting 'Boolean!'", at: 3, 47, notes: [(1, 23)]),
        ])
        #expect(diagnostics.first?.hint == "declare it non-null, '$booleanArg: Boolean!', or give it a default value")
    }

    @Test func nullableListIntoNonNullList() throws {
        try expectErrors("""
            query listToNonNullList($booleanList: [Boolean]) {
              arguments {
                booleanListArgField(booleanListArg: $booleanList)
              }
            }
            """, rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$booleanList' of type '[Boolean]' used in position expecting '[Boolean]!'", at: 3, 41, notes: [(1, 25)]),
        ])
    }

    @Test func itemsNullDefaultsAndFragments() throws {
        try expectErrors("query Q($i: Int) { values { matrix(value: [[$i]]) } }", rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$i' of type 'Int' used in position expecting 'Int!'", at: 1, 45, notes: [(1, 9)]),
        ])
        // A null default value does not make a variable non-null.
        try expectErrors("query Q($b: Boolean = null) { arguments { nonNullBooleanArgField(nonNullBooleanArg: $b) } }", rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$b' of type 'Boolean' used in position expecting 'Boolean!'", at: 1, 85, notes: [(1, 9)]),
        ])
        try expectErrors("query Q($v: Int) { values { ...F } }\nfragment F on Values { nonNullInt(value: $v) }", rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$v' of type 'Int' used in position expecting 'Int!'", at: 2, 42, notes: [(1, 9)]),
        ])
    }
}
