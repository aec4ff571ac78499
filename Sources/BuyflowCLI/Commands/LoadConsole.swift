import BuyflowCore
import BuyflowLoad
import BuyflowReport
import Foundation
import Synchronization

/// What `buyflow load` prints: a first line naming the load, then on a terminal a live line
/// rewritten each second (elapsed, VUs, requests/s, p95, errors, throttled), and at the end
/// the summary table with the checks (quiet: a line, the verdict, what failed). Nothing
/// animated when stdout is not a terminal.
final class LoadConsole: Sendable {
    private let console: Console
    private let live: Bool
    private let color: Bool
    private let shown = Atomic<Bool>(false)

    init(console: Console, live: Bool, color: Bool) {
        self.console = console
        self.live = live
        self.color = color
    }

    func start(workflow: String, plan: LoadPlan, target: String) {
        var parts: [String] = []
        if let rate = plan.arrivalRate {
            parts.append("\(LoadTextRenderer.number(rate)) iterations/s on at most \(plan.vuLimit) VUs")
        } else {
            parts.append("\(plan.vus) VU\(plan.vus == 1 ? "" : "s")")
        }
        if let duration = plan.duration { parts.append("for \(DurationText.format(duration))") }
        if let iterations = plan.iterations { parts.append("at most \(iterations) iterations") }
        if let rampUp = plan.rampUp { parts.append("ramp-up \(DurationText.format(rampUp))") }
        console.write("load \(workflow): \(parts.joined(separator: ", ")) against \(target)\n")
    }

    /// The live line of one second.
    func tick(_ tick: LoadTick) {
        guard live else { return }
        console.write("\r\u{1B}[2K" + Self.line(tick, color: color))
        shown.store(true, ordering: .relaxed)
    }

    static func line(_ tick: LoadTick, color: Bool) -> String {
        let seconds = Double(tick.elapsed.components.seconds) + Double(tick.elapsed.components.attoseconds) / 1e18
        func paint(_ text: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
        let errors = tick.errors > 0 ? paint("\(tick.errors) errors", "31") : "0 errors"
        let throttled = tick.throttled > 0 ? paint("\(tick.throttled) throttled", "33") : "0 throttled"
        return String(format: "  %5.1fs  %d VUs  %d req/s  p95 %@  %@  %@", seconds, tick.activeVUs, tick.requestsPerSecond,
                      LoadTextRenderer.ms(tick.p95), errors, throttled)
    }

    func finish(_ report: LoadReport, quiet: Bool) {
        if shown.load(ordering: .relaxed) { console.write("\r\u{1B}[2K") }
        var text = LoadTextRenderer().render(report)
        if quiet {
            let failed = report.thresholds.filter { !$0.passed }
            let rps = LoadTextRenderer.number(report.requests.rps)
            let p95 = LoadTextRenderer.ms(report.latency.all.p95)
            let errors = LoadTextRenderer.percent(report.requests.errorRate)
            text = "\(report.workflow.name): \(report.status.rawValue), \(report.requests.count) requests, \(rps)/s, p95 \(p95), errors \(errors)\n"
            if let verdict = LoadVerdict.line(report) { text += "  " + verdict + "\n" }
            for threshold in failed {
                let actual = threshold.actual.map { LoadTextRenderer.number($0) } ?? "no data"
                text += "  ✘ \(threshold.expression) (actual \(actual))\n"
            }
            for check in report.checks where check.fails > 0 {
                text += "  ✘ \(check.name) (✓ \(check.passes) ✗ \(check.fails))\n"
                for sample in check.samples { text += "      " + LoadTextRenderer.sampleLine(sample) + "\n" }
            }
        }
        console.write(text)
    }
}
