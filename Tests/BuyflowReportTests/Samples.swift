import BuyflowCore
import BuyflowReport

/// Reports shaped like real ones, for golden files and round trips.
enum Samples {
    static let token = "shpat_0123456789abcdef"
    static let file = "workflows/checkout.yaml"
    static let startedAt = Timestamp(millisecondsSince1970: 1_795_953_600_000)  // 2026-11-29T12:00:00.000Z

    static func object(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONObject {
        JSONObject(pairs.map { ($0.key, $0.value) })
    }

    static func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    static var createCart: StepReport {
        StepReport(
            id: "create-cart", name: "Create cart", status: .passed,
            operation: OperationInfo(type: .mutation, name: "CreateCart"), location: location(12, 5),
            duration: .microseconds(3_100),
            attempts: [
                AttemptReport(
                    number: 1, startOffset: .microseconds(1_250), duration: .microseconds(3_000), httpStatus: 200,
                    servedApiVersion: "2026-04", requestId: "req-0001"
                ),
            ],
            assertions: [
                AssertionReport(expression: "data.cartCreate.cart.totalQuantity == 2", passed: true, location: location(31, 11)),
            ],
            captures: object(["cartId": "gid://shopify/Cart/abc", "checkoutUrl": "https://shop.example/cart/c/abc"])
        )
    }

    static var product: StepReport {
        StepReport(
            id: "product", name: "Read product", status: .passed,
            operation: OperationInfo(type: .query, name: "Product"), location: location(35, 5),
            duration: .microseconds(212_340),
            attempts: [
                AttemptReport(
                    number: 1, startOffset: .microseconds(4_400), duration: .microseconds(1_870), httpStatus: 503,
                    errorKind: .http, servedApiVersion: "2026-04", requestId: "req-0002",
                    repro: "curl -sS 'http://127.0.0.1:53121/api/2026-04/graphql.json' -H 'Content-Type: application/json' "
                        + "-H \"X-Shopify-Storefront-Access-Token: $STOREFRONT_TOKEN\" --data-raw '{\"query\":\"query Product { product(handle: \\\"tee\\\") { id } }\"}'",
                    request: HTTPExcerpt(
                        headers: [HTTPExcerpt.Header(name: "Content-Type", value: "application/json")],
                        body: "{\"query\":\"query Product { product(handle: \\\"tee\\\") { id } }\"}"
                    ),
                    response: HTTPExcerpt(
                        headers: [HTTPExcerpt.Header(name: "Retry-After", value: "0.2")],
                        body: "service unavailable", bodyTruncated: false
                    )
                ),
                AttemptReport(
                    number: 2, startOffset: .microseconds(206_500), duration: .microseconds(2_440), httpStatus: 200,
                    servedApiVersion: "2026-04", requestId: "req-0003"
                ),
            ],
            captures: object(["variantId": "gid://shopify/ProductVariant/1"])
        )
    }

    static var applyDiscount: StepReport {
        let failed = AssertionReport(
            expression: "data.cartDiscountCodesUpdate.cart.discountCodes[0].applicable == true", passed: false,
            location: location(48, 11), expected: true, actual: false,
            message: "expected true, got false"
        )
        return StepReport(
            id: "apply-discount", name: "Apply discount", status: .failed,
            operation: OperationInfo(type: .mutation, name: "ApplyDiscount"), location: location(40, 5),
            duration: .microseconds(2_710),
            attempts: [
                AttemptReport(
                    number: 1, startOffset: .microseconds(209_100), duration: .microseconds(2_650), httpStatus: 200,
                    servedApiVersion: "2025-10", requestId: "req-0004",
                    deprecatedReason: "https://shopify.dev/changelog/discount-applicable",
                    repro: "curl -sS 'http://127.0.0.1:53121/api/2026-04/graphql.json' -H \"X-Shopify-Storefront-Access-Token: $STOREFRONT_TOKEN\" --data-raw '{}'"
                ),
            ],
            assertions: [
                AssertionReport(expression: "data.cartDiscountCodesUpdate.userErrors.length == 0", passed: true, location: location(46, 11)),
                failed,
            ],
            captures: object(["session": "[redacted]"]),
            failure: Failure(failedAssertionsOf: [failed]),
            warnings: [
                ReportWarning(
                    kind: .apiVersionMismatch, message: "requested API version 2026-04, the shop served 2025-10",
                    location: location(40, 5)
                ),
            ]
        )
    }

    static var complete: StepReport {
        StepReport(
            id: "complete", name: "Complete checkout", status: .skipped, skipReason: "an earlier step failed",
            operation: OperationInfo(type: .mutation, name: nil), location: location(52, 5), duration: .zero
        )
    }

    static var run: RunReport {
        RunReport(
            workflow: WorkflowInfo(name: "Checkout", file: file),
            target: TargetInfo(url: "http://127.0.0.1:53121/api/2026-04/graphql.json", apiVersion: "2026-04"),
            startedAt: startedAt, duration: .microseconds(41_700),
            steps: [createCart, product, applyDiscount, complete]
        )
    }

    static var passingRun: RunReport {
        RunReport(
            workflow: WorkflowInfo(name: "Browse [eu]", file: "workflows/browse.yaml"),
            row: RowInfo(index: 1, values: object(["name": "eu", "country": "DE"])),
            target: TargetInfo(url: "http://127.0.0.1:53121/api/2026-04/graphql.json", apiVersion: "2026-04"),
            startedAt: startedAt.advanced(by: .milliseconds(50)), duration: .microseconds(8_030),
            steps: [createCart, product],
            warnings: [ReportWarning(kind: .other, message: "only syntax was checked for API version 2026-07")]
        )
    }

    static var runs: RunsReport { RunsReport(runs: [run, passingRun]) }

    static var load: LoadReport {
        func stats(_ count: Int, _ values: [Int]) -> LatencyStats {
            let v = values.map { Duration.microseconds($0) }
            return LatencyStats(count: count, min: v[0], avg: v[1], p50: v[2], p90: v[3], p95: v[4], p99: v[5], max: v[6])
        }
        return LoadReport(
            workflow: WorkflowInfo(name: "Checkout", file: file),
            profile: LoadProfile(vus: 20, duration: .seconds(30), rampUp: .seconds(5)),
            status: .passed, startedAt: startedAt, duration: .milliseconds(30_012),
            iterations: LoadReport.Iterations(completed: 1834, failed: 2),
            requests: LoadReport.Requests(count: 9170, rps: 305.5, errorRate: 0.0002),
            latency: LoadReport.Latency(
                all: stats(9170, [800, 4_100, 3_200, 7_700, 9_900, 18_000, 51_200]),
                steps: [
                    "create-cart": stats(1834, [1_100, 5_000, 4_000, 8_800, 11_000, 20_100, 44_000]),
                    "add-lines": stats(1834, [900, 3_950, 3_100, 6_400, 8_250, 15_500, 30_120]),
                ]
            ),
            errors: ["http503": 2],
            throttled: LoadReport.Throttled(count: 0, rate: 0),
            operations: ["CreateCart": OperationStats(count: 1834, p95: .milliseconds(11), errorRate: 0)],
            checks: [
                LoadCheck(
                    step: "create-cart", stepName: "Create cart", expression: "data.cartCreate.cart.totalQuantity == 2",
                    location: SourceLocation(file: file, line: 31, column: 11), passes: 1832),
                LoadCheck(
                    step: "create-cart", stepName: "Create cart", kind: .http, expression: "request succeeds",
                    location: SourceLocation(file: file, line: 20, column: 5), passes: 1832, fails: 2,
                    samples: [LoadCheckSample(message: "HTTP 503", location: SourceLocation(file: file, line: 20, column: 5), requestId: "req-17", vu: 3, iteration: 41)]),
            ],
            thresholds: [ThresholdResult(expression: "p95(step:create-cart) < 300ms", actual: 11.0, passed: true)],
            histograms: ["all": ["encoding": "hdr/1", "data": "AAECAw=="]]
        )
    }
}
