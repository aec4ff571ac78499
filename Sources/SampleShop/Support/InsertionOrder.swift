/// Keys in the order they were added, for stores that forget their oldest entries past a
/// limit (carts, checkout attempts), so that no number of requests grows the shop's memory
/// without bound.
struct InsertionOrder: Sendable {
    /// The most keys kept.
    let limit: Int
    private var keys: [String] = []
    /// Index of the oldest key still kept; the ones before it are forgotten.
    private var head = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    var count: Int { keys.count - head }

    /// Records `key` (new to the store) and returns the keys to forget, oldest first, so
    /// that at most `limit` stay.
    mutating func append(_ key: String) -> [String] {
        keys.append(key)
        var forgotten: [String] = []
        while count > limit {
            forgotten.append(keys[head])
            head += 1
        }
        // Drop the forgotten prefix once it is most of the array (amortised O(1)).
        if head >= 1024, head * 2 >= keys.count {
            keys.removeFirst(head)
            head = 0
        }
        return forgotten
    }
}
