import BuyflowCore
import Foundation
import HTTPServer
@testable import SampleShop

/// A sample shop started on a free loopback port for one test, with helpers to send
/// GraphQL over real HTTP.
final class TestShop {
    let shop: SampleShop
    var port: Int { shop.port ?? 0 }
    let path: String

    init(_ options: SampleShop.Options = SampleShop.Options()) throws {
        shop = try SampleShop(options)
        try shop.start()
        path = "/api/\(SampleShop.apiVersion)/graphql.json"
    }

    deinit { shop.stop() }

    /// POSTs `{query, variables, operationName}` on a new connection.
    func post(
        _ query: String, variables: JSONValue? = nil, operationName: String? = nil, headers: [(String, String)] = [],
        path: String? = nil
    ) throws -> RawHTTPClient.Response {
        var body = JSONObject()
        body["query"] = .string(query)
        if let variables { body["variables"] = variables }
        if let operationName { body["operationName"] = .string(operationName) }
        let client = try RawHTTPClient(port: port)
        return try client.send(
            "POST", path ?? self.path, headers: [("Content-Type", "application/json")] + headers,
            body: JSONSerializer().bytes(.object(body))
        )
    }

    /// POSTs and returns the JSON response (status 200 expected by the caller).
    func graphql(
        _ query: String, variables: JSONValue? = nil, operationName: String? = nil, headers: [(String, String)] = []
    ) throws -> JSONValue {
        let response = try post(query, variables: variables, operationName: operationName, headers: headers)
        guard response.status == 200, let json = response.json else {
            throw RawHTTPClient.Failure(description: "HTTP \(response.status): \(response.text)")
        }
        return json
    }

    /// `data` of a response that must have no `errors`.
    func data(_ query: String, variables: JSONValue? = nil, headers: [(String, String)] = []) throws -> JSONValue {
        let json = try graphql(query, variables: variables, headers: headers)
        if let errors = json["errors"] { throw RawHTTPClient.Failure(description: "GraphQL errors: \(errors)") }
        return json["data"] ?? .null
    }

    /// A new cart holding the given variant numbers and quantities; returns its ID.
    func createCart(_ lines: [(variant: Int, quantity: Int)] = [], extra: String = "") throws -> String {
        let input = lines.map { "{merchandiseId: \"gid://shopify/ProductVariant/\($0.variant)\", quantity: \($0.quantity)}" }
            .joined(separator: ", ")
        let data = try self.data("mutation { cartCreate(input: {lines: [\(input)]\(extra)}) { cart { id } userErrors { code message } } }")
        guard let id = data.at("cartCreate.cart.id")?.stringValue else {
            throw RawHTTPClient.Failure(description: "cartCreate failed: \(data)")
        }
        return id
    }
}

extension JSONValue {
    /// The value at a dotted path with list indices: `cart.lines.nodes[0].id`.
    func at(_ path: String) -> JSONValue? {
        var current: JSONValue? = self
        for part in path.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while let open = name.lastIndex(of: "["), name.hasSuffix("]") {
                indices.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? 0, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty { current = current?[String(name)] }
            for index in indices { current = current?[index] }
        }
        return current
    }

    func string(_ path: String) -> String? { at(path)?.stringValue }
    func int(_ path: String) -> Int? { at(path)?.intValue }
    func bool(_ path: String) -> Bool? { at(path)?.boolValue }
    func count(_ path: String) -> Int? { at(path)?.arrayValue?.count }
}

/// Runs `body(0..<count)` on `count` threads at once (blocking clients need real
/// threads: the concurrency pool has only one per core) and returns the results in order.
func onThreads<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let results = ResultBox<T>(count: count)
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            results.set(index, body(index))
            group.leave()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }
    group.wait()
    return results.values
}

final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [T?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    var values: [T] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { $0! }
    }
}
