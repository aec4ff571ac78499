import Synchronization

/// The carts of a running shop, in memory, safe under concurrent requests: carts are
/// spread over shards, each behind its own lock, and every change to a cart happens
/// inside its shard's lock (no lost updates, no torn reads).
final class CartStore: Sendable {
    private final class Shard: Sendable {
        let carts = Mutex<[String: CartState]>([:])
    }

    private let shards: [Shard]
    private let seed: UInt64
    private let counter = Atomic<UInt64>(0)

    init(seed: UInt64, shardCount: Int = 16) {
        self.seed = seed
        shards = (0..<max(1, shardCount)).map { _ in Shard() }
    }

    /// A new, unique token and key (`c1-…`), reproducible from the seed and creation order.
    func makeToken() -> (token: String, key: String) {
        let number = counter.wrappingAdd(1, ordering: .relaxed).oldValue
        var generator = SplitMix64(seed: seed ^ 0xCA27, stream: number)
        // The number keeps tokens unique whatever the generator says.
        let token = "c1-" + SplitMix64.hex(generator.next(), digits: 12) + SplitMix64.hex(number, digits: 6)
        let key = SplitMix64.hex(generator.next(), digits: 16)
        return (token, key)
    }

    private func shard(_ token: String) -> Shard {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in token.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return shards[Int(hash % UInt64(shards.count))]
    }

    func insert(_ cart: CartState) {
        shard(cart.token).carts.withLock { $0[cart.token] = cart }
    }

    /// The cart with this token, as it is now.
    func cart(token: String) -> CartState? {
        shard(token).carts.withLock { $0[token] }
    }

    /// Runs `body` on the cart under its shard's lock; nil when there is no such cart.
    func update<R>(token: String, _ body: (inout CartState) -> R) -> R? {
        shard(token).carts.withLock { carts -> R? in
            guard var cart = carts[token] else { return nil }
            let result = body(&cart)
            carts[token] = cart
            return result
        }
    }

    /// The token of a cart ID (`gid://shopify/Cart/<token>?key=<key>`), when the cart
    /// exists and the key (if given) matches.
    func token(ofCartID id: String) -> String? {
        guard let parsed = GlobalID(id), parsed.type == "Cart" else { return nil }
        guard let cart = cart(token: parsed.value) else { return nil }
        if let key = parsed.parameter("key"), key != cart.key { return nil }
        return cart.token
    }

    var count: Int { shards.reduce(0) { total, shard in total + shard.carts.withLock { $0.count } } }
}
