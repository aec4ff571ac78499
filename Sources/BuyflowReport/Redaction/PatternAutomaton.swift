/// Aho–Corasick over bytes: finds every occurrence of every pattern in one pass, in time
/// linear in the text plus the matches (many secrets × large bodies stay bounded).
struct PatternAutomaton: Sendable {
    private var children: [[UInt8: Int32]] = [[:]]
    private var fail: [Int32] = [0]
    private var depth: [Int32] = [0]
    /// The pattern that ends at a node, or -1.
    private var ending: [Int32] = [-1]
    /// The nearest node down the fail chain (not the node itself) where a pattern ends, or -1.
    private var nextEnding: [Int32] = [-1]
    /// Whether the node is a prefix of a pattern `tails` marks (see `tailLength`).
    private var tailPrefix: [Bool] = [false]
    /// The root's transitions, dense: most bytes of a text leave from the root.
    private var rootNext = [Int32](repeating: 0, count: 256)

    /// - Parameter tails: per pattern, whether a text ending in its head counts (`tailLength`).
    init(_ patterns: [[UInt8]], tails: [Bool]) {
        for (index, pattern) in patterns.enumerated() {
            var node = 0
            for byte in pattern {
                if let child = children[node][byte] {
                    node = Int(child)
                } else {
                    children.append([:])
                    fail.append(0)
                    depth.append(depth[node] + 1)
                    ending.append(-1)
                    nextEnding.append(-1)
                    tailPrefix.append(false)
                    let new = Int32(children.count - 1)
                    children[node][byte] = new
                    node = Int(new)
                }
                if tails[index] { tailPrefix[node] = true }
            }
            if ending[node] < 0 { ending[node] = Int32(index) }
        }
        for (byte, child) in children[0] { rootNext[Int(byte)] = child }
        // Breadth first: a node's fail link is set before its children's.
        var queue = Array(children[0].values)
        var head = 0
        while head < queue.count {
            let node = Int(queue[head])
            head += 1
            let link = Int(fail[node])
            nextEnding[node] = ending[link] >= 0 ? Int32(link) : nextEnding[link]
            for (byte, child) in children[node] {
                fail[Int(child)] = step(Int32(link), byte)
                queue.append(child)
            }
        }
    }

    /// The state after reading `byte` in `state`.
    @inline(__always) func step(_ state: Int32, _ byte: UInt8) -> Int32 {
        var state = Int(state)
        while state != 0 {
            if let next = children[state][byte] { return next }
            state = Int(fail[state])
        }
        return rootNext[Int(byte)]
    }

    /// Calls `found(end, pattern)` for every occurrence, `end` one past its last byte.
    /// Returns the state after the first `stop` bytes (the whole text when nil).
    @discardableResult
    func scan(_ bytes: [UInt8], stateAt stop: Int? = nil, found: (Int, Int) -> Void) -> Int32 {
        var state: Int32 = 0
        var stopState: Int32 = 0
        for index in bytes.indices {
            if index == stop { stopState = state }
            state = step(state, bytes[index])
            var node = ending[Int(state)] >= 0 ? state : nextEnding[Int(state)]
            while node >= 0 {
                found(index + 1, Int(ending[Int(node)]))
                node = nextEnding[Int(node)]
            }
        }
        return stop == nil || stop == bytes.count ? state : stopState
    }

    /// The length of the longest suffix read into `state` that begins a `tails` pattern.
    func tailLength(_ state: Int32) -> Int {
        var node = Int(state)
        while node != 0, !tailPrefix[node] { node = Int(fail[node]) }
        return Int(depth[node])
    }
}
