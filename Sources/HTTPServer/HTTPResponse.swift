/// An HTTP response: status, header fields and body. The server adds `Content-Length`
/// (and `Date`) itself, so a `Content-Length` or `Transfer-Encoding` given here is ignored.
public struct HTTPResponse: Sendable, Equatable {
    /// The status code, 100...999 (anything else is sent as 500).
    public var status: Int
    /// Header fields to send; a field whose name or value is not valid HTTP (e.g. holds
    /// CR or LF) is left out.
    public var headers: HTTPHeaders
    /// The body, sent with its `Content-Length`.
    public var body: [UInt8]

    /// A response; by default `200` with no fields and an empty body.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response with `Content-Type: application/json` and the given JSON text.
    public static func json(status: Int = 200, body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Array(body.utf8))
    }

    /// A response with `Content-Type: application/json` and the given encoded JSON.
    public static func json(status: Int = 200, body: [UInt8]) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: body)
    }

    /// A response with `Content-Type: text/plain; charset=utf-8`.
    public static func text(status: Int = 200, body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(body.utf8))
    }
}
