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
        // Each value is worked out by a function of its own: Swift 6.3's optimiser
        // (CopyPropagation) crashes on the same code written inline here.
        let body = Self.body(exchange.json)
        data = body.data
        errors = body.errors
        extensions = body.extensions
        status = Self.status(exchange.status)
        headers = Self.headers(exchange.headers)
        self.duration = ReportValues.milliseconds(duration)
        self.attempt = .int(attempt)
        node = isNode ? Self.node(in: body.data) : nil
    }

    private static func body(_ json: JSONValue?) -> (data: JSONValue, errors: JSONValue, extensions: JSONValue) {
        guard let json else { return (.null, .array([]), .null) }
        return (json["data"] ?? .null, json["errors"] ?? .array([]), json["extensions"] ?? .null)
    }

    private static func status(_ status: Int?) -> JSONValue {
        guard let status else { return .null }
        return .int(status)
    }

    private static func node(in data: JSONValue) -> JSONValue {
        data["node"] ?? .null
    }

    /// Lower-case names; a header sent twice has its values joined with ", ".
    private static func headers(_ fields: Graph.HTTPHeaders) -> JSONValue {
        var headers = JSONObject(minimumCapacity: fields.count)
        for (name, value) in fields {
            let key = Graph.HTTPHeaders.lowercased(name)
            if let earlier = headers[key]?.stringValue {
                headers[key] = .string(earlier + ", " + value)
            } else {
                headers[key] = .string(value)
            }
        }
        return .object(headers)
    }

    /// The response's names added to `scope`.
    func apply(to scope: inout ExpressionScope) {
        scope.reserveCapacity(RunSession.scopeCapacity)
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
        var record = JSONObject(minimumCapacity: 7)
        record["data"] = data
        record["status"] = status
        record["errors"] = errors
        record["extensions"] = extensions
        record["headers"] = headers
        record["duration"] = duration
        record["attempt"] = attempt
        return .object(record)
    }
}
