/// The values of every collection being built, in document order, in one growing
/// buffer: a collection's items (or alternating keys and values) sit from its frame's
/// `first` index to the top, and are moved — not copied — into an exactly sized array
/// when it ends. `TreeBuilder` keeps its `YAMLNode`s in one.
struct MoveStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
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

    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Calls `body` with the element at `index` without copying it.
    func withElement<R>(at index: Int, _ body: (borrowing Element) -> R) -> R {
        body(base[index])
    }

    /// Moves the elements from `first` to the top into an array.
    mutating func popItems(from first: Int) -> [Element] {
        let moved = count - first
        let source = base + first
        let items = [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
        count = first
        return items
    }

    /// Moves alternating keys and values from `first` to the top into pairs made by `pair`.
    mutating func popPairs<Pair>(from first: Int, _ pair: (consuming Element, consuming Element) -> Pair) -> [Pair] {
        let moved = (count - first) / 2
        let source = base + first
        let pairs = [Pair](unsafeUninitializedCapacity: moved) { buffer, initialized in
            let target = buffer.baseAddress!
            for index in 0..<moved {
                (target + index).initialize(to: pair((source + 2 * index).move(), (source + 2 * index + 1).move()))
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
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
