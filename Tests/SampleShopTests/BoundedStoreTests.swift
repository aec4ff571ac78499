import Testing
@testable import SampleShop

/// The shop's in-memory stores are bounded: a client creating carts or submitting
/// checkouts without end cannot grow the shop's memory without end (every cartCreate and
/// every cartSubmitForCompletion used to be kept for the life of the shop).
@Suite("Bounded carts and checkout attempts")
struct BoundedStoreTests {
    @Test("past the limit, the oldest carts are forgotten; the newest stay")
    func cartLimit() {
        let store = CartStore(seed: 1, shardCount: 4, limit: 40)
        var tokens: [String] = []
        for _ in 0..<1_000 {
            let (token, key) = store.makeToken()
            store.insert(CartState(token: token, key: key, now: "2026-01-01T00:00:00Z"))
            tokens.append(token)
        }
        #expect(store.count <= 40)
        #expect(store.count >= 30, "each shard keeps its share: \(store.count)")
        #expect(store.cart(token: tokens[0]) == nil)
        #expect(store.cart(token: tokens.last!) != nil)
        // An update of a kept cart still works; of a forgotten one finds nothing.
        #expect(store.update(token: tokens.last!) { $0.note = "kept" } != nil)
        #expect(store.update(token: tokens[0]) { $0.note = "gone" } == nil)
    }

    @Test("the insertion order forgets oldest first and stays compact")
    func insertionOrder() {
        var order = InsertionOrder(limit: 3)
        var forgotten: [String] = []
        for index in 0..<5_000 { forgotten += order.append("k\(index)") }
        #expect(order.count == 3)
        #expect(forgotten.count == 4_997)
        #expect(forgotten.prefix(3) == ["k0", "k1", "k2"])
        #expect(forgotten.last == "k4996")
    }

    @Test("past the limit, the oldest checkout attempts are forgotten")
    func attemptLimit() throws {
        let catalog = ShopCatalog.sample
        let variant = try #require(catalog.productHandles.first.flatMap { catalog.product(handle: $0) }?.variants.first)
        let attempts = CompletionAttempts(polls: 0, pollDelay: .zero, seed: 1, baseURL: "https://x", limit: 5)
        var ids: [String] = []
        for index in 0..<50 {
            var cart = CartState(token: "c\(index)", key: "k", now: "2026-01-01T00:00:00Z")
            cart.lines = [CartState.Line(number: 1, variantID: variant.id, quantity: 1, attributes: [])]
            guard case .success(let id) = attempts.submit(cart: cart, attemptToken: "t", catalog: catalog) else {
                Issue.record("submit \(index) failed")
                return
            }
            ids.append(id)
        }
        #expect(attempts.poll(ids[0]) == nil)
        #expect(attempts.poll(ids[49]) != nil)
    }
}
