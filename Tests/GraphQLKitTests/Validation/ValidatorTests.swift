import BuyflowCore
import GraphQLKit
import Testing

@Suite("Validation: Validator")
struct ValidatorTests {
    @Test func codesAreGraphQLJSRuleNames() {
        // graphql-js's `specifiedRules` (graphql-core's `specified_rules`), in order.
        let graphqlJS = [
            "ExecutableDefinitions", "UniqueOperationNames", "LoneAnonymousOperation", "SingleFieldSubscriptions",
            "KnownTypeNames", "FragmentsOnCompositeTypes", "VariablesAreInputTypes", "ScalarLeafs", "FieldsOnCorrectType",
            "UniqueFragmentNames", "KnownFragmentNames", "NoUnusedFragments", "PossibleFragmentSpreads", "NoFragmentCycles",
            "UniqueVariableNames", "NoUndefinedVariables", "NoUnusedVariables", "KnownDirectives",
            "UniqueDirectivesPerLocation", "KnownArgumentNames", "UniqueArgumentNames", "ValuesOfCorrectType",
            "ProvidedRequiredArguments", "VariablesInAllowedPosition", "OverlappingFieldsCanBeMerged",
            "UniqueInputFieldNames", "MaxIntrospectionDepth",
        ]
        #expect(ValidationRule.allCases.filter { !ValidationRule.graphqlJS17.contains($0) }.map(\.rawValue) == graphqlJS)
        #expect(ValidationRule.graphqlCore.map(\.rawValue).sorted() == graphqlJS.sorted())
        #expect(ValidationRule.fieldsOnCorrectType.code == "graphql.FieldsOnCorrectType")
        #expect(ValidationRule.allCases.allSatisfy { $0.code == "graphql." + $0.rawValue })
        #expect(ValidationOptions().rules == ValidationRule.all)
        #expect(ValidationOptions().maxErrors == 100)
        #expect(ValidationOptions().deprecationWarnings)
        #expect(ValidationOptions().order == .location)
    }

    @Test func validDocumentHasNoDiagnostics() throws {
        let source = """
            query Dog($command: DogCommand!, $home: Boolean = false) {
              dog {
                ...DogFields
                doesKnowCommand(dogCommand: $command)
                isHouseTrained(atOtherHomes: $home)
              }
              catOrDog { ... on Cat { meowVolume } ... on Dog { barkVolume } }
            }
            fragment DogFields on Dog { name owner { name pets { name } } }
            """
        #expect(try validate(source, deprecations: true).isEmpty)
    }

