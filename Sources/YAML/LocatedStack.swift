import BuyflowCore

/// `NodeStack` for `LocatedBuilder`: the values of every collection being built, in
/// one growing buffer, moved — not copied — into exactly sized arrays when a
/// collection ends. A mapping's keys and values alternate.
struct LocatedStack: ~Copyable {
    private var base: UnsafeMutablePointer<LocatedValue>
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

    mutating func push(_ value: consuming LocatedValue) {
        if count == capacity { grow() }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Moves the values from `first` to the top into an array.
    mutating func popItems(from first: Int) -> [LocatedValue] {
        let moved = count - first
        let source = base + first
        let items = [LocatedValue](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
        count = first
        return items
    }

    /// Moves alternating keys (scalars) and values from `first` to the top into members.
    mutating func popMembers(from first: Int) -> [LocatedMember] {
        let moved = (count - first) / 2
        let source = base + first
        let members = [LocatedMember](unsafeUninitializedCapacity: moved) { buffer, initialized in
            let target = buffer.baseAddress!
            for index in 0..<moved {
                let key = (source + 2 * index).move()
                let value = (source + 2 * index + 1).move()
                (target + index).initialize(to: LocatedMember(key: key.text ?? "", at: key.location, value: value))
            }
            initialized = moved
        }
        count = first
        return members
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<LocatedValue>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
