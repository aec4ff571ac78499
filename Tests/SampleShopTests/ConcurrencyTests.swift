import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Concurrency: parallel clients and carts")
struct ConcurrencyTests {
    /// Variants with at least 10 in stock, so quantities below 10 never hit the limit.
    static let variants = [1, 2, 3, 4, 7, 8, 14, 15, 16, 17, 18]
    static let prices = [1: 8900, 2: 8900, 3: 8900, 4: 12950, 7: 5900, 8: 5900, 14: 2499, 15: 650, 16: 650, 17: 7900, 18: 7900]

    struct Line: Equatable, CustomStringConvertible {
        var id: String
        var variant: Int
        var quantity: Int
        var description: String { "\(variant)×\(quantity)" }
    }

    static let cartSelection = "cart { id lines(first: 50) { nodes { id quantity merchandise { ... on ProductVariant { id } } } } cost { subtotalAmount { amount } } totalQuantity } userErrors { code message }"

    static func lines(_ payload: JSONValue?) -> [Line] {
        payload?.at("cart.lines.nodes")?.arrayValue?.map { node in
            Line(id: node["id"]?.stringValue ?? "", variant: Int(node.string("merchandise.id")?.split(separator: "/").last ?? "") ?? 0,
                 quantity: node["quantity"]?.intValue ?? 0)
        } ?? []
    }

    static func send(_ client: RawHTTPClient, _ query: String, _ variables: JSONValue) throws -> JSONValue {
        let body: JSONValue = ["query": .string(query), "variables": variables]
        let response = try client.send("POST", "/api/2026-04/graphql.json", headers: [("Content-Type", "application/json")],
                                       body: JSONSerializer().bytes(body))
        guard response.status == 200, let json = response.json, json["errors"] == nil else {
            throw RawHTTPClient.Failure(description: "HTTP \(response.status): \(response.text)")
        }
        return json["data"] ?? .null
    }

    /// One client: a cart, 30 mutations (adds that merge or append, quantity updates,
    /// removals) checked step by step against a local model, then the final cart.
    static func client(_ index: Int, port: Int) -> String? {
        do {
            let client = try RawHTTPClient(port: port, timeoutSeconds: 30)
            let created = try send(client, "mutation { cartCreate { \(cartSelection) } }", [:])
            guard let cart = created.string("cartCreate.cart.id") else { return "client \(index): no cart" }
            var model: [(variant: Int, quantity: Int)] = []
            var ids: [Int: String] = [:]
            for step in 0..<30 {
                let payload: JSONValue?
                if step % 5 == 3, let first = model.first, let id = ids[first.variant] {
                    let quantity = (index + step) % 7 + 1
                    model[0].quantity = quantity
                    payload = try send(client, "mutation($c: ID!, $l: ID!, $q: Int!) { cartLinesUpdate(cartId: $c, lines: [{id: $l, quantity: $q}]) { \(cartSelection) } }",
                                       ["c": .string(cart), "l": .string(id), "q": .int(quantity)])["cartLinesUpdate"]
                } else if step % 10 == 9, model.count > 1, let id = ids[model[model.count - 1].variant] {
                    ids[model.removeLast().variant] = nil
                    payload = try send(client, "mutation($c: ID!, $l: [ID!]!) { cartLinesRemove(cartId: $c, lineIds: $l) { \(cartSelection) } }",
                                       ["c": .string(cart), "l": [.string(id)]])["cartLinesRemove"]
                } else {
                    let variant = variants[(index * 7 + step * 3) % variants.count]
                    if let existing = model.firstIndex(where: { $0.variant == variant }) {
                        if model[existing].quantity >= 8 { continue }
                        model[existing].quantity += 1
                    } else {
                        model.append((variant, 1))
                    }
                    payload = try send(client, "mutation($c: ID!, $v: ID!) { cartLinesAdd(cartId: $c, lines: [{merchandiseId: $v, quantity: 1}]) { \(cartSelection) } }",
                                       ["c": .string(cart), "v": .string("gid://shopify/ProductVariant/\(variant)")])["cartLinesAdd"]
                }
                let lines = Self.lines(payload)
                for line in lines { ids[line.variant] = line.id }
                if payload?.count("userErrors") != 0 { return "client \(index) step \(step): \(payload?["userErrors"] ?? .null)" }
                if payload?.string("cart.id") != cart { return "client \(index) step \(step): another cart came back" }
                if lines.map({ [$0.variant, $0.quantity] }) != model.map({ [$0.variant, $0.quantity] }) {
                    return "client \(index) step \(step): cart \(lines) expected \(model)"
                }
            }
            let final = try send(client, "query($c: ID!) { cart(id: $c) { id lines(first: 50) { nodes { quantity merchandise { ... on ProductVariant { id } } } } cost { subtotalAmount { amount } } totalQuantity } }",
                                 ["c": .string(cart)])
            let subtotal = model.reduce(0) { $0 + prices[$1.variant]! * $1.quantity }
            guard final.string("cart.cost.subtotalAmount.amount") == Money.format(subtotal),
                  final.int("cart.totalQuantity") == model.reduce(0, { $0 + $1.quantity }),
                  final.count("cart.lines.nodes") == model.count else {
                return "client \(index): final cart \(final) expected \(model) subtotal \(Money.format(subtotal))"
            }
            return nil
        } catch {
            return "client \(index): \(error)"
        }
    }

