import BuyflowCore

/// A workflow file, loaded and checked: what `buyflow run` executes. Paths inside it
/// are already resolved against the file's folder.
public struct Workflow: Sendable {
    /// The path as the user gave it (used in every location and report).
    public var file: String
    public var name: String
    public var description: String?
    /// The `schema` key, resolved; `nil` when absent (see `WorkflowLoader.Target`).
    public var schemaPath: String?
    /// The `documents` files, resolved.
    public var documents: [String]
    public var shop: ShopSettings?
    public var defaults: StepDefaults
    /// `vars` of the file merged with `--var-file` and `--var` (flags win over files,
    /// files over the workflow); values may hold templates (`${{ env.X }}`).
    public var vars: [(name: String, value: ValueTemplate)]
    public var steps: [Step]
    public var finallySteps: [Step]
    public var load: LoadProfile?
    /// One run per row (`data`, or `--data`); empty: one run without `row`.
    public var rows: [DataRow]
    /// Names added to `env` by `--env-file`, on top of the process environment.
    public var environment: [String: String]
    /// Every file read for this workflow (the workflow, steps files, documents), so
    /// runtime diagnostics can quote their lines.
    public var sources: [SourceFile]
    /// Warnings found while loading (deprecated fields, API versions, …).
    public var warnings: [Diagnostic]
}

/// One row of a data-driven run.
public struct DataRow: Sendable {
    /// 1-based.
    public var index: Int
    public var values: JSONObject
    /// Where the row is written (an inline row, or the CSV/JSON/YAML row).
    public var location: SourceLocation?

    /// `[<row.name>]` when the row has a `name` column, else `[row N]`.
    public var label: String {
        if let name = values["name"], !name.isNull { return "[\(name.stringValue ?? name.description)]" }
        return "[row \(index)]"
    }

    /// The run's name in reports: `<workflow name> [<row.name>]`.
    public func runName(workflow: String) -> String { "\(workflow) \(label)" }
}
