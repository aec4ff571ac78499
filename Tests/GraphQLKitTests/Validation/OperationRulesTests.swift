import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: ExecutableDefinitions")
struct ExecutableDefinitionsTests {
    @Test func operationsAndFragmentsAreExecutable() throws {
        try expectValid("query Q { dog { ...F } }\nfragment F on Dog { name }", rule: .executableDefinitions)
    }

    @Test func typeExtension() throws {
        // The specification's counter-example.
        try expectErrors("""
            query getDogName {
              dog {
                name
                color
              }
            }

            extend type Dog {
              color: String
            }
            """, rule: .executableDefinitions, [
            Expected(.executableDefinitions, "the type extension 'Dog' is not executable", at: 8, 1),
        ])
    }

    @Test(arguments: [
        ("schema { query: Query }", "the schema definition is not executable"),
        ("extend schema @onQuery", "the schema extension is not executable"),
        ("scalar Money", "the scalar definition 'Money' is not executable"),
        ("type Foo { a: Int }", "the type definition 'Foo' is not executable"),
        ("interface Named { name: String }", "the interface definition 'Named' is not executable"),
        ("union U = Dog | Cat", "the union definition 'U' is not executable"),
        ("enum E { A }", "the enum definition 'E' is not executable"),
        ("input I { a: Int }", "the input definition 'I' is not executable"),
        ("directive @foo on FIELD", "the directive definition '@foo' is not executable"),
        ("extend enum DogCommand { ROLL }", "the enum extension 'DogCommand' is not executable"),
    ])
    func typeSystemDefinitions(source: String, message: String) throws {
        try expectErrors("{ dog { name } }\n" + source, rule: .executableDefinitions, [
            Expected(.executableDefinitions, message, at: 2, 1),
        ])
    }

    @Test func everyDefinitionIsReported() throws {
        let diagnostics = try validate("type A { a: Int }\n{ dog { name } }\ntype B { b: Int }", rules: [.executableDefinitions])
        #expect(diagnostics.map(\.location?.line) == [1, 3])
        #expect(diagnostics.first?.hint == "a document to execute may contain only operations and fragments; types and directives belong in the schema")
    }
}

@Suite("Validation: UniqueOperationNames")
struct UniqueOperationNamesTests {
    @Test(arguments: [
        "query getDogName { dog { name } }\nquery getOwnerName { dog { owner { name } } }",
        "{ dog { name } }",
        "query A { dog { name } }\nfragment A on Dog { name }",
        "query A { dog { name } }\nmutation B { renameDog(name: \"x\") { name } }\nsubscription C { newMessage { body } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .uniqueOperationNames)
    }

    @Test func sameNameTwice() throws {
        try expectErrors("""
            query getName { dog { name } }
            query getName { dog { owner { name } } }
            """, rule: .uniqueOperationNames, [
            Expected(.uniqueOperationNames, "operation 'getName' is defined more than once", at: 2, 7, notes: [(1, 7)]),
        ])
    }

    @Test func differentOperationTypes() throws {
        try expectErrors("""
            query dogOperation { dog { name } }
            mutation dogOperation { renameDog(name: "Rex") { name } }
            subscription dogOperation { newMessage { body } }
            """, rule: .uniqueOperationNames, [
            Expected(.uniqueOperationNames, "operation 'dogOperation' is defined more than once", at: 2, 10, notes: [(1, 7)]),
            Expected(.uniqueOperationNames, "operation 'dogOperation' is defined more than once", at: 3, 14, notes: [(1, 7)]),
        ])
    }
}

@Suite("Validation: LoneAnonymousOperation")
struct LoneAnonymousOperationTests {
    @Test(arguments: [
        "{ dog { name } }",
        "query { dog { name } }\nfragment F on Dog { name }",
        "query A { dog { name } }\nquery B { dog { name } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .loneAnonymousOperation)
    }

    @Test func anonymousWithNamed() throws {
        try expectErrors("""
            {
              dog {
                name
              }
            }

            query getName {
              dog {
                owner {
                  name
                }
              }
            }
            """, rule: .loneAnonymousOperation, [
            Expected(
                .loneAnonymousOperation, "an anonymous operation must be the only operation in the document (there are 2)",
                at: 1, 1, notes: [(7, 1)]
            ),
        ])
    }

    @Test func twoAnonymous() throws {
        try expectErrors("{ dog { name } }\nmutation { renameDog(name: \"x\") { name } }", rule: .loneAnonymousOperation, [
            Expected(.loneAnonymousOperation, "an anonymous operation must be the only operation in the document (there are 2)", at: 1, 1, notes: [(2, 1)]),
            Expected(.loneAnonymousOperation, "an anonymous operation must be the only operation in the document (there are 2)", at: 2, 1, notes: [(1, 1)]),
        ])
    }
}

@Suite("Validation: KnownOperationTypes")
struct KnownOperationTypesTests {
    static let queryOnly = try! Schema(sdl: "type Query { a: Int }")

