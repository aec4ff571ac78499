import Foundation
import BuyflowCore

extension Graph {
    /// One request and what came of it, as the workflow engine records every attempt:
    /// the request as sent, the HTTP status, headers and raw body, the parsed JSON (or why
    /// it is not JSON), the timing, and the `QueryError` classification.
    public struct Exchange: Sendable {
        /// The request as sent (printing it redacts secrets).
        public let request: HTTPRequest
        public let startedAt: Date
        /// Wall-clock time of the attempt, middleware included.
        public let duration: Duration
        /// `nil` when no response arrived (see `error`).
        public let response: HTTPResponse?
        /// The body parsed as JSON, when it is JSON (also for a non-2xx status).
        public let json: JSONValue?
        /// Why the body is not JSON, when it is not.
        public let jsonError: Diagnostic?
        /// What went wrong, if anything. A response with `data` and `errors` has both
        /// `data` and `.invalidQuery`.
        public let error: QueryError?

        public init(
            request: HTTPRequest, startedAt: Date, duration: Duration, response: HTTPResponse?,
            json: JSONValue?, jsonError: Diagnostic?, error: QueryError?
        ) {
            self.request = request
            self.startedAt = startedAt
            self.duration = duration
            self.response = response
            self.json = json
            self.jsonError = jsonError
            self.error = error
        }

        public var status: Int? { response?.status }
        public var headers: HTTPHeaders { response?.headers ?? HTTPHeaders() }
        public var body: Data { response?.body ?? Data() }
        /// The transport's breakdown; only `total` (the wall-clock duration) without a response.
        public var timing: Timing { response?.timing ?? Timing(total: duration) }

        /// `data` of the GraphQL response, when it is an object.
        public var data: JSONObject? { json?["data"]?.objectValue }
        /// `errors` of the GraphQL response (empty when there are none).
        public var errors: [QueryError.Reason] { (json?["errors"]?.arrayValue ?? []).map(QueryError.Reason.init(json:)) }
        /// `extensions` of the GraphQL response.
        public var extensions: JSONObject? { json?["extensions"]?.objectValue }

        /// The engine's kind of failure, `nil` when the attempt succeeded.
        public var failure: FailureKind? { error.map(FailureKind.init) }

        /// The longest `Retry-After` a client waits: a longer one (`999999999`, a date in
        /// year 9999) is waited for this long, never for decades.
        public static let retryAfterLimit: Duration = .seconds(60)

        /// `Retry-After` (seconds or an HTTP date), for a throttled or unavailable answer;
        /// at most `retryAfterLimit`, and nil for a value that is neither (`inf`, `-1`).
        public var retryAfter: Duration? {
            guard let value = response?.headers["Retry-After"] else { return nil }
            return Self.parseRetryAfter(value, now: startedAt.addingTimeInterval(Timing.milliseconds(duration) / 1000))
        }

        static func parseRetryAfter(_ value: String, now: Date) -> Duration? {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            if let seconds = Double(trimmed) { return DurationText.seconds(seconds, atMost: retryAfterLimit) }
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
            guard let date = formatter.date(from: trimmed) else { return nil }
            return DurationText.seconds(max(0, date.timeIntervalSince(now)), atMost: retryAfterLimit)
        }
    }
}
