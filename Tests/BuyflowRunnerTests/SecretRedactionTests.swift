import Buy
import BuyflowCore
import BuyflowReport
import Foundation
import Synchronization
import Testing
@testable import BuyflowRunner

/// Issue 27: secrets redacted as values — numbers, short ones, across cuts, in URLs, and in
/// what the observer (the console) is shown before a later step captures them.
@Suite struct SecretRedactionTests {
    /// Collects the step reports the observer is shown, as JSON text.
    final class ShownSteps: RunObserver {
        private let storage = Mutex<[String]>([])
        private let targets = Mutex<[String]>([])
        var texts: [String] { storage.withLock { $0 } }
        var targetURLs: [String] { targets.withLock { $0 } }
        func runStarted(workflow: WorkflowInfo, row: RowInfo?, target: TargetInfo, steps: Int) {
            targets.withLock { $0.append(target.url) }
        }
        func stepFinished(_ step: StepReport) {
            let text = JSONSerializer().string(step.jsonValue)
            storage.withLock { $0.append(text) }
        }
    }

    static let shopQuery = "query S { shop { name } }"

    @Test("6: a secret number capture is redacted, as the value and inside messages")
    func numberCapture() async throws {
        let harness = Harness(replies: [.data(#"{"cart":{"totalQuantity":918273645501}}"#)])
        let report = try await harness.run("""
            version: 1
            name: Numbers
            steps:
              - name: Count
                query: 'query C { cart(id: "x") { totalQuantity } }'
                capture:
                  count: {value: data.cart.totalQuantity, secret: true}
              - name: Again
                query: 'query C { cart(id: "x") { totalQuantity } }'
                assert:
                  - data.cart.totalQuantity == 1
            """)
        let failure = try #require(try report.step("Again").failure)
        #expect(failure.actual == "[redacted]")
        #expect(!report.encoded.contains("918273645501"), "\(report.encoded)")
    }

    @Test("8: a short secret is redacted where it stands alone, not inside other digits")
    func shortSecret() async throws {
        let harness = Harness(replies: [.data(#"{"cart":{"totalQuantity":3}}"#)])
        let endpoint = URL(string: "http://127.0.0.1:58013/api/2026-04/graphql.json")!
        let report = try await harness.run("""
            version: 1
            name: Short
            steps:
              - name: Count
                query: 'query C { cart(id: "x") { totalQuantity } }'
                capture:
                  count: {value: data.cart.totalQuantity, secret: true}
              - name: Again
                query: 'query C { cart(id: "x") { totalQuantity } }'
                assert:
                  - data.cart.totalQuantity == 918273
            """, target: RunTarget(endpoint: endpoint, token: "shpat-secret-token"))
        let step = try report.step("Again")
        let assertion = try #require(step.failure?.assertions.first ?? step.assertions.first)
        #expect(assertion.actual == "[redacted]")
        #expect(assertion.expected == 918_273)
        let repro = try #require(step.attempts.last?.repro)
        #expect(repro.contains("'http://127.0.0.1:58013/api/2026-04/graphql.json'"), "\(repro)")
        #expect(step.attempts.last?.response?.body.contains(#""totalQuantity":[redacted]"#) == true)
    }

    /// A body whose secret starts `offset` bytes into it.
    static func body(secretAt offset: Int, _ secret: String) -> String {
        let head = #"{"data":{"shop":{"name":""#
        return head + String(repeating: "x", count: offset - head.utf8.count) + secret + #""}}}"#
    }

    @Test("8: a secret across the 4,096-byte cut of an excerpt keeps no head")
    func secretAcrossTheExcerptCut() async throws {
        let secret = "HEADxy-PLANTED-password"
        let harness = Harness(replies: [.json(Self.body(secretAt: 4090, secret))])
        let report = try await harness.run("""
            version: 1
            name: Cut
            steps:
              - name: Shop
                query: '\(Self.shopQuery)'
                assert:
                  - data.shop.name == "x"
            """, environment: ["SHOP_PASSWORD": secret])
        let response = try #require(try report.step("Shop").attempts.last?.response)
        #expect(response.bodyTruncated)
        #expect(!report.encoded.contains("HEADxy"), "\(response.body.suffix(40))")
    }

    @Test("8: a secret across the 1,024-byte cut of an actual value keeps no head")
    func secretAcrossTheActualCut() async throws {
        let secret = "HEADxy-PLANTED-password"
        // The cut at 1,024 bytes falls after "HEADxy-P".
        let name = String(repeating: "x", count: 1016) + secret
        let harness = Harness(replies: [.data(#"{"shop":{"name":"\#(name)"}}"#)])
        let report = try await harness.run("""
            version: 1
            name: Cut
            steps:
              - name: Shop
                query: '\(Self.shopQuery)'
                assert:
                  - data.shop.name == "x"
            """, environment: ["SHOP_PASSWORD": secret])
        #expect(!report.encoded.contains("HEADxy"))
    }

    @Test("8: a secret captured later loses its head in an earlier step's cut excerpt too")
    func laterSecretAcrossAnEarlierCut() async throws {
        let secret = "HEADxy-PLANTED-captured"
        let harness = Harness(replies: [.json(Self.body(secretAt: 4090, secret)), .data(#"{"shop":{"name":"\#(secret)"}}"#)])
        let report = try await harness.run("""
            version: 1
            name: Cut
            steps:
              - name: Shop
                continueOnError: true
                query: '\(Self.shopQuery)'
                assert:
                  - data.shop.name == "x"
              - name: Remember
                query: '\(Self.shopQuery)'
                capture:
                  memo: {value: data.shop.name, secret: true}
            """)
        #expect(try report.step("Shop").attempts.last?.response?.bodyTruncated == true)
        #expect(!report.encoded.contains("HEADxy"))
    }

    @Test("8: what the observer is shown before a later step captures a secret is redacted")
    func heldUntilTheLastSecretCapture() async throws {
        // The shop says memo"PLANTED\value, JSON-escaped.
        let escaped = #"memo\"PLANTED\\value"#
        let harness = Harness(replies: [.data(#"{"shop":{"name":"\#(escaped)"}}"#)])
        let workflow = try harness.load("""
            version: 1
            name: Verbose
            steps:
              - name: Look
                query: '\(Self.shopQuery)'
              - name: Remember
                query: '\(Self.shopQuery)'
                capture:
                  memo: {value: data.shop.name, secret: true}
              - name: After
                query: '\(Self.shopQuery)'
            """)
        let shown = ShownSteps()
        var options = harness.options(observer: shown)
        options.excerptsOfEveryAttempt = true
        let reports = await WorkflowRunner(options: options).run(workflow, target: RunTarget(endpoint: Harness.endpoint))
        #expect(reports.first?.steps.map(\.status) == [.passed, .passed, .passed])
        #expect(shown.texts.count == 3)
        for text in shown.texts {
            #expect(!text.contains("PLANTED"), "\(text)")
        }
        #expect(shown.texts.first?.contains("[redacted]") == true)
        #expect(reports.first?.steps[1].captures["memo"] == "[redacted]")
    }

    @Test("7: a token in the URL's query is redacted in the target shown and reported")
    func queryToken() async throws {
        let harness = Harness(replies: [.data(#"{"shop":{"name":"x"}}"#)])
        let endpoint = URL(string: "http://shop.test/api/2026-04/graphql.json?access_token=qtok%2FPLANTED&x=1")!
        let target = RunTarget(endpoint: endpoint)
        #expect(target.shownURL == "http://shop.test/api/2026-04/graphql.json?access_token=[redacted]&x=1")
        let shown = ShownSteps()
        let report = try await harness.run("""
            version: 1
            name: Query
            steps:
              - name: Shop
                query: '\(Self.shopQuery)'
                assert:
                  - data.shop.name == "y"
            """, target: target, observer: shown)
        #expect(report.target.url == target.shownURL)
        #expect(shown.targetURLs == [target.shownURL])
        #expect(!report.encoded.contains("PLANTED"))
        #expect(Graph.Redaction.secrets(in: endpoint) == ["qtok%2FPLANTED", "qtok/PLANTED"])
    }
}
