import BuyflowCore
import BuyflowExpressions

/// `errors`, `userErrors`, `retry`, `poll` and `defaults`.
extension LoadSession {
    mutating func errorPolicy(_ value: LocatedValue) -> ErrorPolicy? {
        if value.list == nil {
            switch reader.choice(value, among: ["forbid", "allow"], "'errors'") {
            case "forbid": return .forbid
            case "allow": return .allow
            default: return nil
            }
        }
        var expected: [ErrorPolicy.ExpectedError] = []
        for item in value.list! {
            guard let fields = reader.fields(item, WorkflowSpecs.expectedError) else { continue }
            if fields.members.isEmpty {
                error("an expected error needs 'message', 'code' or 'path'", at: item.location, code: "expected-error")
            }
            expected.append(ErrorPolicy.ExpectedError(
                message: fields["message"].flatMap { matcher($0, "'message'") },
                code: fields["code"].flatMap { reader.text($0, "'code'") },
                path: fields["path"].flatMap { errorPath($0) },
                location: item.location
            ))
        }
        return .expect(expected)
    }

    mutating func userErrorPolicy(_ value: LocatedValue) -> UserErrorPolicy? {
        if value.list == nil {
            switch reader.choice(value, among: ["forbid", "allow"], "'userErrors'") {
            case "forbid": return .forbid
            case "allow": return .allow
            default: return nil
            }
        }
        var expected: [UserErrorPolicy.ExpectedUserError] = []
        for item in value.list! {
            guard let fields = reader.fields(item, WorkflowSpecs.expectedUserError) else { continue }
            if fields.members.isEmpty {
                error("an expected userError needs 'code', 'field' or 'message'", at: item.location, code: "expected-error")
            }
            expected.append(UserErrorPolicy.ExpectedUserError(
                code: fields["code"].flatMap { reader.text($0, "'code'") },
                field: fields["field"].flatMap { errorPath($0) }.map { $0.map { $0.stringValue ?? $0.description } },
                message: fields["message"].flatMap { matcher($0, "'message'") },
                location: item.location
            ))
        }
        return .expect(expected)
    }

