import BuyflowCore
import GraphQLKit

/// Reads a workflow file and everything it names (steps files, documents, data, schema)
/// into a checked `Workflow`, collecting every problem of every file at once. Nothing
/// is sent: this is what `buyflow validate` runs, and what `buyflow run` runs first.
///
///     let result = WorkflowLoader.load(path: "workflows/checkout.yaml", options: options)
///     if result.hasErrors { render(result.diagnostics, sources: result.sources) }
public enum WorkflowLoader {
    /// Where the workflow will run, which decides the schema used when it names none.
    public enum Target: Sendable {
        /// The embedded sample shop, with its own schema.
        case sampleShop(schema: Schema)
        /// Another shop (`shop:` in the file, or `--url`/`--domain`).
        case remote
    }

    public struct Options: Sendable {
        /// `--var name=value`, in order; values are typed like YAML plain scalars.
        public var vars: [(name: String, value: String)] = []
        /// `--var-file` paths (YAML mappings), in order; later files win.
        public var varFiles: [String] = []
        /// `--env-file` paths (dotenv), in order; later files win.
        public var envFiles: [String] = []
        /// `--data`: replaces the workflow's `data`.
        public var dataPath: String?
        /// `--api-version`: replaces `shop.apiVersion`.
        public var apiVersion: String?
        /// The process environment (`env.<NAME>`).
        public var environment: [String: String] = [:]
        /// The sample shop's schema: used when the workflow names no `schema` and runs
        /// against the embedded shop (no `shop` key and `remoteTarget` false); called only
        /// then, so a load that does not use the sample shop never builds its schema.
        public var sampleShopSchema: @Sendable () -> Schema? = { nil }
        /// `--url` or `--domain` was given: the workflow runs against another shop.
        public var remoteTarget = false
        /// Skip the published Storefront schema (tests that check syntax only).
        public var usePublishedSchema = true
        public init() {}
    }

    /// What loading gave: the workflow when it has no error, and every diagnostic.
    public struct Result: Sendable {
        public var workflow: Workflow?
        public var diagnostics: [Diagnostic]
        /// Every file read, for quoting lines in rendered diagnostics.
        public var sources: [SourceFile]
        /// The schema operations were validated against, and where it came from.
        public var schemaDescription: String?

        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// Loads and checks the workflow at `path` (as the user wrote it).
    public static func load(path: String, options: Options = Options()) -> Result {
        var session = LoadSession(options: options)
        let workflow = session.loadWorkflow(path: path)
        let diagnostics = session.ordered(session.reader.diagnostics)
        let hasErrors = diagnostics.contains { $0.severity == .error }
        let result = Result(
            workflow: hasErrors ? nil : workflow, diagnostics: diagnostics, sources: session.sourceList,
            schemaDescription: session.schemaDescription
        )
        return result
    }
}