    @Test func sortedByLocationThenRule() throws {
        let source = """
            query Q($unused: Int, $b: Boolean) {
              dog { nam barkVolume { x } }
              arguments { nonNullBooleanArgField(nonNullBooleanArg: $b) }
            }
            """
        let diagnostics = try validate(source)
        #expect(diagnostics.map(\.code) == [
            "graphql.NoUnusedVariables", "graphql.FieldsOnCorrectType", "graphql.ScalarLeafs",
            "graphql.VariablesInAllowedPosition",
        ])
        let locations = diagnostics.compactMap(\.location)
        #expect(locations == locations.sorted())
    }

    @Test func graphqlJSOrder() throws {
        // graphql-js reports unused variables on leaving the operation, after the walk.
        let source = """
            query Q($unused: Int, $b: Boolean) {
              dog { nam barkVolume { x } }
              arguments { nonNullBooleanArgField(nonNullBooleanArg: $b) }
            }
            """
        let diagnostics = try validate(source, order: .graphqlJS)
        #expect(diagnostics.map(\.code) == [
            "graphql.FieldsOnCorrectType", "graphql.ScalarLeafs", "graphql.NoUnusedVariables",
            "graphql.VariablesInAllowedPosition",
        ])
        // A misspelt argument: graphql-js reports the unknown argument on entering it and
        // the missing one on leaving the field.
        let misspelt = try validate("{ human(idd: 1) { name } arguments { multipleRequirements(x: 1, z: 2) } }", order: .graphqlJS)
        #expect(misspelt.map(\.code) == ["graphql.KnownArgumentNames", "graphql.KnownArgumentNames", "graphql.ProvidedRequiredArguments"])
        let byLocation = try validate("{ human(idd: 1) { name } arguments { multipleRequirements(x: 1, z: 2) } }")
        #expect(byLocation.map(\.code) == ["graphql.KnownArgumentNames", "graphql.ProvidedRequiredArguments", "graphql.KnownArgumentNames"])
    }

    @Test func maxErrors() throws {
        let source = "{ dog { a b c d e } }"
        let diagnostics = try validate(source, maxErrors: 3)
        #expect(diagnostics.count == 4)
        #expect(diagnostics.prefix(3).allSatisfy { $0.code == "graphql.FieldsOnCorrectType" })
        let last = try #require(diagnostics.last)
        #expect(last.code == Validator.tooManyErrorsCode)
        #expect(last.message == "too many validation errors; validation stopped after 3")
        #expect(last.location == nil)
        #expect(last.severity == .error)
        #expect(try validate(source, maxErrors: 5).count == 5)
        #expect(try validate(source, maxErrors: 0).count == 2)
    }

    @Test func defaultMaxErrorsIsAHundred() throws {
        let source = "{ dog { " + (0..<150).map { "f\($0)" }.joined(separator: " ") + " } }"
        let diagnostics = try validate(source)
        #expect(diagnostics.count == 101)
        #expect(diagnostics.last?.code == Validator.tooManyErrorsCode)
    }

    @Test func onlyTheChosenRules() throws {
        let source = "query Q($unused: Int) { dog { nam } }"
        #expect(try validate(source, rules: [.noUnusedVariables]).map(\.code) == ["graphql.NoUnusedVariables"])
        #expect(try validate(source, rules: [.fieldsOnCorrectType]).map(\.code) == ["graphql.FieldsOnCorrectType"])
        #expect(try validate(source, rules: []).isEmpty)
    }

    @Test func locationsNameTheDocument() throws {
        let document = try Parser.parse("{ dog { nam } }", path: "queries/dog.graphql")
        let diagnostic = try #require(Validator.validate(document, against: ValidationSchemas.spec).first)
        #expect(diagnostic.location == SourceLocation(file: "queries/dog.graphql", line: 1, column: 9))
        #expect(diagnostic.description == "queries/dog.graphql:1:9: error: cannot query field 'nam' on type 'Dog'; did you mean 'name'?")
    }

    @Test func rendered() throws {
        let source = "query Q($id: ID) {\n  human(id: $id) { nmae }\n}\n"
        let document = try Parser.parse(source, path: "q.graphql")
        let diagnostics = Validator.validate(document, against: ValidationSchemas.spec)
        let rendered = DiagnosticRenderer(sources: [SourceFile(path: "q.graphql", text: source)]).render(diagnostics)
        #expect(rendered == """
            q.graphql:2:20: error: cannot query field 'nmae' on type 'Human'; did you mean 'name'?
             2 |   human(id: $id) { nmae }
               |                    ^

            """)
    }

    @Test func documentsBuiltInCode() {
        // Synthesized nodes have no location: diagnostics have none either.
        let document = Document(definitions: [
            .operation(OperationDefinition(operation: .query, selectionSet: SelectionSet([
                .field(Field(name: Name("dog"), selectionSet: SelectionSet([.field(Field(name: Name("nope")))]))),
            ]))),
        ])
        let diagnostics = Validator.validate(document, against: ValidationSchemas.spec)
        #expect(diagnostics.map(\.message) == ["cannot query field 'nope' on type 'Dog'"])
        #expect(diagnostics.first?.location == nil)
    }

    @Test func typeSystemDefinitionsAreOnlyReported() throws {
        // Their contents (unknown types here) are not checked as executable parts.
        let diagnostics = try validate("type Foo { bar: Unknown }\n{ dog { name } }")
        #expect(diagnostics.map(\.code) == ["graphql.ExecutableDefinitions"])
    }
}
