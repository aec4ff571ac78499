import BuyflowCore
import BuyflowReport
import BuyflowRunner
import Synchronization

/// What `buyflow run` prints while it runs. On a terminal, a live line per step (a
/// spinner, the attempt, the poll state) that settles into the step's result line;
/// without one, only the settled lines. Failures show their kind, expected and actual,
/// the workflow line and an excerpt of the request and response. Everything printed
/// comes from redacted reports or step names: no secret reaches the console. `--quiet`
/// prints failures and one summary line per run, each naming its workflow (the heading
/// comes before a run's first failure only), so lines of many files stay told apart.
final class RunConsole: RunObserver, Sendable {
    enum Mode: Sendable {
        case quiet, normal, verbose
    }

    private struct State {
        var step: StepProgress?
        var attempt = 0
        var note = ""
        var frame = 0
        var lineShown = false
        /// The run's heading (`Checkout (workflows/checkout.yaml) → <url>`) and, in quiet
        /// mode, whether it was printed yet.
        var heading = ""
        var headingShown = false
    }

    private let sink: @Sendable (String) -> Void
    private let renderer: RunTextRenderer
    private let mode: Mode
    private let live: Bool
    private let color: Bool
    private let state = Mutex(State())
    private let ticker = Mutex<Task<Void, Never>?>(nil)

    static let frames = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// - Parameters:
    ///   - sink: where text goes (the console's stdout, or a buffer for `--jobs`).
    ///   - live: animate a line per step (a terminal, and one workflow at a time).
    init(sink: @escaping @Sendable (String) -> Void, mode: Mode, live: Bool, color: Bool, sources: [SourceFile]) {
        self.sink = sink
        self.mode = mode
        self.live = live
        self.color = color
        self.renderer = RunTextRenderer(color: color, verbose: mode == .verbose, sources: sources)
    }

    func runStarted(workflow: WorkflowInfo, row: RowInfo?, target: TargetInfo, steps: Int) {
        let heading = paint(workflow.name, "1") + " (\(workflow.file)) → \(target.url)\n"
        state.withLock { state in
            state.heading = heading
            state.headingShown = mode != .quiet
        }
        guard mode != .quiet else { return }
        sink(heading)
    }

    func stepStarted(_ step: StepProgress) {
        state.withLock { state in
            state.step = step
            state.attempt = 0
            state.note = ""
        }
        guard live else { return }
        draw()
        startTicker()
    }

    func attemptStarted(_ step: StepProgress, attempt: Int) {
        state.withLock { state in
            state.attempt = attempt
            if !step.polls || attempt == 1 { state.note = attempt > 1 ? "attempt \(attempt)" : "" }
            if step.polls, attempt > 1 { state.note = "poll \(attempt)" }
        }
        if live { draw() }
    }

    func retryWaiting(_ step: StepProgress, attempt: Int, wait: Duration) {
        state.withLock { $0.note = "attempt \(attempt) failed · retrying in \(RunTextRenderer.milliseconds(wait))" }
        if live { draw() }
    }

    func pollWaiting(_ step: StepProgress, attempt: Int, wait: Duration) {
        state.withLock { $0.note = "poll \(attempt): not yet · next in \(RunTextRenderer.milliseconds(wait))" }
        if live { draw() }
    }

    func stepFinished(_ step: StepReport) {
        stopTicker()
        var text = ""
        switch mode {
        case .quiet:
            if step.status == .failed || step.status == .error { text = renderer.stepBlock(step) }
        case .normal, .verbose:
            text = renderer.stepBlock(step)
        }
        // Under the lock, so a tick in flight cannot draw over the settled line.
        state.withLock { state in
            // Quiet: a failure is the first line of its run, so it comes under its heading.
            if !text.isEmpty, !state.headingShown {
                text = state.heading + text
                state.headingShown = true
            }
            if state.lineShown { text = "\r\u{1B}[2K" + text }
            state.step = nil
            state.lineShown = false
            if !text.isEmpty { sink(text) }
        }
    }

    func runFinished(_ run: RunReport) {
        var text = ""
        if mode != .quiet { for warning in run.warnings { text += "  " + paint("warning:", "35") + " " + warning.message + "\n" } }
        if mode == .quiet { text += Self.runName(run) + " — " }
        text += renderer.summary(run) + "\n"
        sink(text)
    }

    /// `Checkout [eu] (workflows/checkout.yaml)`: the workflow, its data row, its file.
    static func runName(_ run: RunReport) -> String {
        var name = run.workflow.name
        if let row = run.row, !name.hasSuffix(row.label) { name += " " + row.label }
        return "\(name) (\(run.workflow.file))"
    }

    // MARK: - The live line

    private func draw() {
        state.withLock { state in
            guard let step = state.step else { return }
            state.lineShown = true
            let spinner = Self.frames[state.frame % Self.frames.count]
            let note = state.note.isEmpty ? "" : "   " + state.note
            sink("\r\u{1B}[2K  " + paint(spinner, "36") + " " + step.name + paint(note, "2"))
        }
    }

    private func startTicker() {
        let task = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                guard let self, !Task.isCancelled else { return }
                self.state.withLock { $0.frame += 1 }
                self.draw()
            }
        }
        ticker.withLock { old in
            old?.cancel()
            old = task
        }
    }

    private func stopTicker() {
        ticker.withLock { task in
            task?.cancel()
            task = nil
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        color && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