    @Test("50 clients in parallel, each building its own cart with 30 line mutations: every cart ends exactly right")
    func fiftyCarts() throws {
        let shop = try TestShop()
        let port = shop.port
        let failures = onThreads(50) { Self.client($0, port: port) }.compactMap { $0 }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(shop.shop.cartCount == 50)
    }

    @Test("20 clients adding to one shared cart at once: no lost update")
    func sharedCart() throws {
        let shop = try TestShop()
        let cart = try shop.createCart()
        let port = shop.port
        let errors = onThreads(20) { _ -> Int in
            guard let client = try? RawHTTPClient(port: port, timeoutSeconds: 30) else { return 5 }
            var failed = 0
            for _ in 0..<5 {
                let data = try? Self.send(client, "mutation($c: ID!) { cartLinesAdd(cartId: $c, lines: [{merchandiseId: \"gid://shopify/ProductVariant/15\"}]) { userErrors { code } } }",
                                          ["c": .string(cart)])
                if data?.count("cartLinesAdd.userErrors") != 0 { failed += 1 }
            }
            return failed
        }
        #expect(errors.reduce(0, +) == 0)
        let final = try shop.data("{ cart(id: \"\(cart)\") { totalQuantity lines(first: 5) { nodes { quantity } } } }")
        #expect(final.int("cart.totalQuantity") == 100)
        #expect(final.count("cart.lines.nodes") == 1)
        // Stock is 100: one more is refused, atomically.
        let over = try shop.data("mutation { cartLinesAdd(cartId: \"\(cart)\", lines: [{merchandiseId: \"gid://shopify/ProductVariant/15\"}]) { userErrors { code } cart { totalQuantity } } }")
        #expect(over.string("cartLinesAdd.userErrors[0].code") == "MAXIMUM_EXCEEDED")
        #expect(over.int("cartLinesAdd.cart.totalQuantity") == 100)
    }

    @Test("cart tokens are unique and reproducible from the seed")
    func tokens() throws {
        func ids(seed: UInt64) throws -> [String] {
            let shop = try TestShop(SampleShop.Options(faults: ShopFaults(seed: seed)))
            return try (0..<3).map { _ in try shop.createCart() }
        }
        let a = try ids(seed: 5), b = try ids(seed: 5), c = try ids(seed: 6)
        #expect(a == b)
        #expect(a != c)
        #expect(Set(a).count == 3)
    }
}
