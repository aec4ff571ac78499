import BuyflowCore
import GraphQLKit
import Testing

/// One argument value of `Values`' fields: `{ values { field(value: <value>) } }`.
struct ValueCase: Sendable, CustomTestStringConvertible {
    var field: String
    var value: String
    var message: String?
    var suggestion: String?
    var hint: String?

    /// The value's column in `{ values { field(value: <value>) } }`.
    var column: Int { 20 + field.count }
    var source: String { "{ values { \(field)(value: \(value)) } }" }
    var testDescription: String { "\(field)(value: \(value))" }

    static func valid(_ field: String, _ value: String) -> ValueCase { ValueCase(field: field, value: value) }

    static func invalid(_ field: String, _ value: String, _ type: String, found: String? = nil, suggestion: String? = nil, hint: String? = nil) -> ValueCase {
        ValueCase(
            field: field, value: value,
            message: "expected a value of type '\(type)' for argument 'value' on field '\(field)', found \(found ?? value)",
            suggestion: suggestion, hint: hint
        )
    }
}

@Suite("Validation: ValuesOfCorrectType")
struct ValuesOfCorrectTypeTests {
    static let cases: [ValueCase] = [
        // Int: integers of 32 bits.
        .valid("int", "123"), .valid("int", "-2147483648"), .valid("int", "2147483647"), .valid("int", "null"),
        .invalid("int", "\"123\"", "Int", hint: "numbers are written without quotes"),
        .invalid("int", "1.5", "Int"),
        .invalid("int", "2147483648", "Int", hint: "'Int' is a 32-bit signed integer, from -2147483648 to 2147483647"),
        .invalid("int", "-2147483649", "Int", hint: "'Int' is a 32-bit signed integer, from -2147483648 to 2147483647"),
        .invalid("int", "true", "Int"),
        .invalid("int", "BROWN", "Int"),
        .invalid("int", "[1]", "Int", hint: "'Int' takes one value, not a list"),
        .invalid("int", "{a: 1}", "Int"),
        .invalid("nonNullInt", "null", "Int!"),
        // Float takes integers.
        .valid("float", "1.5"), .valid("float", "1"), .valid("float", "1e400"),
        .invalid("float", "\"1.5\"", "Float", hint: "numbers are written without quotes"),
        .invalid("float", "true", "Float"),
        .invalid("float", "INF", "Float"),
        // String.
        .valid("string", "\"s\""), .valid("string", "\"\"\"block\"\"\""),
        .invalid("string", "1", "String", hint: "strings are written in double quotes"),
        .invalid("string", "1.5", "String", hint: "strings are written in double quotes"),
        .invalid("string", "true", "String"),
        .invalid("string", "BROWN", "String"),
        .invalid("string", "[\"a\"]", "String", hint: "'String' takes one value, not a list"),
        // Boolean.
        .valid("boolean", "false"),
        .invalid("boolean", "\"true\"", "Boolean", hint: "booleans are written without quotes"),
        .invalid("boolean", "1", "Boolean"),
        .invalid("boolean", "TRUE", "Boolean"),
        // ID takes strings and integers.
        .valid("id", "\"gid://shopify/Product/1\""), .valid("id", "4"),
        .invalid("id", "1.5", "ID"),
        .invalid("id", "true", "ID"),
        // Custom scalars take any literal (the server parses them).
        .valid("decimal", "\"12.50\""), .valid("decimal", "12"), .valid("decimal", "12.5"), .valid("decimal", "true"),
        .valid("decimal", "TWELVE"), .valid("decimal", "[1, 2]"), .valid("decimal", "{amount: 1}"), .valid("decimal", "null"),
        // Enums.
        .valid("color", "BROWN"),
        .invalid("color", "\"BROWN\"", "FurColor", suggestion: "BROWN", hint: "enum values are written without quotes"),
        .invalid("color", "BRWON", "FurColor", suggestion: "BROWN"),
        .invalid("color", "1", "FurColor", hint: "'FurColor' has the values BROWN, BLACK, TAN and SPOTTED"),
        .invalid("color", "true", "FurColor", hint: "'FurColor' has the values BROWN, BLACK, TAN and SPOTTED"),
        // Lists, and single values where lists are expected.
        .valid("colors", "[BROWN, BLACK]"), .valid("colors", "BROWN"), .valid("colors", "[]"), .valid("colors", "null"),
        .valid("ints", "[1, null, 3]"), .valid("ints", "1"),
        .valid("matrix", "[[1, 2], [3]]"), .valid("matrix", "[1, 2]"), .valid("matrix", "1"),
        // Input objects.
        .valid("adoption", "{name: \"Rex\", kind: {dog: SIT}}"),
        .valid("adoption", "{name: \"Rex\", kind: {other: \"fish\"}, weight: 1.5, friends: \"Tom\", home: {rooms: 2}}"),
        .valid("adoptions", "{name: \"Rex\", kind: {cat: JUMP}}"),
        .invalid("adoption", "\"Rex\"", "AdoptionInput", hint: "input objects are written in braces: { field: value }"),
        .invalid("adoption", "[{name: \"Rex\", kind: {cat: JUMP}}]", "AdoptionInput", hint: "'AdoptionInput' takes one value, not a list"),
        .invalid("adoptions", "null", "[AdoptionInput!]!"),
        // oneOf input objects.
        .valid("kind", "{dog: SIT}"), .valid("kind", "{other: \"fish\"}"), .valid("kind", "null"),
    ]

