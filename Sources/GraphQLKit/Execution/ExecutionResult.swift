import BuyflowCore

/// The result of executing a request (spec 7.1 "Response Format").
public struct ExecutionResult: Sendable, Hashable {
    /// The response data, its members in the order of the selection set; `nil` when
    /// execution did not start (a request error: unknown operation, invalid variables,
    /// a limit exceeded), `.null` when an error propagated up to the root.
    public var data: JSONValue?
    /// Request errors, or the field errors of a (partial) result.
    public var errors: [GraphQLError]
    /// The response's `extensions` member, left out when `nil`.
    public var extensions: JSONObject?

    public init(data: JSONValue?, errors: [GraphQLError] = [], extensions: JSONObject? = nil) {
        self.data = data
        self.errors = errors
        self.extensions = extensions
    }

    /// A result with request errors only: no `data`.
    public init(requestErrors: [GraphQLError]) {
        self.init(data: nil, errors: requestErrors)
    }

    /// `{"errors":[…],"data":…,"extensions":…}`: `errors` first (as the spec recommends)
    /// and only when there are some, `data` only when execution started.
    public var json: JSONValue {
        var object = JSONObject(minimumCapacity: 3)
        if !errors.isEmpty { object["errors"] = .array(errors.map(\.json)) }
        if let data { object["data"] = data }
        if let extensions { object["extensions"] = .object(extensions) }
        return .object(object)
    }
}
