import BuyflowCore

/// One request of a step (a retry or a poll round is another attempt):
/// `{"number": 1, "startOffsetMs": 12.5, "durationMs": 3.0, "httpStatus": 200, "errorKind": null,
/// "errors": [], "servedApiVersion": "2026-04", "requestId": "…"}`, then `deprecatedReason`,
/// `repro`, `request` and `response` when present.
public struct AttemptReport: JSONConvertible, Sendable, Hashable {
    /// Why the attempt was sent: the step's first request, a transport retry, or another
    /// round of a poll (`reason`).
    public enum Reason: String, Sendable, Hashable, Codable, CaseIterable {
        case first, retry, poll
    }

    /// 1-based.
    public var number: Int
    public var reason: Reason
    /// When the attempt started, from the start of the run (`startOffsetMs`).
    public var startOffset: Duration
    /// `durationMs`.
    public var duration: Duration
    /// `nil` when no response came (network error, timeout).
    public var httpStatus: Int?
    /// `nil` for an attempt that succeeded.
    public var errorKind: ErrorKind?
    /// The response's GraphQL `errors`, as received: the first `maxErrors` of them.
    public var errors: [JSONValue]
    /// How many more `errors` the response had (`errorsOmitted`, written when not 0): a
    /// response with a million errors is not copied whole into every report.
    public var errorsOmitted: Int
    public static let maxErrors = 20
    /// The `X-Shopify-API-Version` response header.
    public var servedApiVersion: String?
    /// The `X-Request-Id` response header.
    public var requestId: String?
    /// The `X-Shopify-API-Deprecated-Reason` response header.
    public var deprecatedReason: String?
    /// For a failed attempt: a `curl` command line sending the same request, the token
    /// written as `$STOREFRONT_TOKEN`.
    public var repro: String?
    /// For a failed attempt: the start of the request and of the response, redacted.
    public var request: HTTPExcerpt?
    public var response: HTTPExcerpt?

    public init(
        number: Int, reason: Reason? = nil, startOffset: Duration, duration: Duration, httpStatus: Int?, errorKind: ErrorKind? = nil,
        errors: [JSONValue] = [], servedApiVersion: String? = nil, requestId: String? = nil,
        deprecatedReason: String? = nil, repro: String? = nil, request: HTTPExcerpt? = nil, response: HTTPExcerpt? = nil,
        errorsOmitted: Int = 0
    ) {
        self.number = number
        self.reason = reason ?? (number == 1 ? .first : .retry)
        self.startOffset = startOffset
        self.duration = duration
        self.httpStatus = httpStatus
        self.errorKind = errorKind
        self.errors = Array(errors.prefix(Self.maxErrors))
        self.errorsOmitted = max(0, errorsOmitted) + max(0, errors.count - Self.maxErrors)
        self.servedApiVersion = servedApiVersion
        self.requestId = requestId
        self.deprecatedReason = deprecatedReason
        self.repro = repro
        self.request = request
        self.response = response
    }

    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["number"] = .int(number)
        object["reason"] = .string(reason.rawValue)
        object["startOffsetMs"] = ReportNumbers.json(startOffset)
        object["durationMs"] = ReportNumbers.json(duration)
        object["httpStatus"] = httpStatus.map(JSONValue.int) ?? .null
        object["errorKind"] = errorKind.map { .string($0.rawValue) } ?? .null
        object["errors"] = .array(errors)
        if errorsOmitted > 0 { object["errorsOmitted"] = .int(errorsOmitted) }
        object["servedApiVersion"] = servedApiVersion.map(JSONValue.string) ?? .null
        object["requestId"] = requestId.map(JSONValue.string) ?? .null
        if let deprecatedReason { object["deprecatedReason"] = .string(deprecatedReason) }
        if let repro { object["repro"] = .string(repro) }
        if let request { object["request"] = request.jsonValue }
        if let response { object["response"] = response.jsonValue }
        return .object(object)
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(
            number: try reader.int("number"),
            reason: try reader.optionalEnumeration("reason"),
            startOffset: try reader.optionalDuration("startOffsetMs") ?? .zero,
            duration: try reader.duration("durationMs"),
            httpStatus: try reader.optionalInt("httpStatus"),
            errorKind: try reader.optionalEnumeration("errorKind"),
            errors: try reader.elements("errors", default: []) { value, _ in value },
            servedApiVersion: try reader.optionalString("servedApiVersion"),
            requestId: try reader.optionalString("requestId"),
            deprecatedReason: try reader.optionalString("deprecatedReason"),
            repro: try reader.optionalString("repro"),
            request: try reader.optionalNested("request"),
            response: try reader.optionalNested("response"),
            errorsOmitted: try reader.optionalInt("errorsOmitted") ?? 0
        )
    }
}
