import BuyflowCore
import BuyflowReport
import Testing

/// `redacted(secrets:)` leaves no secret in any string of a report.
@Suite struct RedactionTests {
    static let secret = Samples.token
    static let password = "hunter2-password"

    /// A report with the secrets planted in every kind of string field.
    static var leaky: RunReport {
        var report = Samples.run
        report.target.url = "http://127.0.0.1:53121/api/2026-04/graphql.json?token=\(secret)"
        var step = report.steps[2]
        step.failure?.message = "expected true, got false (token \(secret))"
        step.failure?.actual = ["nested": ["deeper": [.string("Bearer \(secret)"), 1, nil]]]
        step.captures["accessToken"] = .string(secret)
        step.captures["profile"] = ["password": .string(password), "list": [.string("x\(password)y")]]
        step.attempts[0].repro = "curl -H 'X-Shopify-Storefront-Access-Token: \(secret)' http://127.0.0.1:53121/"
        step.attempts[0].errors = [["message": .string("bad token \(secret)"), "extensions": ["token": .string(secret)]]]
        step.attempts[0].request = HTTPExcerpt(
            headers: [HTTPExcerpt.Header(name: "X-Shopify-Storefront-Access-Token", value: secret)],
            body: "{\"password\":\"\(password)\"}"
        )
        step.assertions[1].message = "saw \(password)"
        step.warnings.append(ReportWarning(kind: .other, message: "\(secret)\(secret)"))
        report.steps[2] = step
        report.warnings = [ReportWarning(kind: .deprecated, message: "token=\(secret);")]
        return report
    }

    @Test func noSecretSurvivesAnywhere() {
        let text = JSONSerializer().string(Self.leaky.redacted(secrets: [Self.secret, Self.password]).jsonValue)
        #expect(!text.contains(Self.secret))
        #expect(!text.contains(Self.password))
        #expect(!text.contains("hunter2"))
        // Before redaction they are there: the test plants what it claims to.
        let leaked = JSONSerializer().string(Self.leaky.jsonValue)
        #expect(leaked.contains(Self.secret) && leaked.contains(Self.password))
    }

    @Test func secretsAreReplacedInPlace() throws {
        let redacted = Self.leaky.redacted(secrets: [Self.secret, Self.password])
        let step = redacted.steps[2]
        #expect(step.failure?.message == "expected true, got false (token [redacted])")
        #expect(step.failure?.actual == ["nested": ["deeper": ["Bearer [redacted]", 1, nil]]])
        #expect(step.captures["accessToken"] == "[redacted]")
        #expect(step.captures["profile"] == ["password": "[redacted]", "list": ["x[redacted]y"]])
        #expect(step.attempts[0].repro == "curl -H 'X-Shopify-Storefront-Access-Token: [redacted]' http://127.0.0.1:53121/")
        #expect(step.attempts[0].errors == [["message": "bad token [redacted]", "extensions": ["token": "[redacted]"]]])
        #expect(step.attempts[0].request?.headers.first?.value == "[redacted]")
        #expect(step.attempts[0].request?.body == "{\"password\":\"[redacted]\"}")
        #expect(step.assertions[1].message == "saw [redacted]")
        #expect(step.warnings.last?.message == "[redacted][redacted]")
        #expect(redacted.warnings[0].message == "token=[redacted];")
        #expect(redacted.target.url.hasSuffix("?token=[redacted]"))
        // Everything else is left alone.
        #expect(redacted.steps[0] == Samples.run.steps[0])
        #expect(redacted.summary == Samples.run.summary)
    }

    @Test func longestSecretWinsAndReplacementsAreNotRescanned() {
        var report = Samples.run
        report.steps[0].captures = Samples.object(["a": "abcdefghijkl", "b": "redacted", "c": "xabcdefghx"])
        let redacted = report.redacted(secrets: ["abcdefgh", "abcdefghijkl", "redacted", ""])
        #expect(JSONValue.object(redacted.steps[0].captures) == ["a": "[redacted]", "b": "[redacted]", "c": "x[redacted]x"])
    }

    @Test func nonASCIISecretsAndText() {
        var report = Samples.run
        report.steps[0].captures = Samples.object(["a": "clé→münchen→clé"])
        let redacted = report.redacted(secrets: ["münchen"])
        #expect(redacted.steps[0].captures["a"] == "clé→[redacted]→clé")
    }

    @Test func noSecretsChangesNothing() {
        #expect(Self.leaky.redacted(secrets: []) == Self.leaky)
        #expect(Self.leaky.redacted(secrets: [""]) == Self.leaky)
    }

    @Test func runsReportRedactsEveryRun() {
        let runs = RunsReport(runs: [Self.leaky, Self.leaky]).redacted(secrets: [Self.secret])
        let text = JSONSerializer().string(runs.jsonValue)
        #expect(!text.contains(Self.secret))
        #expect(text.contains("[redacted]"))
    }
}
