import BuyflowCore

/// What the steps of one file see while they run: the workflow's, or a steps file's
/// within one `use` (its captures stay inside; `params` holds the `with` values).
struct StepFrame {
    /// Captures made so far, by name.
    var captures = JSONObject()
    /// `steps.<id>`: each earlier step's last response.
    var steps = JSONObject()
    var params: JSONValue?
    /// Captures a failed step (with `continueOnError`) did not make, and that step's name.
    var missing: [String: String] = [:]
    /// `<use step name> › ` for the steps of a steps file.
    var prefix = ""
}
