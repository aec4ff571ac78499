import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 6.4.3 "ResolveAbstractType" and fragments on interfaces and unions.
@Suite("Execution: interfaces and unions")
struct ExecutionAbstractTypeTests {
    @Test func interfaceFromJSONTypename() {
        expectExecution(
            """
            {
              product: node(id: "gid://shop/Product/3") { __typename id ... on Product { title } ... on Variant { available } }
              variant: node(id: "gid://shop/Variant/13") { __typename id ... on Product { title } ... on Variant { available } }
              missing: node(id: "nope") { id }
            }
            """,
            #"{"data":{"product":{"__typename":"Product","id":"gid://shop/Product/3","title":"Wool Socks"},"variant":{"__typename":"Variant","id":"gid://shop/Variant/13","available":false},"missing":null}}"#
        )
    }

    @Test func interfaceFromApplicationValueWithTypeName() {
        expectExecution(
            #"{ node(id: "gid://shop/Collection/1") { __typename ... on Collection { title products { handle } } } }"#,
            #"{"data":{"node":{"__typename":"Collection","title":"Shoes","products":[{"handle":"classic-sneaker"},{"handle":"trail-runner"}]}}}"#
        )
    }

    @Test func listOfInterface() {
        expectExecution(
            #"{ nodes(ids: ["gid://shop/Variant/31", "x", "gid://shop/Collection/1"]) { id __typename } }"#,
            #"{"data":{"nodes":[{"id":"gid://shop/Variant/31","__typename":"Variant"},null,{"id":"gid://shop/Collection/1","__typename":"Collection"}]}}"#
        )
    }

    @Test func unionWithTypeResolverAndTypename() {
        expectExecution(
            """
            {
              search(query: "s") {
                __typename
                ... on Product { handle }
                ... on Collection { title }
                ... on Node { id }
              }
            }
            """,
            #"{"data":{"search":[{"__typename":"Product","handle":"classic-sneaker","id":"gid://shop/Product/1"},{"__typename":"Product","handle":"wool-socks","id":"gid://shop/Product/3"},{"__typename":"Collection","title":"Shoes","id":"gid://shop/Collection/1"}]}}"#
        )
    }

    @Test func fragmentOnInterfaceWithinObject() {
        expectExecution(
            #"query { product(handle: "wool-socks") { ...N title } } fragment N on Node { id }"#,
            #"{"data":{"product":{"id":"gid://shop/Product/3","title":"Wool Socks"}}}"#
        )
    }

    static let sdl = """
    interface Named { name: String }
    type Cat implements Named { name: String meows: Boolean }
    type Dog implements Named { name: String barks: Boolean }
    type Bird { name: String }
    union Pet = Cat | Dog
    enum Kind { CAT }
    type Query { named: Named pet: Pet pets: [Pet!] }
    """

    static func executor(value: ResolvedValue, _ configure: (inout Resolvers) -> Void = { _ in }) -> Executor {
        var resolvers = Resolvers()
        resolvers["Query", "named"] = .constant(value)
        resolvers["Query", "pet"] = .constant(value)
        configure(&resolvers)
        return executorFor(sdl, resolvers)
    }

    @Test(arguments: [
        (ResolvedValue.json(["name": "Tom"]), #"Abstract type "Named" must resolve to an Object type at runtime for field "Query.named". Either the "Named" type should have a type resolver or each value should name its type (a "__typename" member, or ResolvedValue.object(_, typeName:))."#),
        (.json(["__typename": "Nope"]), #"Abstract type "Named" was resolved to a type "Nope" that does not exist inside the schema."#),
        (.json(["__typename": "Bird"]), #"Runtime Object type "Bird" is not a possible type for "Named"."#),
        (.json(["__typename": "Kind"]), #"Abstract type "Named" was resolved to a non-object type "Kind"."#),
        (.json(["__typename": "Named"]), #"Abstract type "Named" was resolved to a non-object type "Named"."#),
        (.object(7, typeName: nil), #"Abstract type "Named" must resolve to an Object type at runtime for field "Query.named". Either the "Named" type should have a type resolver or each value should name its type (a "__typename" member, or ResolvedValue.object(_, typeName:))."#),
    ])
    func unresolvableTypes(value: ResolvedValue, message: String) {
        let result = ExecutionFixtures.run("{ named { name } }", executor: Self.executor(value: value))
        #expect(result.data == ["named": nil])
        #expect(result.errors == [GraphQLError(message, locations: [.init(line: 1, column: 3)], path: ["named"])])
    }

    @Test func typeNameOfValueComesFirstThenResolverThenTypenameMemberThenDefault() {
        let executor = Self.executor(value: .json(["__typename": "Dog", "name": "Rex"])) { resolvers in
            resolvers.resolveType(of: "Pet") { value, abstractType, _ in
                #expect(abstractType.name == "Pet")
                return value.jsonValue?["name"] == "Tom" ? "Cat" : nil
            }
            resolvers.defaultTypeResolver = { _, _, _ in "Cat" }
        }
        let query = "{ pet { __typename ... on Dog { name } ... on Cat { meows } } }"
        // The `Pet` resolver declines (nil), so the `__typename` member decides.
        expectExecution(query, executor: executor, #"{"data":{"pet":{"__typename":"Dog","name":"Rex"}}}"#)
        // An explicit typeName wins over everything.
        let typed = Self.executor(value: .object("rex", typeName: "Dog")) { $0.defaultTypeResolver = { _, _, _ in "Cat" } }
        expectExecution("{ pet { __typename } }", executor: typed, #"{"data":{"pet":{"__typename":"Dog"}}}"#)
        // With nothing else, the default type resolver.
        let fallback = Self.executor(value: .json(["meows": true])) { $0.defaultTypeResolver = { _, _, _ in "Cat" } }
        expectExecution(query, executor: fallback, #"{"data":{"pet":{"__typename":"Cat","meows":true}}}"#)
    }

    @Test func typeResolverErrorsAreFieldErrors() {
        struct Refused: Error, CustomStringConvertible { var description: String { "cannot tell" } }
        let executor = Self.executor(value: .json([:])) { resolvers in
            resolvers.resolveType(of: "Pet") { _, _, _ in throw Refused() }
        }
        expectExecution(
            "{ pet { __typename } }", executor: executor,
            #"{"errors":[{"message":"cannot tell","locations":[{"line":1,"column":3}],"path":["pet"]}],"data":{"pet":null}}"#
        )
    }

    @Test func nonNullListOfUnionPropagatesToTheField() {
        var resolvers = Resolvers()
        resolvers["Query", "pets"] = .constant([.json(["__typename": "Cat", "name": "Tom"]), .json(["name": "?"])])
        let result = ExecutionFixtures.run("{ pets { ... on Cat { name } } }", executor: executorFor(Self.sdl, resolvers))
        #expect(result.data == ["pets": nil])
        #expect(result.errors.map(\.path) == [["pets", 1]])
    }
}
