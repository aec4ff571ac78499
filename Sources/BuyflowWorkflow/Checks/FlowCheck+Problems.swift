import BuyflowCore

/// The flow check's problems, each reported by a function of its own: kept out of line
/// (`@inline(never)`), so the loop that checks every use of a load carries none of the
/// messages' code.
extension FlowCheck {
    /// Reports `data`, `errors`, `node`… read where there is no response of this step to
    /// read (before its request, in settings or outputs, `node` outside a node step);
    /// whether it did.
    @inline(never)
    mutating func misplacedResponse(
        _ root: String, at offset: Int, step: UnsafePointer<FlowRecorder.StepRecord>, use: UnsafePointer<FlowRecorder.Use>
    ) -> Bool {
        if step.pointee.isSettings || use.pointee.phase == .request {
            reader.error("'\(root)' is this step's response, which does not exist yet in \(use.pointee.context)",
                         at: use.pointee.location(offset, in: sources), code: "flow",
                         hint: "an earlier step's response is steps.<id>.\(root == "node" ? "data" : root)")
        } else if step.pointee.isOutputs {
            reader.error("'\(root)' has no single step in 'outputs'", at: use.pointee.location(offset, in: sources), code: "flow",
                         hint: "name the step: steps.<id>.\(root == "node" ? "data" : root)…")
        } else if root == "node", step.pointee.nodeType == nil {
            reader.error("'node' exists only in node steps ('node:' with 'as:' and 'select:')",
                         at: use.pointee.location(offset, in: sources), code: "flow")
        } else {
            return false
        }
        return true
    }

    @inline(never)
    mutating func undefinedVar(_ name: String, at offset: Int, use: UnsafePointer<FlowRecorder.Use>) {
        reader.error("undefined var '\(name)'", at: use.pointee.location(offset, in: sources), code: "undefined-name",
              suggestion: Suggestions.closest(to: name, among: vars),
              hint: vars.isEmpty ? "define it under 'vars:', in a --var-file, or with --var \(name)=…"
                  : "vars: \(vars.sorted().joined(separator: ", ")); --var \(name)=… adds one")
    }

    /// A root read where it does not exist (`row` outside data-driven runs, `params`
    /// outside a steps file).
    @inline(never)
    mutating func rootOutsideItsPlace(_ message: String, hint: String, at offset: Int, use: UnsafePointer<FlowRecorder.Use>) {
        reader.error(message, at: use.pointee.location(offset, in: sources), code: "undefined-name", hint: hint)
    }

    /// A member that is not among the `known` ones (a data column, a parameter), with the
    /// closest of them and all of them listed (`none` when there are none).
    @inline(never)
    mutating func unknownMember(
        _ message: String, _ name: String, at offset: Int, among known: Set<String>, listing: String, none: String,
        use: UnsafePointer<FlowRecorder.Use>
    ) {
        reader.error(message, at: use.pointee.location(offset, in: sources), code: "undefined-name",
              suggestion: Suggestions.closest(to: name, among: known),
              hint: known.isEmpty ? none : "\(listing): \(known.sorted().joined(separator: ", "))")
    }

    /// `steps.<id>` of no step before this one: a later step (or this one), or none.
    @inline(never)
    mutating func unknownStep(
        _ id: String, at offset: Int, step: UnsafePointer<FlowRecorder.StepRecord>, scope: FlowRecorder.Scope,
        earlierSteps: [String: Int], use: UnsafePointer<FlowRecorder.Use>
    ) {
        let location = use.pointee.location(offset, in: sources)
        if !step.pointee.isSettings, let found = Self.firstStep(id, in: scope).map({ scope.steps[$0] }), found.id != "" {
            let what = found.location == step.pointee.location ? "this step itself" : "a later step (line \(found.location.line))"
            reader.error("steps.\(id) is \(what); a step sees only the responses of steps before it", at: location, code: "flow")
        } else {
            reader.error("no step with id '\(id)'", at: location, code: "undefined-name",
                  suggestion: Suggestions.closest(to: id, among: earlierSteps.keys),
                  hint: earlierSteps.isEmpty ? "no step runs before this one" : "earlier steps: \(earlierSteps.keys.sorted().joined(separator: ", "))")
        }
    }

    @inline(never)
    mutating func unknownResponsePart(_ part: String, of id: String, at offset: Int, use: UnsafePointer<FlowRecorder.Use>) {
        let parts = LoadSession.responseParts
        reader.error("steps.\(id) has no '\(part)'", at: use.pointee.location(offset, in: sources), code: "undefined-name",
              suggestion: Suggestions.closest(to: part, among: parts), hint: "a step's response: \(parts.joined(separator: ", "))")
    }

    /// A capture used before the step that makes it (`maker`, an index in `scope`).
    @inline(never)
    mutating func capturedLater(
        _ name: String, at offset: Int, by maker: Int, step: UnsafePointer<FlowRecorder.StepRecord>, scope: FlowRecorder.Scope,
        use: UnsafePointer<FlowRecorder.Use>
    ) {
        let maker = scope.steps[maker]
        let when = maker.location == step.pointee.location
            ? "by this step, after its \(use.pointee.context == "'if'" ? "'if'" : "checks")"
            : "by step '\(maker.name)' (line \(maker.location.line)), which runs later"
        reader.error("'\(name)' is used before it is captured: it is captured \(when)", at: use.pointee.location(offset, in: sources), code: "too-early",
              hint: "a capture exists from the step after the one that makes it")
    }

    @inline(never)
    mutating func undefinedName(_ name: String, at offset: Int, earlier: [String: Int], use: UnsafePointer<FlowRecorder.Use>) {
        let known = Array(earlier.keys) + ["vars", "env", "steps", "captures"]
        reader.error("undefined name '\(name)'", at: use.pointee.location(offset, in: sources), code: "undefined-name", suggestion: Suggestions.closest(to: name, among: known),
              hint: earlier.isEmpty ? "names: vars.<name>, env.<NAME>, steps.<id>…, and captures of earlier steps"
                  : "captures so far: \(earlier.keys.sorted().joined(separator: ", ")); also vars.<name>, env.<NAME>, steps.<id>…")
    }
}
