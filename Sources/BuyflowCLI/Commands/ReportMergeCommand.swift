import BuyflowCore
import BuyflowLoad
import BuyflowReport
import Foundation

/// `buyflow report merge <a.json> <b.json>…`: the load report of the whole load from its
/// shards' reports. Exit 0 when every threshold holds on the merged data, 3 when one is
/// breached, 2 when a report cannot be read or is refused (its own counters do not add up).
struct ReportMergeCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["report", "merge"],
        abstract: "Merge the load reports of shards into the report of the whole load.",
        discussion: """
            Latency histograms merge exactly: the merged percentiles are those one run over every
            sample would give, within the histogram's 1% precision. Requests, errors, throttled
            requests, iterations and the per-second timeline add up; the duration is the longest
            shard's. A shard whose own totals do not add up is refused. The thresholds of every
            shard are evaluated again on the merged data, so the status and exit code (3 when one
            is breached) are those of the whole load. The merged JSON goes to --output, or to
            stdout; --report writes it as text, junit or html too.
            """,
        options: ReportMergeOptions.self,
        examples: [
            "buyflow report merge shard-1.json shard-2.json shard-3.json --output load.json",
            "buyflow report merge shards/*.json --report html=reports/load.html",
        ]
    )

    static func run(_ options: ReportMergeOptions, context: CommandContext) async -> ExitCode {
        let merged: LoadReport
        do {
            var shards: [(path: String, report: LoadReport)] = []
            for path in options.paths { shards.append((path, try read(path))) }
            merged = try LoadReportMerger.merge(shards)
        } catch {
            context.report([error])
            return .invalid
        }
        var problems: [Diagnostic] = []
        if let output = options.output {
            do { try ReportWriter.write(merged.prettyJSON(), to: output) } catch { problems.append(error) }
            context.console.write(LoadTextRenderer().render(merged))
        } else {
            context.console.write(String(decoding: merged.prettyJSON(), as: UTF8.self) + "\n")
        }
        problems += LoadReportFiles.write(merged, requests: options.reports.reports)
        context.report(problems)
        if !problems.isEmpty { return .failure }
        return LoadExit.code(merged)
    }

    static func read(_ path: String) throws(Diagnostic) -> LoadReport {
        let data: [UInt8]
        switch FileBytes.contents(of: path, limit: FileBytes.reportLimit) {
        case .success(let bytes): data = bytes
        case .failure(let failure): throw Diagnostic.error("cannot read report '\(path)': \(failure.reason)", code: "cli.path")
        }
        return try LoadReport(bytes: data, path: path)
    }
}
