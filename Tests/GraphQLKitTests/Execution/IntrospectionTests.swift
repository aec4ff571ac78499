import BuyflowTestSupport
import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 4.2 "Schema Introspection" through the executor: every field of the
/// introspection types, the standard introspection query against a golden file, and the
/// round trip through the schema layer's introspection loader.
@Suite("Execution: introspection")
struct ExecutionIntrospectionTests {
    static func introspect(_ schema: Schema) throws -> ExecutionResult {
        let query = try ExecutionFixtures.text("introspection-query.graphql")
        return Executor(schema: schema).execute(document: ExecutionFixtures.parse(query))
    }

    @Test func typeFieldsAndDeprecation() {
        expectExecution(
            """
            {
              __type(name: "Product") {
                kind name description
                fields { name }
                all: fields(includeDeprecated: true) { name isDeprecated deprecationReason }
                interfaces { name }
                possibleTypes { name }
                enumValues { name }
                inputFields { name }
                ofType { name }
                specifiedByURL
                isOneOf
              }
            }
            """,
            """
            {"data":{"__type":{"kind":"OBJECT","name":"Product","description":"Something for sale.",
              "fields":[{"name":"id"},{"name":"handle"},{"name":"title"},{"name":"price"},{"name":"tags"},{"name":"variants"},{"name":"rating"},{"name":"stock"},{"name":"metadata"}],
              "all":[{"name":"id","isDeprecated":false,"deprecationReason":null},{"name":"handle","isDeprecated":false,"deprecationReason":null},
                {"name":"title","isDeprecated":false,"deprecationReason":null},{"name":"price","isDeprecated":false,"deprecationReason":null},
                {"name":"tags","isDeprecated":false,"deprecationReason":null},{"name":"variants","isDeprecated":false,"deprecationReason":null},
                {"name":"rating","isDeprecated":false,"deprecationReason":null},{"name":"stock","isDeprecated":false,"deprecationReason":null},
                {"name":"legacyTitle","isDeprecated":true,"deprecationReason":"Use `title`."},{"name":"metadata","isDeprecated":false,"deprecationReason":null}],
              "interfaces":[{"name":"Node"}],"possibleTypes":null,"enumValues":null,"inputFields":null,"ofType":null,"specifiedByURL":null,"isOneOf":null}}}
            """
        )
    }

    @Test func wrappedTypesAndAbstractTypes() {
        expectExecution(
            """
            {
              product: __type(name: "Product") { fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } }
              node: __type(name: "Node") { kind possibleTypes { name } fields { name } interfaces { name } }
              search: __type(name: "SearchResult") { kind possibleTypes { name } fields { name } interfaces { name } }
              missing: __type(name: "Nope") { name }
            }
            """,
            """
            {"data":{
              "product":{"fields":[
                {"name":"id","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"ID","ofType":null}}},
                {"name":"handle","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}}},
                {"name":"title","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String","ofType":null}}},
                {"name":"price","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"Money","ofType":null}}},
                {"name":"tags","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"SCALAR","name":"String"}}}}},
                {"name":"variants","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"OBJECT","name":"Variant"}}}}},
                {"name":"rating","type":{"kind":"SCALAR","name":"Float","ofType":null}},
                {"name":"stock","type":{"kind":"SCALAR","name":"Int","ofType":null}},
                {"name":"metadata","type":{"kind":"SCALAR","name":"JSON","ofType":null}}]},
              "node":{"kind":"INTERFACE","possibleTypes":[{"name":"Product"},{"name":"Variant"},{"name":"Collection"}],"fields":[{"name":"id"}],"interfaces":[]},
              "search":{"kind":"UNION","possibleTypes":[{"name":"Product"},{"name":"Collection"}],"fields":null,"interfaces":null},
              "missing":null}}
            """
        )
    }

