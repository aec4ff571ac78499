import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// The files under `Fixtures/execution/`, the test shop (schema, catalog, resolvers)
/// and helpers to run requests and compare responses.
enum ExecutionFixtures {
    /// The copied resources, as the tests read them.
    static var directory: URL {
        Fixtures.directory("execution")
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    }

    /// The test shop's schema (`shop.graphql`).
    static let schema: Schema = {
        do {
            return try Schema(sdl: try text("shop.graphql"), path: "shop.graphql")
        } catch {
            fatalError("Fixtures/execution/shop.graphql: \(error)")
        }
    }()

    /// `catalog.json`: products as JSON (with `__typename`), collections as handles.
    static let catalog: JSONValue = {
        do {
            return try JSONParser().parse(try text("catalog.json"))
        } catch {
            fatalError("Fixtures/execution/catalog.json: \(error)")
        }
    }()

    static var products: [JSONValue] { catalog["products"]?.arrayValue ?? [] }

    static func product(handle: String) -> JSONValue? {
        products.first { $0["handle"]?.stringValue == handle }
    }

    /// A collection held as an application value (not JSON): its fields need resolvers
    /// and its type is named by `ResolvedValue.object(_, typeName:)`.
    struct ShopCollection: Sendable {
        var id: String
        var handle: String
        var title: String
        var productHandles: [String]
    }

    static var collections: [ShopCollection] {
        (catalog["collections"]?.arrayValue ?? []).map { value in
            ShopCollection(
                id: value["id"]?.stringValue ?? "", handle: value["handle"]?.stringValue ?? "",
                title: value["title"]?.stringValue ?? "",
                productHandles: value["products"]?.arrayValue?.compactMap(\.stringValue) ?? []
            )
        }
    }

    /// The lines added by `Mutation.addLine`, in order.
    final class Cart: @unchecked Sendable {
        private let lock = NSLock()
        private var storage: [JSONValue] = []

        var lines: [JSONValue] { lock.withLock { storage } }

        func add(_ line: JSONValue) -> Int {
            lock.withLock {
                storage.append(line)
                return storage.count
            }
        }

        func clear() -> Int {
            lock.withLock {
                storage.removeAll()
                return 0
            }
        }
    }

    /// The shop's resolvers: JSON products read by the default resolver, collections as
    /// application values, `echo`/`variables` returning what execution coerced.
    static func resolvers(cart: Cart = Cart()) -> Resolvers {
        var resolvers = Resolvers()
        resolvers.field("Query", "product") { call in
            if let id = call[argument: "id"]?.stringValue {
                return products.first { $0["id"]?.stringValue == id }.map { .json($0) } ?? .null
            }
            if let handle = call[argument: "handle"]?.stringValue {
                return product(handle: handle).map { .json($0) } ?? .null
            }
            return .null
        }
        resolvers.field("Query", "productBy") { call in
            let key = call[argument: "key"]
            if let handle = key?["handle"]?.stringValue { return product(handle: handle).map { .json($0) } ?? .null }
            if let id = key?["id"]?.stringValue {
                return products.first { $0["id"]?.stringValue == id }.map { .json($0) } ?? .null
            }
            return .null
        }
        resolvers.field("Query", "products") { call in
            var selected = products
            if let tags = call[argument: "filter"]?["tags"]?.arrayValue {
                selected = selected.filter { product in tags.contains { product["tags"]?.arrayValue?.contains($0) == true } }
            }
            let first = call[argument: "first"]?.intValue ?? selected.count
            return .list(selected.prefix(first).map { .json($0) })
        }
        resolvers.field("Query", "node") { call in node(id: call[argument: "id"]?.stringValue ?? "") }
        resolvers.field("Query", "nodes") { call in
            .list((call[argument: "ids"]?.arrayValue ?? []).map { node(id: $0.stringValue ?? "") })
        }
        resolvers.field("Query", "search") { call in
            let query = call[argument: "query"]?.stringValue?.lowercased() ?? ""
            var results: [ResolvedValue] = products
                .filter { $0["title"]?.stringValue?.lowercased().contains(query) == true }
                .map { .json($0) }
            results += collections.filter { $0.title.lowercased().contains(query) }.map { .object($0) }
            return .list(results)
        }
        resolvers.resolveType(of: "SearchResult") { value, _, _ in
            value.value(as: ShopCollection.self) != nil ? "Collection" : nil
        }
        resolvers.field("Query", "collection") { call in
            collections.first { $0.handle == call[argument: "handle"]?.stringValue }.map { .object($0, typeName: "Collection") } ?? .null
        }
        resolvers.field("Collection", "id") { call in .string(call.parent(as: ShopCollection.self)?.id) }
        resolvers.field("Collection", "title") { call in .string(call.parent(as: ShopCollection.self)?.title) }
        resolvers.field("Collection", "products") { call in
            .list((call.parent(as: ShopCollection.self)?.productHandles ?? []).compactMap { product(handle: $0).map { .json($0) } })
        }
        resolvers.field("Product", "variants") { call in
            let variants = call.parent.member("variants").jsonValue?.arrayValue ?? []
            return .list(variants.prefix(call[argument: "first"]?.intValue ?? variants.count).map { .json($0) })
        }
        resolvers.field("Query", "variables") { call in .json(.object(call.variables)) }
        resolvers.field("Query", "echo") { call in .json(.object(call.arguments)) }
        resolvers.field("Query", "echoRequired") { call in .json(.object(call.arguments)) }
        resolvers.field("Mutation", "addLine") { call in .int(cart.add(call[argument: "line"] ?? .null)) }
        resolvers.field("Mutation", "clearLines") { _ in .int(cart.clear()) }
        return resolvers
    }

