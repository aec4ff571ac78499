import BuyflowCore

/// The result of executing a request incrementally (`@defer`): the initial result,
/// without the fields of deferred fragments, then one payload per deferred fragment,
/// in the order they are to be sent (a deferred fragment's own deferred fragments come
/// after it).
public struct IncrementalResult: Sendable, Hashable {
    public var initial: ExecutionResult
    public var subsequent: [DeferredPayload]

    public init(initial: ExecutionResult, subsequent: [DeferredPayload] = []) {
        self.initial = initial
        self.subsequent = subsequent
    }

    /// Whether there is anything to deliver later; when not, `initial` is the whole
    /// result and is answered as a single response.
    public var isIncremental: Bool { !subsequent.isEmpty }

    /// The payloads as sent in a `multipart/mixed` response: the initial result with
    /// `"hasNext":true`, then `{"incremental":[payload],"hasNext":…}` for each deferred
    /// fragment, the last with `"hasNext":false`. One plain result when not incremental.
    public var payloads: [JSONValue] {
        guard isIncremental, case .object(var first) = initial.json else { return [initial.json] }
        first["hasNext"] = .bool(true)
        var payloads: [JSONValue] = [.object(first)]
        payloads.reserveCapacity(subsequent.count + 1)
        for (index, payload) in subsequent.enumerated() {
            payloads.append(.object(JSONObject([
                ("incremental", .array([payload.json])), ("hasNext", .bool(index < subsequent.count - 1)),
            ])))
        }
        return payloads
    }

    /// The whole result, as a client merging the payloads sees it: each payload's data
    /// merged into the initial data at its path, the errors in payload order.
    public var merged: ExecutionResult {
        var result = initial
        guard var data = result.data else { return result }
        for payload in subsequent {
            DeferredPayload.merge(payload.data, into: &data, at: payload.path)
            result.errors += payload.errors
        }
        result.data = data
        return result
    }
}
