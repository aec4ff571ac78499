import BuyflowCore

/// Everything a load run measured, in mergeable form: every request (`all`), each step's
/// and each operation's, the per-second timeline and the iterations. A load report keeps
/// it (`histograms`, `timeline`, `iterations`), so shards merge exactly.
public struct LoadMetrics: Sendable, Hashable {
    public var all = ScopeMetrics()
    /// By step id, in the order first seen (workflow order when pre-filled).
    public var steps: OrderedMap<ScopeMetrics> = [:]
    /// By operation name.
    public var operations: OrderedMap<ScopeMetrics> = [:]
    /// Second by second, index = second.
    public var timeline: [LoadSecond] = []
    public var iterationsCompleted = 0
    public var iterationsFailed = 0
    /// Open model: iterations due when every VU was busy, not run.
    public var iterationsDropped = 0
    /// Time to connect and to the first byte, over the requests whose transport told them.
    public var connect = LatencyHistogram()
    public var firstByte = LatencyHistogram()
    /// Every check's passes and failures, with a few samples of each failure, in the order
    /// first seen.
    public var checks: [LoadCheck] = []

    public init() {}

    /// Adds `check`'s counts to the same check, or adds it after the others.
    public mutating func add(_ check: LoadCheck) {
        if let index = checks.firstIndex(where: { $0.isSameCheck(as: check) }) {
            checks[index].merge(check)
        } else {
            checks.append(check)
        }
    }

    /// Adds another shard's metrics.
    public mutating func merge(_ other: LoadMetrics) {
        all.merge(other.all)
        for entry in other.steps { steps[entry.key, default: ScopeMetrics()].merge(entry.value) }
        for entry in other.operations { operations[entry.key, default: ScopeMetrics()].merge(entry.value) }
        for second in other.timeline { self[second: second.second].merge(second) }
        iterationsCompleted += other.iterationsCompleted
        iterationsFailed += other.iterationsFailed
        iterationsDropped += other.iterationsDropped
        connect.merge(other.connect)
        firstByte.merge(other.firstByte)
        for check in other.checks { add(check) }
    }

    /// The timeline entry of `index`, made (with the ones before it) when missing.
    public subscript(second index: Int) -> LoadSecond {
        get { index < timeline.count ? timeline[index] : LoadSecond(second: index) }
        set {
            while timeline.count <= index { timeline.append(LoadSecond(second: timeline.count)) }
            timeline[index] = newValue
        }
    }

    /// The `histograms` member of a load report.
    public var histogramsJSON: JSONValue {
        var object = JSONObject()
        object["encoding"] = .string(Self.encoding)
        object["all"] = all.jsonValue
        object["steps"] = steps.jsonValue
        object["operations"] = operations.jsonValue
        if connect.count > 0 { object["connect"] = connect.jsonValue }
        if firstByte.count > 0 { object["firstByte"] = firstByte.jsonValue }
        return .object(object)
    }

    public static let encoding = "buyflow.log-linear/1"
}

extension OrderedMap {
    /// The value for `key`, `defaultValue` when absent; setting through it keeps the order.
    public subscript(key: String, default defaultValue: @autoclosure () -> Value) -> Value {
        get { self[key] ?? defaultValue() }
        set { self[key] = newValue }
    }
}
