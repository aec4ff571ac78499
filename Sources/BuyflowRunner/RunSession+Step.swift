import Buy
import BuyflowCore
import BuyflowExpressions
import BuyflowReport
import BuyflowWorkflow

/// One step with a body of its own (an operation, a node lookup, a sleep).
extension RunSession {
    /// Runs the step and reports it; returns whether it failed.
    nonisolated(nonsending) func runSingle(_ step: Step, frame: inout StepFrame) async -> Bool {
        let progress = StepProgress(
            id: step.id, name: frame.prefix + step.name, location: step.location, polls: step.poll != nil,
            operationName: step.body.operation?.name
        )
        options.observer.stepStarted(progress)
        let start = clock.now
        var run = StepRun(
            report: StepReport(
                id: step.id, name: progress.name, status: .passed, operation: Self.operationInfo(step), location: step.location,
                duration: .zero
            ),
            progress: progress
        )
        var captured: [(Capture, JSONValue)] = []
        do throws(StepStop) {
            var scope = self.scope(frame)
            switch step.body {
            case .sleep(let setting):
                try? await clock.sleep(for: try duration(setting, "'sleep'", in: scope, frame: frame))
            case .operation(let operation):
                scope = try await request(step, operation: operation, node: nil, scope: scope, frame: frame, run: &run)
            case .node(let lookup):
                scope = try await request(step, operation: lookup.operation, node: lookup, scope: scope, frame: frame, run: &run)
            case .use:
                break
            }
            try checkAssertions(step, in: scope, frame: frame, run: &run)
            captured = try captures(step, in: scope, frame: frame, run: &run)
        } catch {
            fail(&run, error.failure)
        }
        for (capture, value) in captured { store(capture, value: value, in: &frame) }
        if let values = run.values { frame.steps[step.id] = values.stepRecord }
        run.report.duration = clock.now - start
        let failed = run.report.status == .failed
        if failed { markMissing(step, in: &frame) }
        finish(run.report)
        return failed
    }

    /// Marks the step failed; its last attempt carries the failure's kind and a `repro`.
    func fail(_ run: inout StepRun, _ failure: Failure) {
        run.report.status = .failed
        run.report.failure = failure
        guard var attempt = run.report.attempts.last else { return }
        if attempt.errorKind == nil { attempt.errorKind = failure.kind }
        if attempt.repro == nil, let exchange = run.last { attachRepro(to: &attempt, exchange) }
        run.report.attempts[run.report.attempts.count - 1] = attempt
    }

    /// Sends the operation (with retries, and polling), checks the response's API version,
    /// `errors` and `userErrors`, and a node's type; returns the scope with the response.
    private nonisolated(nonsending) func request(
        _ step: Step, operation: OperationSource, node: NodeLookup?, scope: ExpressionScope, frame: StepFrame, run: inout StepRun
    ) async throws(StepStop) -> ExpressionScope {
        let variables = try self.variables(of: step, in: scope, frame: frame)
        let request = PreparedRequest(
            document: operation.text, variables: variables, operationName: operation.name,
            headers: try headers(of: step, in: scope, frame: frame), timeout: try duration(step.timeout, "'timeout'", in: scope, frame: frame)
        )
        let policy = step.retry
        var attempts = try integer(policy.attempts, "'retry.attempts'", in: scope, frame: frame)
        if operation.kind == .mutation, !policy.mutations { attempts = 1 }
        let retry = RetryPlan(
            attempts: attempts, backoff: policy.backoff,
            interval: try duration(policy.interval, "'retry.interval'", in: scope, frame: frame),
            maxInterval: try duration(policy.maxInterval, "'retry.maxInterval'", in: scope, frame: frame), on: policy.on
        )

        var responseScope = scope
        if let poll = step.poll {
            responseScope = try await self.poll(poll, step: step, request: request, retry: retry, isNode: node != nil, scope: scope, frame: frame, run: &run)
        } else {
            let values = try await send(request, retry: retry, isNode: node != nil, run: &run)
            values.apply(to: &responseScope)
            try checkResponse(step, run.last!, values: values, run: &run)
        }
        if let node { try cast(node, id: variables?[NodeQuery.idVariable] ?? .null, data: run.values?.data ?? .null) }
        return responseScope
    }