    private static func node(id: String) -> ResolvedValue {
        if let product = products.first(where: { $0["id"]?.stringValue == id }) { return .json(product) }
        for product in products {
            if let variant = product["variants"]?.arrayValue?.first(where: { $0["id"]?.stringValue == id }) { return .json(variant) }
        }
        if let collection = collections.first(where: { $0.id == id }) { return .object(collection, typeName: "Collection") }
        return .null
    }

    static let executor = Executor(schema: schema, resolvers: resolvers())

    // MARK: - Running requests

    static func parse(_ query: String) -> Document {
        do {
            return try Parser.parse(query, path: "<query>")
        } catch {
            fatalError("test query does not parse: \(error)\n\(query)")
        }
    }

    static func json(_ text: String) -> JSONValue {
        do {
            return try JSONParser().parse(text)
        } catch {
            fatalError("test JSON does not parse: \(error)\n\(text)")
        }
    }

    static func variables(_ text: String?) -> JSONObject? {
        text.map { json($0).objectValue! }
    }

    /// Runs a request against the test shop (or `executor`).
    static func run(
        _ query: String, variables: String? = nil, operationName: String? = nil, executor: Executor = executor,
        rootValue: ResolvedValue = .null, context: (any Sendable)? = nil
    ) -> ExecutionResult {
        executor.execute(
            document: parse(query), operationName: operationName, variables: self.variables(variables),
            rootValue: rootValue, context: context
        )
    }

    /// The response as compact JSON, members in order.
    static func compact(_ result: ExecutionResult) -> String { JSONSerializer().string(result.json) }

    /// `expected` (JSON text) normalized to compact JSON, members in order.
    static func compact(_ expected: String) -> String { JSONSerializer().string(json(expected)) }
}

/// Expects the response of `query` to be exactly `expected` (JSON text, order included).
func expectExecution(
    _ query: String, variables: String? = nil, operationName: String? = nil,
    executor: Executor = ExecutionFixtures.executor, rootValue: ResolvedValue = .null,
    _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let result = ExecutionFixtures.run(
        query, variables: variables, operationName: operationName, executor: executor, rootValue: rootValue
    )
    #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact(expected), sourceLocation: sourceLocation)
    // The serializing path writes the same bytes.
    let serialized = executor.prepare(ExecutionFixtures.parse(query)).executeSerialized(
        operationName: operationName, variables: ExecutionFixtures.variables(variables), rootValue: rootValue
    )
    #expect(String(decoding: serialized, as: UTF8.self) == ExecutionFixtures.compact(result), "executeSerialized", sourceLocation: sourceLocation)
}

/// An executor over an SDL schema.
func executorFor(_ sdl: String, _ resolvers: Resolvers = Resolvers(), options: ExecutionOptions = ExecutionOptions()) -> Executor {
    do {
        return Executor(schema: try Schema(sdl: sdl), resolvers: resolvers, options: options)
    } catch {
        fatalError("test schema does not build: \(error)")
    }
}
