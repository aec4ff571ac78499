import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: KnownDirectives")
struct KnownDirectivesTests {
    @Test func knownAndWellPlaced() throws {
        try expectValid("""
            query Q($v: Boolean = true @onVariable) @onQuery {
              dog @include(if: $v) {
                name @skip(if: false) @onField @limit(max: 3)
                ...F @onFragment
                ... @onFragment { nickname }
              }
            }
            fragment F on Dog @onFragment { name }
            mutation M @onMutation { renameDog(name: "x") { name } }
            """, rule: .knownDirectives)
    }

    @Test func unknownDirectives() throws {
        try expectErrors("""
            {
              dog @unknown {
                name @skp(if: true)
              }
            }
            """, rule: .knownDirectives, [
            Expected(.knownDirectives, "unknown directive '@unknown'", at: 2, 7),
            Expected(.knownDirectives, "unknown directive '@skp'", at: 3, 10, suggestion: "@skip"),
        ])
    }

    @Test func misplacedDirectives() throws {
        try expectErrors("""
            query Q($v: Int @onField) @skip(if: true) {
              dog @onQuery {
                name @onFragment
              }
            }
            fragment F on Dog @onField { name }
            mutation M @onQuery { renameDog(name: "x") @deprecated { name } }
            """, rule: .knownDirectives, [
            Expected(.knownDirectives, "directive '@onField' cannot be used on a variable definition; it is allowed on fields", at: 1, 17),
            Expected(.knownDirectives, "directive '@skip' cannot be used on a query; it is allowed on fields, fragment spreads and inline fragments", at: 1, 27),
            Expected(.knownDirectives, "directive '@onQuery' cannot be used on a field; it is allowed on queries", at: 2, 7),
            Expected(.knownDirectives, "directive '@onFragment' cannot be used on a field; it is allowed on fragment definitions, fragment spreads and inline fragments", at: 3, 10),
            Expected(.knownDirectives, "directive '@onField' cannot be used on a fragment definition; it is allowed on fields", at: 6, 19),
            Expected(.knownDirectives, "directive '@onQuery' cannot be used on a mutation; it is allowed on queries", at: 7, 12),
            Expected(
                .knownDirectives,
                "directive '@deprecated' cannot be used on a field; it is allowed on field definitions, argument definitions, enum value definitions and input field definitions",
                at: 7, 44
            ),
        ])
    }
}

@Suite("Validation: UniqueDirectivesPerLocation")
struct UniqueDirectivesPerLocationTests {
    @Test(arguments: [
        "query ($foo: Boolean = true, $bar: Boolean = false) {\n  dog @skip(if: $foo) { name }\n  dog @skip(if: $bar) { nickname }\n}",
        "{ dog { name @tag(name: \"a\") @tag(name: \"b\") } }",
        "{ dog @skip(if: false) { name @skip(if: false) } }",
        // Unknown directives are KnownDirectives'.
        "{ dog { name @unknown @unknown } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .uniqueDirectivesPerLocation)
    }

    @Test func twiceOnAField() throws {
        try expectErrors("""
            query ($foo: Boolean = true, $bar: Boolean = false) {
              dog @skip(if: $foo) @skip(if: $bar) { name }
            }
            """, rule: .uniqueDirectivesPerLocation, [
            Expected(.uniqueDirectivesPerLocation, "directive '@skip' is used more than once here; it is not repeatable", at: 2, 23, notes: [(2, 7)]),
        ])
    }

    @Test func threeTimesAndOnOtherLocations() throws {
        try expectErrors("""
            { dog { name @onField @onField @onField } }
            query Q @onQuery @onQuery { dog { ...F @onFragment @onFragment } }
            fragment F on Dog @onFragment @onFragment { name }
            """, rule: .uniqueDirectivesPerLocation, [
            Expected(.uniqueDirectivesPerLocation, "directive '@onField' is used more than once here; it is not repeatable", at: 1, 23, notes: [(1, 14)]),
            Expected(.uniqueDirectivesPerLocation, "directive '@onField' is used more than once here; it is not repeatable", at: 1, 32, notes: [(1, 14)]),
            Expected(.uniqueDirectivesPerLocation, "directive '@onQuery' is used more than once here; it is not repeatable", at: 2, 18, notes: [(2, 9)]),
            Expected(.uniqueDirectivesPerLocation, "directive '@onFragment' is used more than once here; it is not repeatable", at: 2, 52, notes: [(2, 40)]),
            Expected(.uniqueDirectivesPerLocation, "directive '@onFragment' is used more than once here; it is not repeatable", at: 3, 31, notes: [(3, 19)]),
        ])
    }
}
