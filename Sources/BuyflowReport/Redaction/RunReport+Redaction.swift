import BuyflowCore

extension RunReport {
    /// The report with each secret replaced by `[redacted]` (in every form `Redactor` knows)
    /// in every string and number it holds: names, messages, locations, captures, GraphQL errors, expected and
    /// actual values, repro command lines, request and response excerpts (headers and
    /// bodies), warnings. The runner redacts as it goes; this is the last line of defence
    /// before a report is written.
    public func redacted(secrets: [String]) -> RunReport {
        let redactor = Redactor(secrets: secrets)
        return redactor.isEmpty ? self : redacted(by: redactor)
    }

    /// The report redacted by `redact` (a runner keeps one for the run's secrets).
    public func redacted(by redact: Redactor) -> RunReport {
        var copy = self
        copy.workflow = WorkflowInfo(name: redact(workflow.name), file: redact(workflow.file))
        copy.row = row.map { RowInfo(index: $0.index, values: redact($0.values)) }
        copy.target = TargetInfo(url: redact(target.url), apiVersion: redact(target.apiVersion))
        copy.steps = steps.map { $0.redacted(by: redact) }
        copy.warnings = warnings.map { $0.redacted(by: redact) }
        return copy
    }
}

extension RunsReport {
    /// Every run redacted as `RunReport.redacted(secrets:)` does.
    public func redacted(secrets: [String]) -> RunsReport {
        let redactor = Redactor(secrets: secrets)
        guard !redactor.isEmpty else { return self }
        var copy = self
        copy.runs = runs.map { $0.redacted(by: redactor) }
        return copy
    }
}

extension StepReport {
    public func redacted(by redact: Redactor) -> StepReport {
        var copy = self
        copy.id = redact(id)
        copy.name = redact(name)
        copy.skipReason = redact(skipReason)
        copy.operation = operation.map { OperationInfo(type: $0.type, name: redact($0.name)) }
        copy.location = redact(location)
        copy.attempts = attempts.map { $0.redacted(by: redact) }
        copy.assertions = assertions.map { $0.redacted(by: redact) }
        copy.captures = redact(captures)
        copy.failure = failure.map { $0.redacted(by: redact) }
        copy.warnings = warnings.map { $0.redacted(by: redact) }
        return copy
    }
}

extension AttemptReport {
    func redacted(by redact: Redactor) -> AttemptReport {
        var copy = self
        copy.errors = errors.map { redact($0) }
        copy.servedApiVersion = redact(servedApiVersion)
        copy.requestId = redact(requestId)
        copy.deprecatedReason = redact(deprecatedReason)
        copy.repro = redact(repro)
        copy.request = request.map { $0.redacted(by: redact) }
        copy.response = response.map { $0.redacted(by: redact) }
        return copy
    }
}

extension HTTPExcerpt {
    func redacted(by redact: Redactor) -> HTTPExcerpt {
        HTTPExcerpt(
            headers: headers.map { Header(name: redact($0.name), value: redact($0.value)) },
            body: redact(body, cut: bodyTruncated), bodyTruncated: bodyTruncated
        )
    }
}

extension AssertionReport {
    func redacted(by redact: Redactor) -> AssertionReport {
        AssertionReport(
            expression: redact(expression), passed: passed, location: redact(location),
            expected: redact(expected), actual: redact(actual), message: redact(message)
        )
    }
}

extension Failure {
    func redacted(by redact: Redactor) -> Failure {
        Failure(
            kind: kind, message: redact(message), expected: redact(expected), actual: redact(actual),
            location: redact(location), assertions: assertions.map { $0.redacted(by: redact) }
        )
    }
}

extension ReportWarning {
    func redacted(by redact: Redactor) -> ReportWarning {
        ReportWarning(kind: kind, message: redact(message), location: redact(location))
    }
}

extension StepReport {
    /// The step with every occurrence of each secret replaced by `[redacted]`, as
    /// `RunReport.redacted(secrets:)` does (for progress shown while a run goes on).
    public func redacted(secrets: [String]) -> StepReport {
        let redactor = Redactor(secrets: secrets)
        return redactor.isEmpty ? self : redacted(by: redactor)
    }
}