    @Test(arguments: cases)
    func argumentValue(_ valueCase: ValueCase) throws {
        let diagnostics = try validate(valueCase.source, rules: [.valuesOfCorrectType])
        guard let message = valueCase.message else {
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            return
        }
        expectDiagnostics(diagnostics, [
            Expected(.valuesOfCorrectType, message, at: 1, valueCase.column, suggestion: valueCase.suggestion),
        ])
        #expect(diagnostics.first?.hint == valueCase.hint)
    }

    @Test func listItems() throws {
        try expectErrors("""
            {
              values {
                colors(value: [BROWN, "BLACK", null])
                matrix(value: [[1], [null], 2.5])
              }
            }
            """, rule: .valuesOfCorrectType, [
            Expected(.valuesOfCorrectType, "expected a value of type 'FurColor!' for an item of argument 'value' on field 'colors', found \"BLACK\"", at: 3, 27, suggestion: "BLACK"),
            Expected(.valuesOfCorrectType, "expected a value of type 'FurColor!' for an item of argument 'value' on field 'colors', found null", at: 3, 36),
            Expected(.valuesOfCorrectType, "expected a value of type 'Int!' for an item of argument 'value' on field 'matrix', found null", at: 4, 26),
            Expected(.valuesOfCorrectType, "expected a value of type '[Int!]!' for an item of argument 'value' on field 'matrix', found 2.5", at: 4, 33),
        ])
    }

    @Test func inputObjectFields() throws {
        try expectErrors("""
            {
              values {
                adoption(value: {name: "Rex", nam: "Tom", weight: "1.5", friends: ["a", 1], home: {garden: "yes"}})
              }
            }
            """, rule: .valuesOfCorrectType, [
            // The missing required field is reported at the object.
            Expected(.valuesOfCorrectType, "field 'kind' of type 'PetKind!' is required by input 'AdoptionInput' but not provided", at: 3, 21),
            Expected(.valuesOfCorrectType, "field 'nam' is not defined by input 'AdoptionInput'", at: 3, 35, suggestion: "name"),
            Expected(.valuesOfCorrectType, "expected a value of type 'String!' for an item of field 'friends' of input 'AdoptionInput', found 1", at: 3, 77),
            Expected(.valuesOfCorrectType, "field 'rooms' of type 'Int!' is required by input 'HomeInput' but not provided", at: 3, 87),
            Expected(.valuesOfCorrectType, "expected a value of type 'Boolean' for field 'garden' of input 'HomeInput', found \"yes\"", at: 3, 96),
        ])
    }

    @Test func specificationExamples() throws {
        try expectValid("fragment goodBooleanArg on Arguments { booleanArgField(booleanArg: true) }", rule: .valuesOfCorrectType)
        try expectValid("fragment coercedIntIntoFloatArg on Arguments { floatArgField(floatArg: 123) }", rule: .valuesOfCorrectType)
        try expectValid("query goodComplexDefaultValue($search: FindDogInput = { name: \"Fido\" }) { findDog(searchBy: $search) { name } }", rule: .valuesOfCorrectType)
        try expectErrors("fragment stringIntoInt on Arguments { intArgField(intArg: \"123\") }", rule: .valuesOfCorrectType, [
            Expected(.valuesOfCorrectType, "expected a value of type 'Int' for argument 'intArg' on field 'intArgField', found \"123\"", at: 1, 59),
        ])
        try expectErrors("query badComplexValue { findDog(searchBy: { name: 123 }) { name } }", rule: .valuesOfCorrectType, [
            Expected(.valuesOfCorrectType, "expected a value of type 'String' for field 'name' of input 'FindDogInput', found 123", at: 1, 51),
        ])
        try expectErrors("{ findDog(searchBy: { favoriteCookieFlavor: \"Bacon\" }) { name } }", rule: .valuesOfCorrectType, [
            Expected(.valuesOfCorrectType, "field 'favoriteCookieFlavor' is not defined by input 'FindDogInput'", at: 1, 23),
        ])
    }

