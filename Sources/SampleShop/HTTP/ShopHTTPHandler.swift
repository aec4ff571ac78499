import BuyflowCore
import GraphQLKit
import HTTPServer

/// Answers the shop's HTTP requests: routing and API versions, faults, the access token,
/// GraphQL over HTTP, execution (`@defer` as `multipart/mixed`: `IncrementalDelivery`).
final class ShopHTTPHandler: HTTPHandler {
    let engine: ShopEngine
    let faults: FaultInjector
    let token: String?
    let maxBodySize: Int
    private let versions: Set<String>
    /// The oldest version the shop supports: retired release versions fall forward to it.
    private let oldestSupported: String?

    static let tokenHeader = "X-Shopify-Storefront-Access-Token"
    static let privateTokenHeader = "Shopify-Storefront-Private-Token"

    init(engine: ShopEngine, faults: FaultInjector, token: String?, maxBodySize: Int) {
        self.engine = engine
        self.faults = faults
        self.token = token
        self.maxBodySize = maxBodySize
        versions = Set(engine.catalog.apiVersions)
        oldestSupported = engine.catalog.supportedAPIVersions.filter(Self.isReleaseVersion).min()
    }

    /// `YYYY-01`, `-04`, `-07` or `-10`: the versions Shopify releases.
    static func isReleaseVersion(_ version: String) -> Bool {
        let parts = version.split(separator: "-")
        return parts.count == 2 && parts[0].count == 4 && Int(parts[0]) != nil && ["01", "04", "07", "10"].contains(parts[1])
    }

    /// The version a request for `requested` is served with: itself when the shop knows
    /// it; the oldest supported one for a well-formed release version older than that (as
    /// Shopify serves retired versions); `nil` (404) for anything else.
    func servedVersion(for requested: String) -> String? {
        if versions.contains(requested) { return requested }
        if Self.isReleaseVersion(requested), let oldest = oldestSupported, requested < oldest { return oldest }
        return nil
    }

    /// `/api/<version>/graphql.json` or `/api/<version>/graphql` → the version.
    static func version(in path: String) -> String? {
        guard path.hasPrefix("/api/") else { return nil }
        let rest = path.dropFirst(5)
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let tail = rest[rest.index(after: slash)...]
        guard tail == "graphql.json" || tail == "graphql" else { return nil }
        return String(rest[..<slash])
    }

    func reply(to request: HTTPRequest) -> HTTPReply {
        guard let requested = Self.version(in: request.path) else { return .respond(ShopResponses.notFound(request.path)) }
        guard let version = servedVersion(for: requested) else {
            return .respond(ShopResponses.unknownVersion(requested, supported: engine.catalog.apiVersions))
        }
        let decision = faults.decide()
        let headers = [("X-Request-Id", "req-\(decision.number)"), ("X-Shopify-API-Version", version)]
        var response: HTTPResponse?
        if let seconds = decision.throttledFor {
            response = ShopResponses.error(
                429, "Throttled: the sample shop allows \(faults.faults.throttle.map { String($0) } ?? "?") requests a second (--throttle).",
                code: "THROTTLED", headers: headers + [("Retry-After", String(seconds))]
            )
        } else if decision.drop {
            guard let delay = decision.delay, delay > .zero else { return .drop }
            return .deferred {
                try? await Task.sleep(for: delay)
                return .drop
            }
        } else if decision.fail {
            let status = faults.faults.failStatus
            response = ShopResponses.error(
                status, "The sample shop answered \(status) (--fail-rate).", code: status == 503 ? "SERVICE_UNAVAILABLE" : "INTERNAL_SERVER_ERROR",
                headers: headers
            )
        }
        let answer = response ?? answerAPI(request, decision: decision, headers: headers)
        if let delay = decision.delay, delay > .zero { return .after(delay, answer) }
        return .respond(answer)
    }

    private func answerAPI(_ request: HTTPRequest, decision: FaultInjector.Decision, headers: [(String, String)]) -> HTTPResponse {
        var headers = headers
        if let token {
            let given = request.headers[Self.tokenHeader] ?? request.headers[Self.privateTokenHeader]
            guard let given, !given.isEmpty else {
                return ShopResponses.error(401, "Missing access token: send it in the \(Self.tokenHeader) header.", code: "UNAUTHORIZED", headers: headers)
            }
            guard given == token else {
                return ShopResponses.error(403, "Invalid access token.", code: "FORBIDDEN", headers: headers)
            }
        }
        guard request.method == "POST" || request.method == "GET" else {
            return ShopResponses.error(405, "Method \(request.method) is not allowed: use POST (or GET for queries).", code: "METHOD_NOT_ALLOWED",
                                       headers: headers + [("Allow", "GET, POST")])
        }
        guard request.body.count <= maxBodySize else {
            return ShopResponses.error(413, "The request body exceeds \(maxBodySize) bytes.", code: "PAYLOAD_TOO_LARGE", headers: headers)
        }
        let graphQL: GraphQLHTTPRequest
        do {
            graphQL = try GraphQLHTTPRequest.read(request)
        } catch {
            return ShopResponses.error(400, error.message, code: "BAD_REQUEST", headers: headers)
        }
        let prepared: PreparedDocument
        switch engine.document(graphQL.query) {
        case .invalid(let errors):
            return ShopResponses.json(200, ["errors": .array(errors)], headers: headers)
        case .ready(let document, let deprecated):
            prepared = document
            if let deprecated { headers.append(("X-Shopify-API-Deprecated-Reason", deprecated)) }
        }
        let operation: PreparedOperation
        do {
            operation = try prepared.operation(named: graphQL.operationName)
        } catch {
            return ShopResponses.json(200, ExecutionResult(requestErrors: [error]).json, headers: headers)
        }
        if request.method == "GET", operation.operationType != .query {
            return ShopResponses.error(
                405, "Only queries may be sent with GET; send this \(operation.operationType.rawValue) with POST.",
                code: "METHOD_NOT_ALLOWED", headers: headers + [("Allow", "POST")]
            )
        }
        let inContext = ShopEngine.inContext(operation.operation, variables: graphQL.variables)
        let context = RequestContext(
            engine: engine, language: inContext.language ?? engine.language(acceptLanguage: request.headers["Accept-Language"]),
            country: inContext.country, faultArmed: decision.injectError
        )
        if operation.usesDefer, IncrementalDelivery.prefersMultipart(accept: request.headers["Accept"]) {
            var result = operation.executeIncrementally(variables: graphQL.variables, context: context)
            Self.addInjectedError(to: &result.initial, context)
            guard result.isIncremental else { return ShopResponses.json(200, result.initial.json, headers: headers) }
            return IncrementalDelivery.response(result, headers: headers)
        }
        guard context.faultArmed else {
            // The response written while executing, with no `JSONValue` tree in between:
            // the same bytes as serializing `execute`'s result.
            return ShopResponses.json(200, bytes: operation.executeSerialized(variables: graphQL.variables, context: context), headers: headers)
        }
        var result = operation.execute(variables: graphQL.variables, context: context)
        Self.addInjectedError(to: &result, context)
        return ShopResponses.json(200, result.json, headers: headers)
    }

    /// The error of `--error-rate` when no resolver has reported it yet.
    private static func addInjectedError(to result: inout ExecutionResult, _ context: RequestContext) {
        if context.faultArmed, !context.faultSpent, result.data != nil {
            result.errors.append(GraphQLError(ResolverTable.injectedErrorMessage, extensions: .code("INTERNAL_SERVER_ERROR")))
        }
    }
}
