import Foundation

extension Graph {
    /// One HTTP response as a transport received it, with how long each phase took.
    public struct HTTPResponse: Sendable {
        public var status: Int
        public var headers: HTTPHeaders
        public var body: Data
        public var timing: Timing
        /// `HTTP/1.1`, `HTTP/2`, … when the transport knows it.
        public var httpVersion: String?

        public init(status: Int, headers: HTTPHeaders = [:], body: Data = Data(), timing: Timing = Timing(), httpVersion: String? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.timing = timing
            self.httpVersion = httpVersion
        }

        public var isSuccess: Bool { (200..<300).contains(status) }
    }
}
