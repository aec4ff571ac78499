import Buy
import BuyflowCore
import BuyflowExpressions

/// A response as expressions see it: `data`, `errors`, `extensions`, `status`, `headers`
/// (lower-case names), `duration` (ms), `attempt`, and `node` for node steps.
struct ResponseValues {
    var data: JSONValue
    var errors: JSONValue
    var extensions: JSONValue
    var status: JSONValue
    var headers: JSONValue
    var duration: JSONValue
    var attempt: JSONValue
    var node: JSONValue?

    init(_ exchange: Graph.Exchange, attempt: Int, duration: Duration, isNode: Bool) {
        let json = exchange.json
        data = json?["data"] ?? .null
        errors = json?["errors"] ?? .array([])
        extensions = json?["extensions"] ?? .null
        status = exchange.status.map(JSONValue.int) ?? .null
        var headers = JSONObject()
        for (name, value) in exchange.headers {
            let key = name.lowercased()
            if let earlier = headers[key]?.stringValue {
                headers[key] = .string(earlier + ", " + value)
            } else {
                headers[key] = .string(value)
            }
        }
        self.headers = .object(headers)
        self.duration = ReportValues.milliseconds(duration)
        self.attempt = .int(attempt)
        node = isNode ? (data["node"] ?? .null) : nil
    }

    /// The response's names added to `scope`.
    func apply(to scope: inout ExpressionScope) {
        scope["data"] = data
        scope["errors"] = errors
        scope["extensions"] = extensions
        scope["status"] = status
        scope["headers"] = headers
        scope["duration"] = duration
        scope["attempt"] = attempt
        if let node { scope["node"] = node }
    }

    /// `steps.<id>`: `{data, status, errors, extensions, headers, duration, attempt}`.
    var stepRecord: JSONValue {
        [
            "data": data, "status": status, "errors": errors, "extensions": extensions, "headers": headers,
            "duration": duration, "attempt": attempt,
        ]
    }
}
