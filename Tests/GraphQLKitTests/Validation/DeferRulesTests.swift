import BuyflowCore
import GraphQLKit
import Testing

/// A schema with the published `@defer` and all three root types.
enum DeferSchemas {
    static let roots = try! Schema(sdl: """
        directive @defer(if: Boolean = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
        type Query { shop: Shop }
        type Mutation { rename(name: String): Shop }
        type Subscription { shopChanged: Shop }
        type Shop { name: String description: String }
        """)
}

@Suite("Validation: DeferStreamDirectiveOnRootField")
struct DeferStreamDirectiveOnRootFieldTests {
    @Test(arguments: [
        // On a query's root selection set (Shopify's own example) and below root fields.
        "{ ... @defer { shop { name } } }",
        "{ ...Q @defer }\nfragment Q on Query { shop { name } }",
        "mutation { rename(name: \"x\") { name ... @defer { description } } }",
        "mutation { rename { ...S @defer } }\nfragment S on Shop { name }",
        "subscription { shopChanged { ... @defer { name } } }",
    ])
    func allowed(source: String) throws {
        try expectValid(source, rule: .deferStreamDirectiveOnRootField, allRules: true, schema: DeferSchemas.roots)
    }

    @Test func onMutationAndSubscriptionRoots() throws {
        try expectErrors("""
            mutation { ... @defer { rename { name } } }
            mutation M2 { ...Renames @defer(label: "r") }
            fragment Renames on Mutation { rename { name } }
            subscription { ... @defer { shopChanged { name } } }
            mutation M3 { ... on Mutation { ... @defer(if: false) { rename { name } } } }
            """, rule: .deferStreamDirectiveOnRootField, [
            Expected(
                .deferStreamDirectiveOnRootField, "directive '@defer' cannot be used on the root mutation type 'Mutation'",
                at: 1, 16
            ),
            Expected(
                .deferStreamDirectiveOnRootField, "directive '@defer' cannot be used on the root mutation type 'Mutation'",
                at: 2, 26
            ),
            Expected(
                .deferStreamDirectiveOnRootField,
                "directive '@defer' cannot be used on the root subscription type 'Subscription'", at: 4, 20
            ),
            Expected(
                .deferStreamDirectiveOnRootField, "directive '@defer' cannot be used on the root mutation type 'Mutation'",
                at: 5, 37
            ),
        ], schema: DeferSchemas.roots)
    }

    @Test func insideAFragmentOnTheMutationType() throws {
        try expectErrors("""
            mutation { ...M }
            fragment M on Mutation { ... @defer { rename { name } } }
            """, rule: .deferStreamDirectiveOnRootField, [
            Expected(
                .deferStreamDirectiveOnRootField, "directive '@defer' cannot be used on the root mutation type 'Mutation'",
                at: 2, 30
            ),
        ], schema: DeferSchemas.roots)
    }
}

@Suite("Validation: DeferStreamDirectiveLabel")
struct DeferStreamDirectiveLabelTests {
    @Test func uniqueStaticLabels() throws {
        try expectValid("""
            { shop { ... @defer(label: "a") { name } ... @defer(label: "b") { description } ... @defer { name } } }
            """, rule: .deferStreamDirectiveLabel, allRules: true, schema: DeferSchemas.roots)
    }

    @Test func duplicateAcrossTheDocument() throws {
        try expectErrors("""
            query A { shop { ... @defer(label: "x") { name } } }
            query B { shop { ...S @defer(label: "x") } }
            fragment S on Shop { name }
            """, rule: .deferStreamDirectiveLabel, [
            Expected(
                .deferStreamDirectiveLabel, "label \"x\" is used by another '@defer'; labels must be unique in the document",
                at: 2, 23, notes: [(1, 22)]
            ),
        ], schema: DeferSchemas.roots)
    }

    @Test func variableLabel() throws {
        try expectErrors("""
            query ($l: String) { shop { ... @defer(label: $l) { name } } }
            """, rule: .deferStreamDirectiveLabel, [
            Expected(.deferStreamDirectiveLabel, "argument '@defer(label:)' must be a static string", at: 1, 33),
        ], schema: DeferSchemas.roots)
    }

    @Test func notInGraphQLCoreRules() {
        #expect(ValidationRule.graphqlJS17 == [.knownOperationTypes, .deferStreamDirectiveOnRootField, .deferStreamDirectiveLabel])
        #expect(ValidationRule.graphqlCore.isDisjoint(with: ValidationRule.graphqlJS17))
    }
}
