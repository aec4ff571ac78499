import Buy
import BuyflowCore
import BuyflowReport
import BuyflowWorkflow
import Foundation
import SampleShop
import Synchronization
import Testing
@testable import BuyflowRunner

/// Workflows written to a temporary folder, loaded against the sample shop's schema, and
/// run on a stub transport with a manual clock.
struct Harness {
    static let endpoint = URL(string: "http://shop.test/api/2026-04/graphql.json")!

    let folder: URL
    let clock = ManualRunnerClock()
    let stub: Graph.StubTransport

    init(_ handler: @escaping Graph.StubTransport.Handler) {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-runner-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        stub = Graph.StubTransport(handler)
    }

    /// Answers with each reply in turn, the last one again and again.
    init(replies: [Reply]) {
        let queue = Mutex(replies)
        self.init { _ in
            let reply = queue.withLock { queue in queue.count > 1 ? queue.removeFirst() : queue[0] }
            return try reply.response()
        }
    }

    /// Writes `files` (relative paths) and loads `workflow.yaml`; fails the test on errors.
    func load(_ yaml: String, files: [String: String] = [:], environment: [String: String] = [:], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Workflow {
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let path = folder.appendingPathComponent("workflow.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        var options = WorkflowLoader.Options()
        options.sampleShopSchema = { SampleShop.storefrontSchema }
        options.environment = environment
        let result = WorkflowLoader.load(path: path, options: options)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
        return try #require(result.workflow, sourceLocation: sourceLocation)
    }

    func options(tags: Set<String> = [], failFast: Bool = false, environment: [String: String] = [:], observer: (any RunObserver)? = nil) -> RunOptions {
        var options = RunOptions()
        options.clock = clock
        let stub = self.stub
        options.makeTransport = { _ in stub }
        options.tags = tags
        options.failFast = failFast
        options.environment = environment
        if let observer { options.observer = observer }
        return options
    }

    /// Loads and runs; returns every run report.
    func runAll(
        _ yaml: String, files: [String: String] = [:], target: RunTarget = RunTarget(endpoint: Harness.endpoint, token: "shpat-secret-token"),
        tags: Set<String> = [], failFast: Bool = false, environment: [String: String] = [:], observer: (any RunObserver)? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> [RunReport] {
        let workflow = try load(yaml, files: files, environment: environment, sourceLocation: sourceLocation)
        let runner = WorkflowRunner(options: options(tags: tags, failFast: failFast, environment: environment, observer: observer))
        return await runner.run(workflow, target: target)
    }

    /// Loads and runs a workflow without data rows.
    func run(
        _ yaml: String, files: [String: String] = [:], target: RunTarget = RunTarget(endpoint: Harness.endpoint, token: "shpat-secret-token"),
        tags: Set<String> = [], failFast: Bool = false, environment: [String: String] = [:], observer: (any RunObserver)? = nil,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws -> RunReport {
        let reports = try await runAll(
            yaml, files: files, target: target, tags: tags, failFast: failFast, environment: environment, observer: observer,
            sourceLocation: sourceLocation
        )
        #expect(reports.count == 1, sourceLocation: sourceLocation)
        return try #require(reports.first, sourceLocation: sourceLocation)
    }

    /// The operation names of the requests sent, in order.
    var operationNames: [String] { stub.requests.map { Self.body($0)["operationName"]?.stringValue ?? "?" } }

    static func body(_ request: Graph.HTTPRequest) -> JSONValue {
        (try? JSONParser(path: "<request>").parse(bytes: request.body)) ?? .null
    }
}

/// A scripted answer of the stub transport.
struct Reply: Sendable {
    var status = 200
    var headers: [(String, String)] = []
    var body: String
    /// Thrown instead of answering.
    var error: Graph.TransportError?

    static func json(_ body: String, status: Int = 200, headers: [(String, String)] = []) -> Reply {
        Reply(status: status, headers: headers, body: body)
    }

    static func data(_ data: String, headers: [(String, String)] = []) -> Reply {
        Reply(headers: headers, body: #"{"data":"# + data + "}")
    }

    static func failure(_ kind: Graph.TransportError.Kind, _ message: String = "connection refused") -> Reply {
        Reply(body: "", error: Graph.TransportError(kind, message))
    }

    func response() throws -> Graph.HTTPResponse {
        if let error { throw error }
        var fields = Graph.HTTPHeaders(headers.map { (name: $0.0, value: $0.1) })
        if !fields.contains("Content-Type") { fields["Content-Type"] = "application/json" }
        return Graph.HTTPResponse(status: status, headers: fields, body: Data(body.utf8))
    }
}

extension RunReport {
    /// The report as the JSON the CLI writes.
    var encoded: String { JSONSerializer(pretty: true).string(jsonValue) }

    func step(_ name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StepReport {
        try #require(steps.first { $0.name == name }, "no step '\(name)' in \(steps.map(\.name))", sourceLocation: sourceLocation)
    }
}

/// Records every progress event, in order.
final class RecordingObserver: RunObserver {
    private let storage = Mutex<[String]>([])

    var events: [String] { storage.withLock { $0 } }

    private func add(_ event: String) { storage.withLock { $0.append(event) } }

    func runStarted(workflow: WorkflowInfo, row: RowInfo?, target: TargetInfo, steps: Int) { add("run \(workflow.name) \(steps)") }
    func stepStarted(_ step: StepProgress) { add("step \(step.name)") }
    func attemptStarted(_ step: StepProgress, attempt: Int) { add("attempt \(attempt)") }
    func attemptFinished(_ step: StepProgress, attempt: AttemptProgress) { add("attempt \(attempt.number) \(attempt.errorKind?.rawValue ?? "ok")") }
    func retryWaiting(_ step: StepProgress, attempt: Int, wait: Duration) { add("retry wait \(DurationText.format(wait))") }
    func pollWaiting(_ step: StepProgress, attempt: Int, wait: Duration) { add("poll wait \(DurationText.format(wait))") }
    func stepFinished(_ step: StepReport) { add("finished \(step.name) \(step.status.rawValue)") }
    func runFinished(_ run: RunReport) { add("done \(run.status.rawValue)") }
}
