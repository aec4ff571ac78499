import BuyflowCore
import BuyflowLoad
import BuyflowWorkflow

/// The load plan of `buyflow load`: the workflow's `load:` profile with the command line's
/// values over it. A `--threshold` that does not parse, or names no step or operation of
/// the workflow, is a validation error located in the option's text (`--threshold:1:5`).
enum LoadPlanning {
    struct Failure: Error {
        var diagnostics: [Diagnostic]
    }

    static func plan(workflow: Workflow, options: LoadCommandOptions) throws(Failure) -> LoadPlan {
        // Without a profile: one iteration per VU unless the command line bounds the run.
        var plan = workflow.load == nil ? LoadPlan(vus: 1) : LoadPlan(profile: workflow.load)
        if let vus = options.vus { plan.vus = vus }
        if let duration = options.duration { plan.duration = duration }
        if let iterations = options.iterations { plan.iterations = iterations }
        if let rampUp = options.rampUp { plan.rampUp = rampUp }
        if let rate = options.arrivalRate { plan.arrivalRate = rate }
        if let maxVus = options.maxVus { plan.maxVus = maxVus }
        plan.abortOnFail = options.abortOnFail || (workflow.load?.abortOnFail ?? false)
        if plan.duration == nil, plan.iterations == nil { plan.iterations = plan.vus }
        if !options.thresholds.isEmpty {
            var diagnostics: [Diagnostic] = []
            var thresholds: [Threshold] = []
            for (index, text) in options.thresholds.enumerated() {
                switch parse(text, index: index, workflow: workflow) {
                case .success(let threshold): thresholds.append(threshold)
                case .failure(let diagnostic): diagnostics.append(diagnostic)
                }
            }
            if !diagnostics.isEmpty { throw Failure(diagnostics: diagnostics) }
            plan.thresholds = thresholds
        }
        if let rampUp = plan.rampUp, let duration = plan.duration, rampUp > duration {
            throw Failure(diagnostics: [.error(
                "the ramp-up (\(DurationText.format(rampUp))) is longer than the duration (\(DurationText.format(duration)))", code: "load")])
        }
        return plan
    }

    /// One `--threshold`, checked against the workflow's step ids and operation names.
    static func parse(_ text: String, index: Int, workflow: Workflow) -> Result<Threshold, Diagnostic> {
        let file = "--threshold"
        switch ThresholdParser.parse(text) {
        case .failure(let failure):
            let scalars = String(decoding: text.utf8.prefix(failure.offset), as: UTF8.self).unicodeScalars.count
            return .failure(.error(
                failure.message, at: SourceLocation(file: file, line: index + 1, column: scalars + 1), code: "threshold",
                suggestion: failure.suggestion, hint: "a threshold is <stat>(<scope>) <op> <value>, e.g. p95(step:create-cart) < 300ms"))
        case .success(let threshold):
            guard let problem = threshold.scopeProblem(in: workflow.steps + workflow.finallySteps) else { return .success(threshold) }
            // The scope starts after the statistic's '('.
            let scopeColumn = (text.firstIndex(of: "(").map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) } ?? 0) + 2
            return .failure(.error(
                problem.message, at: SourceLocation(file: file, line: index + 1, column: scopeColumn), code: "threshold",
                suggestion: problem.suggestion, hint: problem.hint))
        }
    }
}
