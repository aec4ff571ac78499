import BuyflowCore
import BuyflowWorkflow
import SampleShop

/// Loading the workflows a command names, with the same options for `validate`, `run`
/// and `load`: the files of the paths given (a folder: its `*.yaml`/`*.yml`, sorted),
/// `--var`, `--var-file`, `--env-file`, `--data`, `--api-version`, and the schema choice
/// (`--url`/`--domain` mean a real shop).
enum WorkflowInputs {
    static func loaderOptions(
        variables: VariableOptions, target: TargetOptions, environment: [String: String]
    ) -> WorkflowLoader.Options {
        var options = WorkflowLoader.Options()
        options.vars = variables.vars.map { ($0.name, $0.rawValue) }
        options.varFiles = variables.varFile.map { [$0] } ?? []
        options.envFiles = variables.envFile.map { [$0] } ?? []
        options.dataPath = variables.data
        options.apiVersion = target.apiVersion
        options.environment = environment
        options.remoteTarget = target.url != nil || target.domain != nil
        options.sampleShopSchema = { SampleShop.storefrontSchema }
        return options
    }

    /// The workflow files of `paths`, or a diagnostic for a path that is neither.
    static func files(_ paths: [String]) throws(Diagnostic) -> [String] {
        try FileCollector.collect(paths, extensions: ["yaml", "yml"], recursive: false)
    }

    /// The workflows `paths` name, each loaded and checked with the command's options;
    /// `nil` (with the problem reported) when a path is neither a file nor a folder.
    static func load(
        _ paths: [String], variables: VariableOptions, target: TargetOptions, context: CommandContext
    ) -> [(path: String, result: WorkflowLoader.Result)]? {
        let found: [String]
        do {
            found = try files(paths)
        } catch {
            context.report([error])
            return nil
        }
        return load(found, options: loaderOptions(variables: variables, target: target, environment: context.environment))
    }

    /// Each file loaded and checked.
    static func load(_ files: [String], options: WorkflowLoader.Options) -> [(path: String, result: WorkflowLoader.Result)] {
        files.map { ($0, WorkflowLoader.load(path: $0, options: options)) }
    }
}
