import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: OverlappingFieldsCanBeMerged")
struct OverlappingFieldsTests {
    @Test(arguments: [
        "fragment mergeIdenticalFields on Dog { name name }",
        "fragment mergeIdenticalAliasesAndFields on Dog { otherName: name otherName: name }",
        "fragment mergeIdenticalFieldsWithIdenticalArgs on Dog { doesKnowCommand(dogCommand: SIT) doesKnowCommand(dogCommand: SIT) }",
        "fragment mergeIdenticalFieldsWithIdenticalValues on Dog { doesKnowCommand(dogCommand: $dogCommand) doesKnowCommand(dogCommand: $dogCommand) }",
        // Different object types can never be the same object: only the shapes must agree.
        "fragment safeDifferingFields on Pet { ... on Dog { volume: barkVolume } ... on Cat { volume: meowVolume } }",
        "fragment safeDifferingArgs on Pet { ... on Dog { doesKnowCommand(dogCommand: SIT) } ... on Cat { doesKnowCommand(catCommand: JUMP) } }",
        // Arguments in any order; object fields in any order.
        "{ values { multiple(first: 1, second: \"a\") multiple(second: \"a\", first: 1) } }",
        "{ findDog(searchBy: { name: \"a\", owner: \"b\" }) { name } findDog(searchBy: { owner: \"b\", name: \"a\" }) { name } }",
        // Subselections merge.
        "{ dog { name } dog { nickname owner { name } } dog { owner { pets { name } } } }",
        "{ dog { ...A ...B } } fragment A on Dog { name owner { name } } fragment B on Dog { name owner { id } }",
        // A fragment spread twice, or spreading itself, compares with nothing new.
        "{ dog { ...A ...A } } fragment A on Dog { x: name }",
        "fragment A on Dog { name ...A }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .overlappingFieldsCanBeMerged)
    }

    @Test func aliasOfAnotherField() throws {
        try expectErrors("""
            fragment conflictingBecauseAlias on Dog {
              name: nickname
              name
            }
            """, rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'name' conflict because they select different fields ('nickname' and 'name'); use different aliases",
                at: 3, 3, notes: [(2, 3)]
            ),
        ])
    }

    @Test(arguments: [
        ("doesKnowCommand(dogCommand: SIT)", "doesKnowCommand(dogCommand: HEEL)", "'(dogCommand: SIT)' and '(dogCommand: HEEL)'"),
        ("doesKnowCommand(dogCommand: SIT)", "doesKnowCommand(dogCommand: $dogCommand)", "'(dogCommand: SIT)' and '(dogCommand: $dogCommand)'"),
        ("doesKnowCommand(dogCommand: $varOne)", "doesKnowCommand(dogCommand: $varTwo)", "'(dogCommand: $varOne)' and '(dogCommand: $varTwo)'"),
        ("doesKnowCommand(dogCommand: SIT)", "doesKnowCommand", "'(dogCommand: SIT)' and none"),
    ])
    func differentArguments(first: String, second: String, described: String) throws {
        try expectErrors("fragment F on Dog {\n  \(first)\n  \(second)\n}", rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'doesKnowCommand' conflict because they have different arguments (\(described)); use different aliases",
                at: 3, 3, notes: [(2, 3)]
            ),
        ])
    }

    @Test func conflictingLeafTypes() throws {
        try expectErrors("""
            fragment conflictingDifferingResponses on Pet {
              ... on Dog {
                someValue: nickname
              }
              ... on Cat {
                someValue: meowVolume
              }
            }
            """, rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'someValue' conflict because they return conflicting types 'String' and 'Int'; use different aliases",
                at: 6, 5, notes: [(3, 5)]
            ),
        ])
    }

    @Test func conflictingListShapes() throws {
        try expectErrors("""
            {
              pet {
                ... on Dog { color }
                ... on Cat { color }
                ... on Dog { friends { name } }
                ... on Cat { friends: nickname }
              }
            }
            """, rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'color' conflict because they return conflicting types 'FurColor' and '[FurColor!]!'; use different aliases",
                at: 4, 18, notes: [(3, 18)]
            ),
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'friends' conflict because they return conflicting types '[Pet]' and 'String'; use different aliases",
                at: 6, 18, notes: [(5, 18)]
            ),
        ])
    }

    @Test func nestedSubfields() throws {
        try expectErrors("""
            {
              dog {
                owner {
                  name: id
                }
              }
              dog {
                owner {
                  name
                }
              }
            }
            """, rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'dog' conflict because subfields 'owner' conflict because subfields 'name' conflict because they select different fields ('id' and 'name'); use different aliases",
                at: 7, 3, notes: [(2, 3), (3, 5), (4, 7), (8, 5), (9, 7)]
            ),
        ])
    }

    @Test func severalSubfields() throws {
        let diagnostics = try validate("""
            {
              dog { x: name y: barkVolume }
              dog { x: nickname y: name }
            }
            """, rules: [.overlappingFieldsCanBeMerged])
        expectDiagnostics(diagnostics, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'dog' conflict because subfields 'x' conflict because they select different fields ('name' and 'nickname') and subfields 'y' conflict because they select different fields ('barkVolume' and 'name'); use different aliases",
                at: 3, 3, notes: [(2, 3), (2, 9), (2, 17), (3, 9), (3, 21)]
            ),
        ])
        #expect(diagnostics.first?.notes.map(\.message) == [
            "'dog' is also selected here", "subfield 'x' is selected here", "subfield 'y' is selected here",
            "subfield 'x' is selected here", "subfield 'y' is selected here",
        ])
    }

    @Test func betweenFragments() throws {
        try expectErrors("""
            {
              dog {
                ...A
                ...B
              }
            }
            fragment A on Dog { x: name }
            fragment B on Dog { x: nickname }
            """, rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'x' conflict because they select different fields ('name' and 'nickname'); use different aliases",
                at: 8, 21, notes: [(7, 21)]
            ),
        ])
    }

    @Test func fieldAgainstNestedFragment() throws {
        try expectErrors("""
            { dog { x: barkVolume ...A } }
            fragment A on Dog { ...B }
            fragment B on Dog { x: nickname }
            """, rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'x' conflict because they select different fields ('barkVolume' and 'nickname'); use different aliases",
                at: 3, 21, notes: [(1, 9)]
            ),
        ])
    }

    @Test func interfaceAndObjectParentsAreNotExclusive() throws {
        try expectErrors("{ dog { ... on Pet { n: name } n: nickname } }", rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'n' conflict because they select different fields ('name' and 'nickname'); use different aliases",
                at: 1, 32, notes: [(1, 22)]
            ),
        ])
    }

    @Test func typenameHasItsType() throws {
        // The specification compares `__typename`'s type, String!, like any field's;
        // graphql-js finds no definition for meta fields here and accepts this.
        try expectErrors("{ catOrDog { ... on Cat { x: meowVolume } ... on Dog { x: __typename } } }", rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'x' conflict because they return conflicting types 'Int' and 'String!'; use different aliases",
                at: 1, 56, notes: [(1, 27)]
            ),
        ])
        try expectValid("{ catOrDog { ... on Cat { x: name } ... on Dog { x: __typename } } }", rule: .overlappingFieldsCanBeMerged)
    }

    @Test func reportedOnceThroughInlineFragments() throws {
        // graphql-js reports this at the inline fragment and again at 'dog'.
        try expectErrors("{ dog { ... on Dog { name: nickname name } } }", rule: .overlappingFieldsCanBeMerged, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'name' conflict because they select different fields ('nickname' and 'name'); use different aliases",
                at: 1, 37, notes: [(1, 22)]
            ),
        ])
    }

    @Test func manyFieldsAndFragmentsStayFast() throws {
        // 200 fields with one response key and 50 fragments spreading each other.
        var source = "{ dog {\n"
        for index in 0..<200 { source += "  x: name\n  f\(index): nickname\n" }
        for index in 0..<50 { source += "  ...F\(index)\n" }
        source += "} }\n"
        for index in 0..<50 { source += "fragment F\(index) on Dog { x: name owner { name } \(index > 0 ? "...F\(index - 1)" : "") }\n" }
        let clock = ContinuousClock()
        let start = clock.now
        let diagnostics = try validate(source, rules: [.overlappingFieldsCanBeMerged])
        #expect(diagnostics.isEmpty)
        // A hang guard, not a speed test.
        #expect(clock.now - start < .seconds(10))
    }
}
