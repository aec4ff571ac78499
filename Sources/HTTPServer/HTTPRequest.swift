/// A complete HTTP request as the server hands it to a handler: the body has been read
/// in full (up to the configured maximum).
public struct HTTPRequest: Sendable {
    /// One `name=value` pair of the query string, percent-decoded (`+` reads as a space).
    public struct QueryItem: Sendable, Hashable {
        public var name: String
        /// `nil` for a bare `?flag` without `=`.
        public var value: String?

        /// An item; `value` nil for a bare name.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The method as sent, e.g. `GET` or `POST`.
    public var method: String
    /// The percent-decoded path, without the query string, e.g. `/api/2026-04/graphql.json`.
    public var path: String
    /// The query string's items, in order.
    public var queryItems: [QueryItem]
    /// The request's header fields (names compared case-insensitively).
    public var headers: HTTPHeaders
    /// The request body; empty when there is none.
    public var body: [UInt8]

    var remote: RemoteAddress

    /// The client's address as `host:port` (`127.0.0.1:51234`, `[::1]:51234`), if known.
    public var remoteAddress: String? { remote.description }

    /// A request built by hand, e.g. to test a handler without a server.
    public init(
        method: String = "GET",
        path: String = "/",
        queryItems: [QueryItem] = [],
        headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [],
        remoteAddress: String? = nil
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remote = remoteAddress.map(RemoteAddress.text) ?? .unknown
    }

    init(
        method: String, path: String, queryItems: [QueryItem], headers: HTTPHeaders,
        body: [UInt8], remote: RemoteAddress
    ) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.remote = remote
    }

    /// The value of the first query item named `name` (exact match); `nil` if there is
    /// none or it has no value.
    public func queryValue(_ name: String) -> String? {
        for item in queryItems where item.name == name { return item.value }
        return nil
    }
}
