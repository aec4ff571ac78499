import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: UniqueFragmentNames")
struct UniqueFragmentNamesTests {
    @Test func distinctNames() throws {
        try expectValid("{ dog { ...fragmentOne ...fragmentTwo } }\nfragment fragmentOne on Dog { name }\nfragment fragmentTwo on Dog { owner { name } }", rule: .uniqueFragmentNames)
    }

    @Test func sameNameTwice() throws {
        try expectErrors("""
            {
              dog {
                ...fragmentOne
              }
            }

            fragment fragmentOne on Dog {
              name
            }

            fragment fragmentOne on Dog {
              owner {
                name
              }
            }
            """, rule: .uniqueFragmentNames, [
            Expected(.uniqueFragmentNames, "fragment 'fragmentOne' is defined more than once", at: 11, 10, notes: [(7, 10)]),
        ])
    }
}

@Suite("Validation: KnownFragmentNames")
struct KnownFragmentNamesTests {
    @Test func definedFragments() throws {
        try expectValid("{ dog { ...A ... { ...B } } }\nfragment A on Dog { name }\nfragment B on Dog { ...A }", rule: .knownFragmentNames)
    }

    @Test func undefinedFragment() throws {
        try expectErrors("""
            {
              dog {
                ...undefinedFragment
                ...nameFragmnet
              }
            }
            fragment nameFragment on Dog { name }
            """, rule: .knownFragmentNames, [
            Expected(.knownFragmentNames, "unknown fragment 'undefinedFragment'", at: 3, 8),
            Expected(.knownFragmentNames, "unknown fragment 'nameFragmnet'", at: 4, 8, suggestion: "nameFragment"),
        ])
    }
}

@Suite("Validation: NoUnusedFragments")
struct NoUnusedFragmentsTests {
    @Test func usedDirectlyAndThroughFragments() throws {
        try expectValid("""
            { dog { ...A } }
            query Q { pet { ...C } }
            fragment A on Dog { ...B }
            fragment B on Dog { name }
            fragment C on Pet { ... on Dog { ...B } }
            """, rule: .noUnusedFragments)
    }

    @Test func unusedFragments() throws {
        let diagnostics = try validate("""
            fragment nameFragment on Dog {
              name
            }

            {
              dog {
                name
              }
            }
            fragment A on Dog { ...B }
            fragment B on Dog { ...A }
            """, rules: [.noUnusedFragments])
        expectDiagnostics(diagnostics, [
            Expected(.noUnusedFragments, "fragment 'nameFragment' is never used", at: 1, 1),
            // Fragments that only spread each other are unused too.
            Expected(.noUnusedFragments, "fragment 'A' is never used", at: 10, 1),
            Expected(.noUnusedFragments, "fragment 'B' is never used", at: 11, 1),
        ])
        #expect(diagnostics.first?.hint == "spread it with '...nameFragment' or remove it")
    }
}

