import BuyflowCore
import Testing
@testable import SampleShop

/// The document cache's least-recently-used order holds when the last hit document is
/// found again by comparing its text (no hashing), and cart IDs resolve in one lookup.
@Suite("Document cache and cart IDs")
struct DocumentCacheTests {
    /// An entry telling which document made it.
    static func entry(_ name: String) -> DocumentCache.Entry { .invalid([.string(name)]) }

    static func name(_ entry: DocumentCache.Entry) -> String? {
        if case .invalid(let errors) = entry { errors.first?.stringValue } else { nil }
    }

    @Test("a document hit again and again stays; the least recently used goes first")
    func recentStaysCached() {
        let cache = DocumentCache(capacity: 2)
        var made: [String] = []
        func get(_ query: String) -> String? {
            Self.name(cache.entry(for: query) {
                made.append(query)
                return Self.entry(query)
            })
        }
        #expect(get("query A { a }") == "query A { a }")
        #expect(get("query B { b }") == "query B { b }")
        for _ in 0..<3 { #expect(get("query A { a }") == "query A { a }") }
        // A was used last: C's insertion evicts B.
        #expect(get("query C { c }") == "query C { c }")
        #expect(get("query A { a }") == "query A { a }")
        #expect(get("query B { b }") == "query B { b }")
        #expect(made == ["query A { a }", "query B { b }", "query C { c }", "query B { b }"])
        // B's insertion evicted C (A was hit after C): C is made again, A is not.
        #expect(get("query C { c }") == "query C { c }")
        #expect(made.last == "query C { c }")
        let statistics = cache.statistics
        #expect(statistics.count == 2)
        #expect(statistics.hits == 4)
        #expect(statistics.misses == 5)
    }

    @Test("with room for one, the recent document is replaced, never served stale")
    func capacityOne() {
        let cache = DocumentCache(capacity: 1)
        for query in ["{ a }", "{ b }", "{ a }", "{ a }", "{ b }"] {
            #expect(Self.name(cache.entry(for: query) { Self.entry(query) }) == query)
        }
        #expect(cache.statistics.count == 1)
        #expect(cache.statistics.hits == 1)
    }

    @Test("ID parameters", arguments: [
        ("gid://shopify/Cart/t1?key=k1", "key", "k1"),
        ("gid://shopify/Cart/t1?a=1&key=k2&key=k3", "key", "k2"),
        ("gid://shopify/Cart/t1?key=&key=k4", "key", "k4"),
        ("gid://shopify/Cart/t1?key=a=b", "key", "a=b"),
        ("gid://shopify/Cart/t1?keys=x", "key", nil),
        ("gid://shopify/Cart/t1?key", "key", nil),
        ("gid://shopify/Cart/t1", "key", nil),
    ] as [(String, String, String?)])
    func parameters(id: String, name: String, value: String?) throws {
        let global = try #require(GlobalID(id))
        #expect(global.parameter(name) == value)
        #expect(global.base == "gid://shopify/Cart/t1")
    }

    @Test("a cart ID finds its cart only with the cart's key")
    func cartOfCartID() {
        let store = CartStore(seed: 3)
        let (token, key) = store.makeToken()
        store.insert(CartState(token: token, key: key, now: "2026-01-01T00:00:00Z"))
        #expect(store.cart(ofCartID: "gid://shopify/Cart/\(token)?key=\(key)")?.token == token)
        #expect(store.cart(ofCartID: "gid://shopify/Cart/\(token)")?.token == token)
        #expect(store.cart(ofCartID: "gid://shopify/Cart/\(token)?key=wrong") == nil)
        #expect(store.cart(ofCartID: "gid://shopify/CartLine/\(token)?key=\(key)") == nil)
        #expect(store.token(ofCartID: "gid://shopify/Cart/\(token)?key=\(key)") == token)
    }
}

@Test("money amounts", arguments: [
    (0, "0.00"), (5, "0.05"), (10, "0.10"), (8900, "89.00"), (123_456, "1234.56"), (-5, "-0.05"), (-1050, "-10.50"),
    (Int.max, "92233720368547758.07"),
])
func moneyFormat(cents: Int, text: String) {
    #expect(Money.format(cents) == text)
}
