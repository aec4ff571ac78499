import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: MaxIntrospectionDepth")
struct MaxIntrospectionDepthTests {
    @Test(arguments: [
        // The usual introspection query's shape: type lists two deep at most.
        "{ __schema { types { name fields { name type { name ofType { name ofType { name } } } } interfaces { name } possibleTypes { name } inputFields { name } } } }",
        "{ __type(name: \"Dog\") { fields { type { fields { name } } } } }",
        "{ __type(name: \"Dog\") { ...T } }\nfragment T on __Type { fields { type { interfaces { name } } } }",
        // Fields with these names outside introspection are not counted.
        "{ dog { name } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .maxIntrospectionDepth)
    }

    @Test func threeListsDeep() throws {
        let diagnostics = try validate("""
            {
              __type(name: "Dog") { fields { type { fields { type { fields { name } } } } } }
            }
            """, rules: [.maxIntrospectionDepth])
        expectDiagnostics(diagnostics, [
            Expected(
                .maxIntrospectionDepth,
                "maximum introspection depth exceeded: '__type' nests 'fields', 'interfaces', 'possibleTypes' or 'inputFields' 3 deep",
                at: 2, 3
            ),
        ])
        #expect(diagnostics.first?.hint == "deeply nested introspection is refused to protect the server")
    }

    @Test func throughFragments() throws {
        try expectErrors("""
            { __schema { types { ...T } } }
            fragment T on __Type { fields { type { interfaces { possibleTypes { name } } } } }
            """, rule: .maxIntrospectionDepth, [
            Expected(
                .maxIntrospectionDepth,
                "maximum introspection depth exceeded: '__schema' nests 'fields', 'interfaces', 'possibleTypes' or 'inputFields' 3 deep",
                at: 1, 3
            ),
        ])
    }

    @Test func cyclicFragmentsEnd() throws {
        try expectValid("{ __schema { types { ...T } } }\nfragment T on __Type { ofType { ...T } }", rule: .maxIntrospectionDepth)
    }
}

@Suite("Validation: Deprecated")
struct DeprecatedTests {
    static let source = """
        query Q($c: DogCommand = PLAY_DEAD) {
          dog {
            oldName
            bark(loudly: true, times: 2)
            doesKnowCommand(dogCommand: PLAY_DEAD)
          }
        }
        mutation M {
          adopt(pet: {name: "a", kind: {dog: PLAY_DEAD}, legacyTag: "x"}) { name }
        }
        """

    @Test func warnings() throws {
        let diagnostics = try validate(Self.source, rules: [], deprecations: true)
        expectDiagnostics(diagnostics, [
            .deprecated("enum value 'PLAY_DEAD' of 'DogCommand' is deprecated", at: 1, 26),
            .deprecated("field 'oldName' of type 'Dog' is deprecated", at: 3, 5),
            .deprecated("argument 'loudly' on field 'bark' is deprecated", at: 4, 10),
            .deprecated("enum value 'PLAY_DEAD' of 'DogCommand' is deprecated", at: 5, 33),
            .deprecated("enum value 'PLAY_DEAD' of 'DogCommand' is deprecated", at: 9, 38),
            .deprecated("field 'legacyTag' of input 'AdoptionInput' is deprecated", at: 9, 50),
        ])
        #expect(diagnostics.map(\.hint) == [
            "deprecated: Use DOWN.", "deprecated: Use name.", "deprecated: Every bark is loud.", "deprecated: Use DOWN.",
            "deprecated: Use DOWN.", "deprecated: Use name.",
        ])
    }

    @Test func onByDefaultAndOff() throws {
        let document = try Parser.parse(Self.source, path: "test.graphql")
        let byDefault = Validator.validate(document, against: ValidationSchemas.spec)
        let warnings = byDefault.filter { $0.severity == .warning }
        #expect(warnings.count == 6)
        #expect(warnings.allSatisfy { $0.code == Validator.deprecatedCode })
        // '$c' only has a default value.
        #expect(byDefault.filter { $0.severity == .error }.map(\.code) == ["graphql.NoUnusedVariables"])
        #expect(try validate(Self.source, deprecations: false).map(\.code) == ["graphql.NoUnusedVariables"])
    }

    @Test func errorsAndWarningsTogether() throws {
        let diagnostics = try validate("{ dog { oldName name: nickname name } }", deprecations: true)
        expectDiagnostics(diagnostics, [
            .deprecated("field 'oldName' of type 'Dog' is deprecated", at: 1, 9),
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'name' conflict because they select different fields ('nickname' and 'name'); use different aliases",
                at: 1, 32, notes: [(1, 17)]
            ),
        ])
    }
}