    /// `/regex/` or a substring.
    mutating func matcher(_ value: LocatedValue, _ context: String) -> TextMatcher? {
        guard let text = reader.text(value, context) else { return nil }
        if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
            let pattern = String(text.dropFirst().dropLast())
            if case .failure(let problem) = ExpressionRegexCache.regex(pattern) {
                self.error("\(context) holds an invalid regular expression: \(problem)", at: value.location, code: "regex")
                return nil
            }
            return .pattern(pattern)
        }
        return .substring(text)
    }

    /// `a.b.0.c` or `[a, b, 0, c]`.
    mutating func errorPath(_ value: LocatedValue) -> [JSONValue]? {
        if let text = value.text, value.list == nil {
            return text.split(separator: ".").map { part in Int(part).map(JSONValue.int) ?? .string(String(part)) }
        }
        guard let items = reader.list(value, "'path'") else { return nil }
        return items.compactMap { item in
            if let number = item.int { return .int(number) }
            return reader.string(item, "a path element").map(JSONValue.string)
        }
    }

    mutating func retryPolicy(_ value: LocatedValue, base: RetryPolicy, record: inout FlowRecorder.StepRecord) -> RetryPolicy? {
        guard let fields = reader.fields(value, WorkflowSpecs.retry) else { return nil }
        var policy = base
        if let attempts = fields["attempts"], let setting = intSetting(attempts, "'attempts'", in: 1...100, record: &record) {
            policy.attempts = setting
            policy.attemptsGiven = true
        }
        if let backoff = fields["backoff"], let name = reader.choice(backoff, among: Backoff.allCases.map(\.rawValue), "'backoff'") {
            policy.backoff = Backoff(rawValue: name)!
        }
        if let interval = fields["interval"], let setting = durationSetting(interval, "'interval'", record: &record) { policy.interval = setting }
        if let maxInterval = fields["maxInterval"], let setting = durationSetting(maxInterval, "'maxInterval'", record: &record) {
            policy.maxInterval = setting
        }
        if let on = fields["on"] {
            let items = on.list.map(Array.init) ?? [on]
            var conditions: Set<RetryCondition> = []
            for item in items {
                if let name = reader.choice(item, among: RetryCondition.allCases.map(\.rawValue), "a retry condition") {
                    conditions.insert(RetryCondition(rawValue: name)!)
                }
            }
            policy.on = conditions
        }
        if let mutations = fields["mutations"], let flag = reader.bool(mutations, "'mutations'") { policy.mutations = flag }
        if case .literal(let interval) = policy.interval, case .literal(let maxInterval) = policy.maxInterval, maxInterval < interval {
            error("'maxInterval' (\(DurationText.format(maxInterval))) is shorter than 'interval' (\(DurationText.format(interval)))",
                  at: fields["maxInterval"]?.location ?? fields.location, code: "range")
        }
        return policy
    }

    mutating func pollPolicy(_ value: LocatedValue, record: inout FlowRecorder.StepRecord) -> PollPolicy? {
        guard let fields = reader.fields(value, WorkflowSpecs.poll) else { return nil }
        let until = fields["until"].flatMap { expression($0, "'until'", record: &record, phase: .response) }
        let failIf = fields["failIf"].flatMap { expression($0, "'failIf'", record: &record, phase: .response) }
        var interval = PollPolicy.PollInterval.fixed(.literal(.milliseconds(500)))
        if let value = fields["interval"] {
            if let text = value.string, DurationText.read(text) == .invalid {
                if let parsed = expression(value, "'interval'", record: &record, phase: .response) { interval = .expression(parsed) }
            } else if let number = value.int {
                if number < 0 || number > Int(DurationText.maximum.components.seconds) * 1000 {
                    error("'interval' must be from 0 to \(Int(DurationText.maximum.components.seconds) * 1000) milliseconds (\(DurationText.maximumText)), found \(number)", at: value.location, code: "range")
                } else {
                    interval = .fixed(.literal(.milliseconds(number)))
                }
            } else if let setting = durationSetting(value, "'interval'", record: &record) {
                interval = .fixed(setting)
            }
        }
        var backoff = Backoff.none
        if let value = fields["backoff"], let name = reader.choice(value, among: Backoff.allCases.map(\.rawValue), "'backoff'") {
            backoff = Backoff(rawValue: name)!
        }
        let maxInterval = fields["maxInterval"].flatMap { durationSetting($0, "'maxInterval'", record: &record) } ?? .literal(.seconds(5))
        let maxAttempts = fields["maxAttempts"].flatMap { intSetting($0, "'maxAttempts'", in: 1...100_000, record: &record) } ?? .literal(20)
        let timeout = fields["timeout"].flatMap { durationSetting($0, "'timeout'", record: &record) } ?? .literal(.seconds(60))
        guard let until else { return nil }
        return PollPolicy(
            until: until, failIf: failIf, interval: interval, backoff: backoff, maxInterval: maxInterval,
            maxAttempts: maxAttempts, timeout: timeout, location: value.location
        )
    }

    mutating func stepDefaults(_ value: LocatedValue) -> StepDefaults? {
        guard let fields = reader.fields(value, WorkflowSpecs.defaults) else { return nil }
        var record = flow.defaultsRecord()
        var defaults = StepDefaults()
        if let timeout = fields["timeout"].flatMap({ durationSetting($0, "'timeout'", record: &record) }) { defaults.timeout = timeout }
        if let retry = fields["retry"].flatMap({ retryPolicy($0, base: .default, record: &record) }) { defaults.retry = retry }
        if let errors = fields["errors"].flatMap({ errorPolicy($0) }) { defaults.errors = errors }
        if let userErrors = fields["userErrors"].flatMap({ userErrorPolicy($0) }) { defaults.userErrors = userErrors }
        if let headers = fields["headers"] { defaults.headers = self.headers(headers, record: &record) }
        flow.endDefaults(record)
        return defaults
    }
}
