import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: FieldsOnCorrectType")
struct FieldsOnCorrectTypeTests {
    @Test(arguments: [
        "fragment interfaceFieldSelection on Pet { name }",
        "fragment inDirectFieldSelectionOnUnion on CatOrDog { __typename ... on Pet { name } ... on Dog { barkVolume } }",
        "fragment aliased on Dog { volume: barkVolume nick: nickname }",
        // Meta fields: __typename everywhere, __schema and __type on the query type.
        "{ __typename __schema { queryType { name } } __type(name: \"Dog\") { name } dog { __typename } catOrDog { __typename } }",
        "mutation { __typename }",
        // Fields inside an unknown field are not checked again.
        "{ dog { unknown { alsoUnknown } } }",
    ])
    func valid(source: String) throws {
        let diagnostics = try validate(source, rules: [.fieldsOnCorrectType])
        #expect(diagnostics.count == (source.contains("unknown") ? 1 : 0))
    }

    @Test func fieldNotDefined() throws {
        try expectErrors("""
            fragment fieldNotDefined on Dog {
              meowVolume
            }
            """, rule: .fieldsOnCorrectType, [
            Expected(.fieldsOnCorrectType, "cannot query field 'meowVolume' on type 'Dog'", at: 2, 3, suggestion: "barkVolume"),
        ])
    }

    @Test func aliasedFieldNotDefined() throws {
        try expectErrors("""
            fragment aliasedLyingFieldTargetNotDefined on Dog {
              barkVolume: kawVolume
            }
            """, rule: .fieldsOnCorrectType, [
            Expected(.fieldsOnCorrectType, "cannot query field 'kawVolume' on type 'Dog'", at: 2, 3, suggestion: "barkVolume"),
        ])
    }

    @Test func definedOnImplementationsOnly() throws {
        try expectErrors("""
            fragment definedOnImplementersButNotInterface on Pet {
              nickname
            }
            """, rule: .fieldsOnCorrectType, [
            Expected(
                .fieldsOnCorrectType,
                "cannot query field 'nickname' on interface 'Pet'; did you mean to use an inline fragment on 'Cat' or 'Dog'?",
                at: 2, 3
            ),
        ])
    }

    @Test func onUnion() throws {
        try expectErrors("""
            fragment directFieldSelectionOnUnion on CatOrDog {
              directField
              name
            }
            """, rule: .fieldsOnCorrectType, [
            Expected(.fieldsOnCorrectType, "cannot query field 'directField' on union 'CatOrDog'", at: 2, 3),
            // A field every member has still needs a fragment on a union.
            Expected(
                .fieldsOnCorrectType,
                "cannot query field 'name' on union 'CatOrDog'; did you mean to use an inline fragment on 'Pet', 'Cat' or 'Dog'?",
                at: 3, 3
            ),
        ])
    }

    @Test func misspelt() throws {
        try expectErrors("{ human(id: 1) { nmae } }", rule: .fieldsOnCorrectType, [
            Expected(.fieldsOnCorrectType, "cannot query field 'nmae' on type 'Human'", at: 1, 18, suggestion: "name"),
        ])
    }

    @Test func metaFieldsOnlyWhereAllowed() throws {
        try expectErrors("{ dog { __schema { queryType { name } } __type(name: \"Dog\") { name } } }", rule: .fieldsOnCorrectType, [
            Expected(.fieldsOnCorrectType, "cannot query field '__schema' on type 'Dog'", at: 1, 9),
            Expected(.fieldsOnCorrectType, "cannot query field '__type' on type 'Dog'", at: 1, 41),
        ])
    }

    @Test func unknownFieldOnRootTypes() throws {
        try expectErrors("mutation { dog { name } }", rule: .fieldsOnCorrectType, [
            Expected(.fieldsOnCorrectType, "cannot query field 'dog' on type 'Mutation'", at: 1, 12),
        ])
    }
}

@Suite("Validation: ScalarLeafs")
struct ScalarLeafsTests {
    @Test(arguments: [
        "fragment scalarSelection on Dog { barkVolume }",
        "{ dog { color owner { name } friends { name } } human { pets { name } } catOrDog { __typename } }",
        // Unknown fields are FieldsOnCorrectType's.
        "{ dog { unknown unknownWithSelection { a } } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .scalarLeafs)
    }

    @Test func selectionOnScalar() throws {
        try expectErrors("""
            fragment scalarSelectionsNotAllowedOnInt on Dog {
              barkVolume {
                sinceWhen
              }
            }
            """, rule: .scalarLeafs, [
            Expected(.scalarLeafs, "field 'barkVolume' of type 'Int' cannot have a selection set: scalar 'Int' has no fields", at: 2, 14),
        ])
    }

    @Test func selectionOnEnum() throws {
        let diagnostics = try validate("{ dog { color { name } } }", rules: [.scalarLeafs])
        expectDiagnostics(diagnostics, [
            Expected(.scalarLeafs, "field 'color' of type 'FurColor' cannot have a selection set: enum 'FurColor' has no fields", at: 1, 15),
        ])
        #expect(diagnostics.first?.hint == "remove the braces after 'color'")
    }

    @Test func missingSelections() throws {
        let diagnostics = try validate("""
            query directQueryOnObjectWithoutSubFields {
              human
              pet
              catOrDog
              dog { friends }
            }
            """, rules: [.scalarLeafs])
        expectDiagnostics(diagnostics, [
            Expected(.scalarLeafs, "field 'human' of type 'Human' must have a selection of subfields", at: 2, 3),
            Expected(.scalarLeafs, "field 'pet' of type 'Pet' must have a selection of subfields", at: 3, 3),
            Expected(.scalarLeafs, "field 'catOrDog' of type 'CatOrDog' must have a selection of subfields", at: 4, 3),
            Expected(.scalarLeafs, "field 'friends' of type '[Pet]' must have a selection of subfields", at: 5, 9),
        ])
        #expect(diagnostics.map(\.hint) == [
            "select the fields you need, e.g. 'human { id }'",
            "select the fields you need, e.g. 'pet { name }'",
            "select the fields you need, e.g. 'catOrDog { __typename }'",
            "select the fields you need, e.g. 'friends { name }'",
        ])
    }
}