    /// Repeats the request until `until` holds: `failIf` ends it at once, and running out
    /// of attempts or time fails it with the last response shown.
    private nonisolated(nonsending) func poll(
        _ poll: PollPolicy, step: Step, request: PreparedRequest, retry: RetryPlan, isNode: Bool, scope: ExpressionScope,
        frame: StepFrame, run: inout StepRun
    ) async throws(StepStop) -> ExpressionScope {
        let maxAttempts = try integer(poll.maxAttempts, "'poll.maxAttempts'", in: scope, frame: frame)
        let timeout = try duration(poll.timeout, "'poll.timeout'", in: scope, frame: frame)
        let maxInterval = try duration(poll.maxInterval, "'poll.maxInterval'", in: scope, frame: frame)
        var fixedInterval: Duration?
        if case .fixed(let setting) = poll.interval { fixedInterval = try duration(setting, "'poll.interval'", in: scope, frame: frame) }
        let start = clock.now
        var round = 0
        while true {
            round += 1
            let values = try await send(request, retry: retry, isNode: isNode, run: &run)
            var responseScope = scope
            values.apply(to: &responseScope)
            try checkResponse(step, run.last!, values: values, run: &run)
            if let failIf = poll.failIf, try condition(failIf, "'poll.failIf'", in: responseScope, frame: frame) {
                throw StepStop(Failure(
                    kind: .poll, message: "'failIf' held on attempt \(run.report.attempts.count): \(failIf.text)",
                    actual: shown(values.data), location: failIf.location
                ))
            }
            if try condition(poll.until, "'poll.until'", in: responseScope, frame: frame) { return responseScope }
            if round >= maxAttempts {
                throw StepStop(Failure(
                    kind: .poll, message: "poll gave up after \(round) attempts: 'until' never held: \(poll.until.text)",
                    actual: shown(values.data), location: poll.until.location
                ))
            }
            var interval = fixedInterval ?? .milliseconds(500)
            if case .expression(let expression) = poll.interval {
                interval = try pollDelay(expression, in: responseScope, frame: frame) ?? interval
            }
            let wait = poll.backoff.delay(interval: interval, repetition: round, maxInterval: maxInterval)
            if clock.now + wait - start > timeout {
                throw StepStop(Failure(
                    kind: .poll,
                    message: "poll timed out after \(ReportValues.duration(timeout)) (\(round) attempts): 'until' never held: \(poll.until.text)",
                    actual: shown(values.data), location: poll.location
                ))
            }
            options.observer.pollWaiting(run.progress, attempt: run.report.attempts.count, wait: wait)
            try? await clock.sleep(for: wait)
            // Interrupted while waiting: the step ends here, with the responses it had.
            if Task.isCancelled {
                throw StepStop(Failure(kind: .poll, message: StepStop.interruptedMessage, actual: shown(values.data), location: poll.location))
            }
        }
    }

    /// `poll.interval` as an expression: milliseconds (a number, or text such as `250ms`);
    /// `nil` when it gives `null`.
    private func pollDelay(_ expression: ParsedExpression, in scope: ExpressionScope, frame: StepFrame) throws(StepStop) -> Duration? {
        let value: JSONValue
        do {
            value = try ExpressionEvaluator.evaluate(expression.expression, in: scope)
        } catch {
            throw StepStop(.template, "'poll.interval' \(expression.text): \(explain(error, frame: frame))", location: expression.location)
        }
        switch value {
        case .null: return nil
        case .int, .double:
            if let number = value.doubleValue, let duration = DurationText.milliseconds(number) { return duration }
        case .string(let text):
            if let duration = DurationText.parse(text) { return duration }
            if let number = Double(text), let duration = DurationText.milliseconds(number) { return duration }
        default: break
        }
        throw StepStop(
            .template, "'poll.interval' \(expression.text) must give milliseconds (0 to \(DurationText.maximumText)), but it is \(said(value))",
            location: expression.location
        )
    }

    /// A condition (`poll.until`, `poll.failIf`); an error in it fails the step.
    func condition(_ expression: ParsedExpression, _ context: String, in scope: ExpressionScope, frame: StepFrame) throws(StepStop) -> Bool {
        do {
            return try ExpressionEvaluator.condition(expression.expression, in: scope)
        } catch {
            throw StepStop(.template, "\(context) \(expression.text): \(explain(error, frame: frame))", location: expression.location)
        }
    }

    /// A node step's object must exist and be of the `as` type (or implement it: then the
    /// fragment on it gave fields).
    private func cast(_ lookup: NodeLookup, id: JSONValue, data: JSONValue) throws(StepStop) {
        let idText = id.stringValue ?? ReportValues.text(id)
        guard let node = data["node"], let object = node.objectValue else {
            throw StepStop(Failure(kind: .cast, message: "node \(idText) was not found", expected: .string(lookup.typeName), actual: .null, location: lookup.typeLocation))
        }
        let typeName = object["__typename"]?.stringValue
        guard typeName != lookup.typeName, !object.keys.contains(where: { $0 != "__typename" }) else { return }
        throw StepStop(Failure(
            kind: .cast, message: "node \(idText) is a \(typeName ?? "object of unknown type"), not a \(lookup.typeName)",
            expected: .string(lookup.typeName), actual: typeName.map(JSONValue.string) ?? .null, location: lookup.typeLocation
        ))
    }
}
