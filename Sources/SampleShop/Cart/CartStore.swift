import Synchronization

/// The carts of a running shop, in memory, safe under concurrent requests: carts are
/// spread over shards, each behind its own lock, and every change to a cart happens
/// inside its shard's lock (no lost updates, no torn reads).
///
/// Bounded: past `limit` carts the oldest ones are forgotten (a request naming one then
/// finds no cart), so a client creating carts without end cannot exhaust memory.
final class CartStore: Sendable {
    /// The default `limit`: far more carts than any rehearsal or load smoke holds at once.
    static let defaultLimit = 100_000

    private struct ShardState {
        var carts: [String: CartState] = [:]
        var order: InsertionOrder
    }

    private final class Shard: Sendable {
        let state: Mutex<ShardState>
        init(limit: Int) { state = Mutex(ShardState(order: InsertionOrder(limit: limit))) }
    }

    private let shards: [Shard]
    private let seed: UInt64
    private let counter = Atomic<UInt64>(0)

    init(seed: UInt64, shardCount: Int = 16, limit: Int = CartStore.defaultLimit) {
        self.seed = seed
        let count = max(1, shardCount)
        shards = (0..<count).map { _ in Shard(limit: (max(1, limit) + count - 1) / count) }
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

    /// Adds a new cart, forgetting the oldest of its shard when the shard is full.
    func insert(_ cart: CartState) {
        shard(cart.token).state.withLock { state in
            if state.carts.updateValue(cart, forKey: cart.token) == nil {
                for token in state.order.append(cart.token) { state.carts[token] = nil }
            }
        }
    }

    /// The cart with this token, as it is now.
    func cart(token: String) -> CartState? {
        shard(token).state.withLock { $0.carts[token] }
    }

    /// Runs `body` on the cart under its shard's lock; nil when there is no such cart.
    func update<R>(token: String, _ body: (inout CartState) -> R) -> R? {
        shard(token).state.withLock { state -> R? in
            guard var cart = state.carts[token] else { return nil }
            let result = body(&cart)
            state.carts[token] = cart
            return result
        }
    }

    /// The token of a cart ID (`gid://shopify/Cart/<token>?key=<key>`), when the cart
    /// exists and the key (if given) matches.
    func token(ofCartID id: String) -> String? {
        cart(ofCartID: id)?.token
    }

    /// The cart of a cart ID (`gid://shopify/Cart/<token>?key=<key>`), as it is now, when
    /// it exists and the key (if given) matches: one lookup.
    func cart(ofCartID id: String) -> CartState? {
        guard let parsed = GlobalID(id), parsed.type == "Cart" else { return nil }
        guard let cart = cart(token: parsed.value) else { return nil }
        if let key = parsed.parameter("key"), key != cart.key { return nil }
        return cart
    }

    var count: Int { shards.reduce(0) { total, shard in total + shard.state.withLock { $0.carts.count } } }
}
