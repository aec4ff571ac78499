import Buy
import BuyflowCore
import BuyflowReport

/// Sending a step's request: every attempt recorded, timeouts enforced, transport retries.
extension RunSession {
    /// Sends until an attempt gets through the transport (any HTTP 2xx JSON answer with
    /// `data` or `errors`) or the retries run out, which fails the step.
    nonisolated(nonsending) func send(_ request: PreparedRequest, retry: RetryPlan, isNode: Bool, run: inout StepRun) async throws(StepStop) -> ResponseValues {
        var sent = 0
        while true {
            let number = run.report.attempts.count + 1
            options.observer.attemptStarted(run.progress, attempt: number)
            let start = clock.now
            let (exchange, expired) = await exchange(request)
            let elapsed = clock.now - start
            let kind = Self.transportKind(exchange, timedOut: expired || elapsed > request.timeout)
            let reason: AttemptReport.Reason = sent > 0 ? .retry : number > 1 ? .poll : .first
            let headers = exchange.headers
            var attempt = AttemptReport(
                number: number, reason: reason, startOffset: start - runStart, duration: elapsed, httpStatus: exchange.status, errorKind: kind,
                errors: exchange.json?["errors"]?.arrayValue ?? [],
                servedApiVersion: headers["X-Shopify-API-Version"], requestId: headers["X-Request-Id"],
                deprecatedReason: headers["X-Shopify-API-Deprecated-Reason"]
            )
            if kind != nil {
                attachRepro(to: &attempt, exchange)
            } else if options.excerptsOfEveryAttempt {
                attachExcerpts(to: &attempt, exchange)
            }
            run.report.attempts.append(attempt)
            run.last = exchange
            run.values = ResponseValues(exchange, attempt: number, duration: elapsed, isNode: isNode)
            let timing = exchange.timing
            options.observer.attemptFinished(
                run.progress, attempt: AttemptProgress(
                    number: number, duration: elapsed, httpStatus: exchange.status, errorKind: kind,
                    throttled: Throttling.isThrottled(exchange), retryAfter: exchange.retryAfter,
                    connect: timing.reusedConnection == true ? nil : timing.connect,
                    firstByte: timing.firstByte
                )
            )
            guard let kind else { return run.values! }
            // Interrupted (Ctrl-C, SIGTERM): the request was cancelled; nothing more is sent.
            if Task.isCancelled { throw StepStop.interrupted(kind) }

            sent += 1
            if sent < retry.attempts, retry.retries(kind, status: exchange.status) {
                var wait = retry.backoff.delay(interval: retry.interval, repetition: sent, maxInterval: retry.maxInterval)
                if let after = exchange.retryAfter, after > wait { wait = after }
                options.observer.retryWaiting(run.progress, attempt: number, wait: wait)
                try? await clock.sleep(for: wait)
                continue
            }
            throw StepStop(transportFailure(kind, exchange, timeout: request.timeout, attempts: sent))
        }
    }

    /// One attempt, cancelled when its timeout passes on `clock`. Returns the exchange and
    /// whether the timeout ended it.
    private nonisolated(nonsending) func exchange(_ request: PreparedRequest) async -> (Graph.Exchange, expired: Bool) {
        enum Outcome: Sendable {
            case answered(Graph.Exchange)
            case expired
            case cancelled
        }
        let client = self.client
        let clock = self.clock
        // The transports end a request at its timeout themselves; a task racing a timer
        // beside each request is needed only when time is not theirs (a manual clock), and
        // load mode, which keeps its own time, never races one.
        guard options.racesTimeouts, !clock.transportsKeepItsTime else {
            let exchange = await client.send(
                document: request.document, variables: request.variables, operationName: request.operationName,
                headers: request.headers, timeout: request.timeout
            )
            return (exchange, false)
        }
        let deadline = clock.now + request.timeout
        return await withTaskGroup(of: Outcome.self) { group in
            group.addTask {
                .answered(await client.send(
                    document: request.document, variables: request.variables, operationName: request.operationName,
                    headers: request.headers, timeout: request.timeout
                ))
            }
            group.addTask {
                do {
                    try await clock.expire(at: deadline)
                    return .expired
                } catch {
                    return .cancelled
                }
            }
            var answer: Graph.Exchange?
            var expired = false
            while let outcome = await group.next() {
                switch outcome {
                case .answered(let exchange):
                    answer = exchange
                case .expired:
                    if answer == nil { expired = true }
                case .cancelled:
                    break
                }
                group.cancelAll()
            }
            return (answer!, expired)
        }
    }

    /// The error kind of an attempt that did not get through the transport, `nil` when it did.
    static func transportKind(_ exchange: Graph.Exchange, timedOut: Bool) -> ErrorKind? {
        if timedOut { return .timeout }
        switch exchange.failure {
        case nil, .graphql, .schemaViolation, .cacheMiss: return nil
        case .network, .cancelled: return .network
        case .timeout: return .timeout
        case .http: return .http
        case .invalidJson: return .invalidJson
        case .noData: return .noData
        }
    }

    /// Why the last attempt failed, in words.
    func transportFailure(_ kind: ErrorKind, _ exchange: Graph.Exchange, timeout: Duration, attempts: Int) -> Failure {
        var message: String
        var actual: JSONValue?
        switch kind {
        case .timeout:
            message = "timed out after \(ReportValues.duration(timeout))"
        case .http:
            message = "HTTP status \(exchange.status ?? 0)"
            let reasons = exchange.errors
            if !reasons.isEmpty {
                message += ": " + reasons.map(\.message).joined(separator: "; ")
            } else if !exchange.body.isEmpty {
                actual = Self.bodyStart(exchange, redactor)
            }
        case .invalidJson:
            message = exchange.body.isEmpty ? "the response body is empty, not JSON" : "the response body is not JSON"
            if let problem = exchange.jsonError { message += " (\(problem.message))" }
            if !exchange.body.isEmpty { actual = Self.bodyStart(exchange, redactor) }
        case .noData:
            message = "the response is JSON without 'data' or 'errors'"
            actual = exchange.json.map { shown($0) }
        default:
            let cause = exchange.error?.transportError?.message ?? exchange.error.map { "\($0)" } ?? "no response"
            message = "network error: \(cause)"
        }
        if attempts > 1 { message += " (after \(attempts) attempts)" }
        return Failure(kind: kind, message: message, actual: actual)
    }

    /// The first 512 bytes of the response body, redacted before the cut.
    static func bodyStart(_ exchange: Graph.Exchange, _ redact: Redactor) -> JSONValue {
        .string(ReportValues.prefix(redact(String(decoding: exchange.body, as: UTF8.self)), bytes: 512))
    }

    /// `repro` and the request and response excerpts of a failed attempt.
    func attachRepro(to attempt: inout AttemptReport, _ exchange: Graph.Exchange) {
        attempt.repro = Repro.curl(exchange.request)
        attachExcerpts(to: &attempt, exchange)
    }

    /// The start of the request and of the response (redacted with the report).
    func attachExcerpts(to attempt: inout AttemptReport, _ exchange: Graph.Exchange) {
        attempt.request = Repro.excerpt(exchange.request, limit: options.excerptLimit, redact: redactor)
        attempt.response = exchange.response.map { Repro.excerpt($0, limit: options.excerptLimit, redact: redactor) }
    }
}