    @Test(arguments: ["{ a }", "query Q { a }"])
    func supported(source: String) throws {
        try expectValid(source, rule: .knownOperationTypes, schema: Self.queryOnly)
    }

    @Test func unsupported() throws {
        try expectErrors("mutation M { a }\nsubscription { a }", rule: .knownOperationTypes, [
            Expected(.knownOperationTypes, "mutation 'M' is not supported: the schema has no mutation root type", at: 1, 1),
            Expected(.knownOperationTypes, "subscription is not supported: the schema has no subscription root type", at: 2, 1),
        ], schema: Self.queryOnly)
    }

    @Test func notInGraphQLCoreRules() {
        #expect(!ValidationRule.graphqlCore.contains(.knownOperationTypes))
        #expect(ValidationRule.all.subtracting(ValidationRule.graphqlCore) == ValidationRule.graphqlJS17)
    }
}

@Suite("Validation: SingleFieldSubscriptions")
struct SingleFieldSubscriptionsTests {
    @Test(arguments: [
        "subscription sub { newMessage { body sender } }",
        "subscription sub { ...newMessageFields }\nfragment newMessageFields on Subscription { newMessage { body sender } }",
        // One response key, selected twice.
        "subscription { newMessage { body } newMessage { sender } }",
        // Skipped, or in a fragment that cannot apply, the second field is not collected.
        "subscription { newMessage { body } disallowedSecondRootField @skip(if: true) }",
        "subscription { newMessage { body } disallowedSecondRootField @include(if: false) }",
        "subscription { newMessage { body } ... on Query { dog { name } } }",
        // Queries may select several fields.
        "query { dog { name } __typename }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .singleFieldSubscriptions)
    }

    @Test func twoRootFields() throws {
        try expectErrors("""
            subscription sub {
              newMessage {
                body
                sender
              }
              disallowedSecondRootField
            }
            """, rule: .singleFieldSubscriptions, [
            Expected(.singleFieldSubscriptions, "subscription 'sub' must select only one top-level field, found 2", at: 6, 3, notes: [(2, 3)]),
        ])
    }

    @Test func throughAFragment() throws {
        try expectErrors("""
            subscription sub {
              ...multipleSubscriptions
            }

            fragment multipleSubscriptions on Subscription {
              newMessage {
                body
                sender
              }
              disallowedSecondRootField
            }
            """, rule: .singleFieldSubscriptions, [
            Expected(.singleFieldSubscriptions, "subscription 'sub' must select only one top-level field, found 2", at: 10, 3, notes: [(6, 3)]),
        ])
    }

    @Test func introspectionField() throws {
        try expectErrors("subscription sub {\n  __typename\n}", rule: .singleFieldSubscriptions, [
            Expected(.singleFieldSubscriptions, "subscription 'sub' must not select the introspection field '__typename' at the top level", at: 2, 3),
        ])
    }

    @Test func anonymousWithExtraIntrospectionField() throws {
        try expectErrors("subscription { newMessage { body } __typename a: newMessage { sender } }", rule: .singleFieldSubscriptions, [
            Expected(.singleFieldSubscriptions, "an anonymous subscription must select only one top-level field, found 3", at: 1, 36, notes: [(1, 16), (1, 47)]),
            Expected(.singleFieldSubscriptions, "an anonymous subscription must not select the introspection field '__typename' at the top level", at: 1, 36),
        ])
    }
}