    @Test func inputValuesEnumsScalarsAndDirectives() {
        expectExecution(
            """
            {
              line: __type(name: "LineInput") { kind isOneOf inputFields { name description defaultValue type { name } } }
              key: __type(name: "ProductKey") { isOneOf }
              filter: __type(name: "Filter") { inputFields { name } all: inputFields(includeDeprecated: true) { name isDeprecated deprecationReason defaultValue } }
              currency: __type(name: "CurrencyCode") { enumValues { name description } all: enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } }
              decimal: __type(name: "Decimal") { kind specifiedByURL description }
              query: __type(name: "Query") { fields { name args { name } all: args(includeDeprecated: true) { name deprecationReason } } }
              __schema {
                description
                queryType { name } mutationType { name } subscriptionType { name }
                directives { name isRepeatable locations args { name defaultValue description } }
              }
            }
            """,
            """
            {"data":{
              "line":{"kind":"INPUT_OBJECT","isOneOf":false,"inputFields":[
                {"name":"merchandiseId","description":null,"defaultValue":null,"type":{"name":null}},
                {"name":"quantity","description":"How many.","defaultValue":"1","type":{"name":"Int"}},
                {"name":"attributes","description":null,"defaultValue":null,"type":{"name":null}},
                {"name":"note","description":null,"defaultValue":"\\"none\\"","type":{"name":"String"}}]},
              "key":{"isOneOf":true},
              "filter":{"inputFields":[{"name":"tags"},{"name":"minPrice"},{"name":"available"},{"name":"currency"}],
                "all":[{"name":"tags","isDeprecated":false,"deprecationReason":null,"defaultValue":null},
                  {"name":"minPrice","isDeprecated":false,"deprecationReason":null,"defaultValue":null},
                  {"name":"available","isDeprecated":false,"deprecationReason":null,"defaultValue":null},
                  {"name":"currency","isDeprecated":false,"deprecationReason":null,"defaultValue":"USD"},
                  {"name":"oldField","isDeprecated":true,"deprecationReason":"Ignored.","defaultValue":null}]},
              "currency":{"enumValues":[{"name":"USD","description":"US dollars."},{"name":"CAD","description":null}],
                "all":[{"name":"USD","isDeprecated":false,"deprecationReason":null},{"name":"CAD","isDeprecated":false,"deprecationReason":null},
                  {"name":"EUR","isDeprecated":true,"deprecationReason":"Not sold in euros any more."}]},
              "decimal":{"kind":"SCALAR","specifiedByURL":"https://example.com/decimal","description":"A decimal number as a string."},
              "query":{"fields":[
                {"name":"product","args":[{"name":"id"},{"name":"handle"}],"all":[{"name":"id","deprecationReason":null},{"name":"handle","deprecationReason":null}]},
                {"name":"productBy","args":[{"name":"key"}],"all":[{"name":"key","deprecationReason":null}]},
                {"name":"products","args":[{"name":"first"},{"name":"filter"}],"all":[{"name":"first","deprecationReason":null},{"name":"filter","deprecationReason":null}]},
                {"name":"node","args":[{"name":"id"}],"all":[{"name":"id","deprecationReason":null}]},
                {"name":"nodes","args":[{"name":"ids"}],"all":[{"name":"ids","deprecationReason":null}]},
                {"name":"search","args":[{"name":"query"}],"all":[{"name":"query","deprecationReason":null}]},
                {"name":"collection","args":[{"name":"handle"}],"all":[{"name":"handle","deprecationReason":null}]},
                {"name":"variables","args":[],"all":[]},
                {"name":"echo","args":[{"name":"int"},{"name":"float"},{"name":"string"},{"name":"boolean"},{"name":"id"},{"name":"currency"},{"name":"line"},{"name":"key"},{"name":"ints"},{"name":"matrix"},{"name":"decimal"},{"name":"json"},{"name":"filter"}],
                  "all":[{"name":"int","deprecationReason":null},{"name":"float","deprecationReason":null},{"name":"string","deprecationReason":null},{"name":"boolean","deprecationReason":null},{"name":"id","deprecationReason":null},{"name":"currency","deprecationReason":null},{"name":"line","deprecationReason":null},{"name":"key","deprecationReason":null},{"name":"ints","deprecationReason":null},{"name":"matrix","deprecationReason":null},{"name":"decimal","deprecationReason":null},{"name":"json","deprecationReason":null},{"name":"filter","deprecationReason":null},{"name":"old","deprecationReason":"Use string."}]},
                {"name":"echoRequired","args":[{"name":"int"},{"name":"withDefault"},{"name":"currency"}],"all":[{"name":"int","deprecationReason":null},{"name":"withDefault","deprecationReason":null},{"name":"currency","deprecationReason":null}]}]},
              "__schema":{"description":"A small shop for the execution tests: every kind of type, input coercion cases,\\ninterfaces and unions, deprecations, a repeatable directive.",
                "queryType":{"name":"Query"},"mutationType":{"name":"Mutation"},"subscriptionType":null,
                "directives":[
                  {"name":"cached","isRepeatable":true,"locations":["FIELD_DEFINITION","OBJECT"],"args":[{"name":"ttl","defaultValue":"60","description":"Seconds."},{"name":"scope","defaultValue":"PUBLIC","description":null}]},
                  {"name":"include","isRepeatable":false,"locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","defaultValue":null,"description":"Included when true."}]},
                  {"name":"skip","isRepeatable":false,"locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","defaultValue":null,"description":"Skipped when true."}]},
                  {"name":"deprecated","isRepeatable":false,"locations":["FIELD_DEFINITION","ARGUMENT_DEFINITION","INPUT_FIELD_DEFINITION","ENUM_VALUE"],"args":[{"name":"reason","defaultValue":"\\"No longer supported\\"","description":"Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/)."}]},
                  {"name":"specifiedBy","isRepeatable":false,"locations":["SCALAR"],"args":[{"name":"url","defaultValue":null,"description":"The URL that specifies the behavior of this scalar."}]},
                  {"name":"oneOf","isRepeatable":false,"locations":["INPUT_OBJECT"],"args":[]}]}}}
            """
        )
    }

