import Foundation

extension Graph {
    /// One HTTP request as a transport sends it. Printing it never shows a secret
    /// header's value (see `Graph.Redaction`).
    public struct HTTPRequest: Sendable, CustomStringConvertible {
        public var method: String
        public var url: URL
        public var headers: HTTPHeaders
        public var body: Data
        /// The most this request may take, from sending to the last byte of the answer;
        /// `nil` leaves it to the transport's default.
        public var timeout: Duration?

        public init(method: String = "POST", url: URL, headers: HTTPHeaders = [:], body: Data = Data(), timeout: Duration? = nil) {
            self.method = method
            self.url = url
            self.headers = headers
            self.body = body
            self.timeout = timeout
        }

        /// `POST https://…/graphql.json` and the headers, secrets redacted.
        public var description: String {
            var text = "\(method) \(url.absoluteString)"
            for (name, value) in Redaction.redacted(headers) { text += "\n\(name): \(value)" }
            return text
        }
    }
}