@Suite("Validation: PossibleFragmentSpreads")
struct PossibleFragmentSpreadsTests {
    @Test(arguments: [
        "fragment dogFragment on Dog { ... on Dog { barkVolume } }",
        "fragment petNameFragment on Pet { name }\nfragment interfaceWithinObjectFragment on Dog { ...petNameFragment }",
        "fragment catOrDogNameFragment on CatOrDog { ... on Cat { meowVolume } }\nfragment unionWithObjectFragment on Dog { ...catOrDogNameFragment }",
        "fragment petFragment on Pet { name ... on Dog { barkVolume } }",
        "fragment catOrDogFragment on CatOrDog { ... on Cat { meowVolume } }",
        "fragment unionWithInterface on Pet { ...dogOrHumanFragment }\nfragment dogOrHumanFragment on DogOrHuman { ... on Dog { barkVolume } }",
        // Unknown and non-composite types are other rules' business.
        "fragment F on Dog { ... on Unknown { a } ... on Int { a } ...G } fragment G on Boolean { a }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .possibleFragmentSpreads)
    }

    @Test func inlineFragmentOfAnotherObject() throws {
        try expectErrors("""
            fragment catInDogFragmentInvalid on Dog {
              ... on Cat {
                meowVolume
              }
            }
            """, rule: .possibleFragmentSpreads, [
            Expected(.possibleFragmentSpreads, "inline fragment on 'Cat' cannot be used here: values of type 'Dog' are never of type 'Cat'", at: 2, 3),
        ])
    }

    @Test func disjointAbstractTypes() throws {
        try expectErrors("""
            fragment sentientFragment on Sentient {
              ... on Dog {
                barkVolume
              }
            }

            fragment humanOrAlienFragment on HumanOrAlien {
              ... on Cat {
                meowVolume
              }
            }
            """, rule: .possibleFragmentSpreads, [
            Expected(.possibleFragmentSpreads, "inline fragment on 'Dog' cannot be used here: values of interface 'Sentient' are never of type 'Dog'", at: 2, 3),
            Expected(.possibleFragmentSpreads, "inline fragment on 'Cat' cannot be used here: values of union 'HumanOrAlien' are never of type 'Cat'", at: 8, 3),
        ])
    }

    @Test func namedFragmentOfDisjointInterface() throws {
        try expectErrors("""
            fragment nonIntersectingInterfaces on Pet {
              ...sentientFragment
            }

            fragment sentientFragment on Sentient {
              name
            }
            """, rule: .possibleFragmentSpreads, [
            Expected(
                .possibleFragmentSpreads,
                "fragment 'sentientFragment' cannot be spread here: values of interface 'Pet' are never of interface 'Sentient'",
                at: 2, 3, notes: [(5, 30)]
            ),
        ])
    }
}

@Suite("Validation: NoFragmentCycles")
struct NoFragmentCyclesTests {
    @Test(arguments: [
        "{ dog { ...nameFragment ...nameFragment } }\nfragment nameFragment on Dog { name }",
        "fragment A on Dog { ...B ...B }\nfragment B on Dog { name }",
        "fragment A on Dog { ...B ...C }\nfragment B on Dog { ...C }\nfragment C on Dog { name }",
        "fragment A on Dog { ...Unknown }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .noFragmentCycles)
    }

    @Test func twoFragmentCycle() throws {
        try expectErrors("""
            {
              dog {
                ...nameFragment
              }
            }

            fragment nameFragment on Dog {
              name
              ...barkVolumeFragment
            }

            fragment barkVolumeFragment on Dog {
              barkVolume
              ...nameFragment
            }
            """, rule: .noFragmentCycles, [
            Expected(
                .noFragmentCycles, "cannot spread fragment 'nameFragment' within itself via 'barkVolumeFragment'", at: 9, 3,
                notes: [(14, 3)]
            ),
        ])
    }

    @Test func cycleThroughFields() throws {
        try expectErrors("""
            {
              dog {
                ...dogFragment
              }
            }

            fragment dogFragment on Dog {
              name
              owner {
                ...ownerFragment
              }
            }

            fragment ownerFragment on Human {
              name
              pets {
                ...dogFragment
              }
            }
            """, rule: .noFragmentCycles, [
            Expected(
                .noFragmentCycles, "cannot spread fragment 'dogFragment' within itself via 'ownerFragment'", at: 10, 5,
                notes: [(17, 5)]
            ),
        ])
    }

    @Test func selfAndLongerCycles() throws {
        let diagnostics = try validate("""
            fragment A on Dog { ...A }
            fragment B on Dog { ...C }
            fragment C on Dog { ...D }
            fragment D on Dog { ...B }
            """, rules: [.noFragmentCycles])
        expectDiagnostics(diagnostics, [
            Expected(.noFragmentCycles, "cannot spread fragment 'A' within itself", at: 1, 21),
            Expected(.noFragmentCycles, "cannot spread fragment 'B' within itself via 'C' and 'D'", at: 2, 21, notes: [(3, 21), (4, 21)]),
        ])
        #expect(diagnostics.last?.notes.map(\.message) == ["'C' spreads 'D' here", "'D' spreads 'B' here"])
    }
}

@Suite("Validation: FragmentsOnCompositeTypes")
struct FragmentsOnCompositeTypesTests {
    @Test(arguments: [
        "fragment F on Dog { name }",
        "fragment F on Pet { name }",
        "fragment F on CatOrDog { __typename }",
        "fragment F on Dog { ... on Pet { name } ... { name } }",
        // Unknown types are KnownTypeNames'.
        "fragment F on Unknown { name }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .fragmentsOnCompositeTypes)
    }

    @Test func scalarConditions() throws {
        try expectErrors("""
            fragment fragOnScalar on Int {
              something
            }

            fragment inlineFragOnScalar on Dog {
              ... on Boolean {
                somethingElse
              }
            }
            fragment onEnum on FurColor { a }
            fragment onInput on FindDogInput { a }
            """, rule: .fragmentsOnCompositeTypes, [
            Expected(.fragmentsOnCompositeTypes, "fragment 'fragOnScalar' has a type condition on scalar 'Int', which is not an object, interface or union type", at: 1, 26),
            Expected(.fragmentsOnCompositeTypes, "inline fragment has a type condition on scalar 'Boolean', which is not an object, interface or union type", at: 6, 10),
            Expected(.fragmentsOnCompositeTypes, "fragment 'onEnum' has a type condition on enum 'FurColor', which is not an object, interface or union type", at: 10, 20),
            Expected(.fragmentsOnCompositeTypes, "fragment 'onInput' has a type condition on input 'FindDogInput', which is not an object, interface or union type", at: 11, 21),
        ])
    }
}

@Suite("Validation: KnownTypeNames")
struct KnownTypeNamesTests {
    @Test func knownTypes() throws {
        try expectValid("""
            query Q($a: Boolean, $b: [FindDogInput!]!, $c: DogCommand) { dog { ...F ... on Pet { name } } }
            fragment F on Dog { name }
            """, rule: .knownTypeNames)
    }

    @Test func unknownTypes() throws {
        try expectErrors("""
            query Q($a: Boolan, $b: [Unknown!]) {
              dog { ... on NotInSchema { name } }
            }
            fragment notOnExistingType on Dgo { name }
            """, rule: .knownTypeNames, [
            Expected(.knownTypeNames, "unknown type 'Boolan'", at: 1, 13, suggestion: "Boolean"),
            Expected(.knownTypeNames, "unknown type 'Unknown'", at: 1, 26),
            Expected(.knownTypeNames, "unknown type 'NotInSchema'", at: 2, 16),
            Expected(.knownTypeNames, "unknown type 'Dgo'", at: 4, 31, suggestion: "Dog"),
        ])
    }
}