    @Test func introspectionCanBeDisabled() {
        let executor = Executor(schema: ExecutionFixtures.schema, options: ExecutionOptions(allowsIntrospection: false))
        expectExecution(
            "{ __typename __schema { description } }", executor: executor,
            #"{"errors":[{"message":"GraphQL introspection is not allowed, but the query contained __schema.","locations":[{"line":1,"column":14}],"path":["__schema"],"extensions":{"code":"INTROSPECTION_DISABLED"}}],"data":null}"#
        )
    }

    @Test func standardQueryMatchesGoldenFile() throws {
        let result = try Self.introspect(ExecutionFixtures.schema)
        #expect(result.errors.isEmpty, "\(result.errors)")
        try Fixtures.golden.expect(JSONSerializer(pretty: true).string(result.json) + "\n", at: "execution/shop.introspection.json")
    }

    @Test func roundTripThroughTheIntrospectionLoader() throws {
        let schema = ExecutionFixtures.schema
        let result = try Self.introspect(schema)
        let rebuilt = try Schema(introspectionJSON: Data(JSONSerializer().bytes(result.json)), path: "introspection")
        // Introspection prints default values from their value, so the block string
        // `"""none"""` of `LineInput.note` comes back as the ordinary string `"none"`.
        let expected = SchemaPrinter.print(schema).replacingOccurrences(of: #"= """none""""#, with: #"= "none""#)
        #expect(SchemaPrinter.print(rebuilt) == expected, "\(LineDiff.render(expected: expected, actual: SchemaPrinter.print(rebuilt), context: 2))")
        // And introspecting the rebuilt schema gives the same result.
        #expect(ExecutionFixtures.compact(try Self.introspect(rebuilt)) == ExecutionFixtures.compact(result))
    }

    @Test(.enabled(if: StorefrontReference.isAvailable, StorefrontReference.skipMessage))
    func roundTripOfTheStorefrontSchema() throws {
        let data = try #require(StorefrontReference.data)
        let schema = try Schema(introspectionJSON: data, path: StorefrontReference.path)
        let result = try Self.introspect(schema)
        #expect(result.errors.isEmpty, "\(result.errors.prefix(3))")
        let rebuilt = try Schema(introspectionJSON: Data(JSONSerializer().bytes(result.json)), path: "introspection")
        let printed = SchemaPrinter.print(schema)
        let reprinted = SchemaPrinter.print(rebuilt)
        #expect(printed == reprinted, "\(LineDiff.render(expected: printed, actual: reprinted, context: 2).prefix(2_000))")
        #expect(rebuilt.types.count == 424)
        #expect(rebuilt.queryType?.name == "QueryRoot")
        #expect(rebuilt.mutationType?.fields.count == 41)
        // Our answer carries what the published introspection result carries.
        let published = try JSONParser().parse(bytes: data)
        let ours = try #require(result.data?["__schema"])
        let publishedTypes = published["__schema"]?["types"]?.arrayValue ?? []
        let ourTypes = ours["types"]?.arrayValue ?? []
        #expect(publishedTypes.count == ourTypes.count)
        let ourTypesByName = Dictionary(ourTypes.map { ($0["name"]?.stringValue ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        var differing: [String] = []
        for type in publishedTypes {
            let name = type["name"]?.stringValue ?? ""
            guard !name.hasPrefix("__") else { continue }
            guard let ourType = ourTypesByName[name], Self.sameMembers(type, ourType) else {
                differing.append(name)
                continue
            }
        }
        #expect(differing.isEmpty, "types whose introspection differs from the published JSON: \(differing.prefix(10))")
    }

    /// Whether `published` and `ours` agree on every member `published` has.
    static func sameMembers(_ published: JSONValue, _ ours: JSONValue) -> Bool {
        switch (published, ours) {
        case (.object(let a), .object(let b)):
            return a.members.allSatisfy { member in b[member.key].map { sameMembers(member.value, $0) } ?? member.value.isNull }
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { sameMembers($0, $1) }
        default:
            return published == ours
        }
    }
}

/// The Storefront API introspection result, read from `../shared/storefront/` next to
/// the package (reference data, never copied into the repository).
enum StorefrontReference {
    static let path = RepositoryPaths.publishedSchema.path

    static var isAvailable: Bool { FileManager.default.isReadableFile(atPath: path) }

    static let skipMessage: Comment = "the Storefront schema is not at ../shared/storefront/storefront.schema.json (next to the package); skipped"

    static let data: Data? = FileManager.default.contents(atPath: path)
}
