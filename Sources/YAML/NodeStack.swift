/// The nodes of every collection being built, in document order, in one growing
/// buffer: a collection's items (or alternating keys and values) sit from its frame's
/// `first` index to the top, and are moved — not copied — into an exactly sized array
/// when it ends.
struct NodeStack: ~Copyable {
    private var base: UnsafeMutablePointer<YAMLNode>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 256) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    mutating func push(_ node: consuming YAMLNode) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// Calls `body` with the node at `index` without copying it.
    func withNode<R>(at index: Int, _ body: (borrowing YAMLNode) -> R) -> R {
        body(base[index])
    }

    /// Moves the nodes from `first` to the top into an array.
    mutating func popItems(from first: Int) -> [YAMLNode] {
        let moved = count - first
        let source = base + first
        let items = [YAMLNode](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
        count = first
        return items
    }

    /// Moves alternating keys and values from `first` to the top into pairs.
    mutating func popPairs(from first: Int) -> [YAMLPair] {
        let moved = (count - first) / 2
        let source = base + first
        let pairs = [YAMLPair](unsafeUninitializedCapacity: moved) { buffer, initialized in
            let target = buffer.baseAddress!
            for index in 0..<moved {
                (target + index).initialize(to: YAMLPair(key: (source + 2 * index).move(), value: (source + 2 * index + 1).move()))
            }
            initialized = moved
        }
        count = first
        return pairs
    }

    /// Drops everything (after an error, or between documents).
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<YAMLNode>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