    @Test func oneOfInputObjects() throws {
        let diagnostics = try validate("""
            {
              values {
                a: kind(value: {dog: SIT, cat: JUMP})
                b: kind(value: {})
                c: kind(value: {dog: null})
              }
            }
            """, rules: [.valuesOfCorrectType])
        expectDiagnostics(diagnostics, [
            Expected(.valuesOfCorrectType, "oneOf input 'PetKind' must be given exactly one field, found 2", at: 3, 20),
            Expected(.valuesOfCorrectType, "oneOf input 'PetKind' must be given exactly one field, found 0", at: 4, 20),
            Expected(.valuesOfCorrectType, "field 'dog' of oneOf input 'PetKind' must not be null", at: 5, 26),
        ])
        #expect(diagnostics.first?.hint == "give one of 'dog', 'cat' or 'other'")
    }

    @Test func oneOfWithNullableVariables() throws {
        let diagnostics = try validate("""
            query Q($c: DogCommand, $d: DogCommand!) {
              values {
                a: kind(value: {dog: $c})
                b: kind(value: {dog: $d})
                ...F
              }
            }
            fragment F on Values { kind(value: {cat: $c}) }
            """, rules: [.valuesOfCorrectType])
        expectDiagnostics(diagnostics, [
            Expected(.valuesOfCorrectType, "variable '$c' of type 'DogCommand' must be non-null to be used for oneOf input 'PetKind'", at: 3, 26, notes: [(1, 9)]),
            Expected(.valuesOfCorrectType, "variable '$c' of type 'DogCommand' must be non-null to be used for oneOf input 'PetKind'", at: 8, 42, notes: [(1, 9)]),
        ])
        #expect(diagnostics.first?.hint == "declare it non-null: '$c: DogCommand!'")
    }

    @Test func defaultValuesAndDirectiveArguments() throws {
        try expectErrors("""
            query Q($i: Int = "x", $c: [DogCommand!] = [SIT, null], $ok: FindDogInput = {name: "a"}) {
              dog @skip(if: "yes") { name }
            }
            """, rule: .valuesOfCorrectType, [
            Expected(.valuesOfCorrectType, "expected a value of type 'Int' for the default value of '$i', found \"x\"", at: 1, 19),
            Expected(.valuesOfCorrectType, "expected a value of type 'DogCommand!' for an item of the default value of '$c', found null", at: 1, 50),
            Expected(.valuesOfCorrectType, "expected a value of type 'Boolean!' for argument 'if' on directive '@skip', found \"yes\"", at: 2, 17),
        ])
    }

    @Test func variablesAreNotCheckedHere() throws {
        // Their types are VariablesInAllowedPosition's business, single values into lists included.
        let source = "query Q($i: Int!, $n: String) { values { ints(value: $i) adoption(value: {name: $n, kind: {cat: JUMP}}) } }"
        try expectValid(source, rule: .valuesOfCorrectType)
        try expectErrors(source, rule: .variablesInAllowedPosition, [
            Expected(.variablesInAllowedPosition, "variable '$i' of type 'Int!' used in position expecting '[Int]'", at: 1, 54, notes: [(1, 9)]),
            Expected(.variablesInAllowedPosition, "variable '$n' of type 'String' used in position expecting 'String!'", at: 1, 81, notes: [(1, 19)]),
        ])
    }

    @Test func unknownArgumentsAreNotChecked() throws {
        try expectValid("{ dog { name(x: \"y\") unknown(value: {a: 1}) } }", rule: .valuesOfCorrectType)
    }
}

@Suite("Validation: UniqueInputFieldNames")
struct UniqueInputFieldNamesTests {
    @Test(arguments: [
        "{ findDog(searchBy: { name: \"Fido\", owner: \"Rex\" }) { name } }",
        "{ values { adoption(value: {name: \"a\", kind: {cat: JUMP}, home: {rooms: 1}}) adoptions(value: [{name: \"a\", kind: {cat: JUMP}}, {name: \"b\", kind: {cat: JUMP}}]) } }",
    ])
    func valid(source: String) throws {
        try expectValid(source, rule: .uniqueInputFieldNames)
    }

    @Test func duplicateFields() throws {
        try expectErrors("""
            { findDog(searchBy: { name: "Fido", name: "Rex" }) { name } }
            { findDog(searchBy: { name: "a", name: "b", name: "c" }) { name } }
            { dog { unknown(x: { y: { a: 1, a: 2 } }) } }
            """, rule: .uniqueInputFieldNames, [
            Expected(.uniqueInputFieldNames, "input field 'name' is given more than once", at: 1, 37, notes: [(1, 23)]),
            Expected(.uniqueInputFieldNames, "input field 'name' is given more than once", at: 2, 34, notes: [(2, 23)]),
            Expected(.uniqueInputFieldNames, "input field 'name' is given more than once", at: 2, 45, notes: [(2, 23)]),
            Expected(.uniqueInputFieldNames, "input field 'a' is given more than once", at: 3, 33, notes: [(3, 27)]),
        ])
    }
}
