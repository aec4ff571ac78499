import Buy
import BuyflowCore
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import YAML

/// Workflow files as diagnostics and failures quote them: a secret written on a line (a
/// literal `shop.token`, a secret header or `?token=` value of `shop`, an `env` value named
/// like a secret, `--token`) reads `[redacted]` in every excerpt — also of a workflow that
/// does not load, as long as its YAML parses.
enum SourceRedaction {
    /// The secrets known before anything runs: those written in the YAML files among
    /// `sources`, the `--env-file` values of `workflows`, the environment's and `--token`.
    static func secrets(
        in sources: [SourceFile], workflows: [Workflow] = [], token: String?, environment: [String: String]
    ) -> [String] {
        var found = [token].compactMap { $0 }
        for source in sources { found += literals(in: source) }
        var names = environment
        for workflow in workflows {
            for (name, value) in workflow.environment { names[name] = value }
        }
        for (name, value) in names where WorkflowRunner.isSecret(environmentName: name) { found.append(value) }
        return found.filter { !$0.isEmpty }
    }

    /// The files with every secret redacted (lines stay where they are).
    static func redacted(_ sources: [SourceFile], secrets: [String]) -> [SourceFile] {
        let redact = Redactor(secrets: secrets)
        guard !redact.isEmpty else { return sources }
        return sources.map { SourceFile(path: $0.path, text: redact($0.text)) }
    }

    /// `shop.token`, secret `shop.headers` and secret query values of `shop.url` as the
    /// YAML file writes them (nothing when it is not YAML or does not parse).
    static func literals(in source: SourceFile) -> [String] {
        guard source.path.hasSuffix(".yaml") || source.path.hasSuffix(".yml"),
              let root = try? YAMLParser.parse(source.text, path: source.path, duplicateKeys: .keep),
              let shop = root["shop"] else { return [] }
        var found: [String] = []
        if let token = shop["token"]?.string { found.append(token) }
        let headers = (shop["headers"]?.mapping ?? []).compactMap { pair in
            pair.key.string.flatMap { name in pair.value.string.map { (name: name, value: $0) } }
        }
        found += Graph.Redaction.secrets(in: Graph.HTTPHeaders(headers))
        if let text = shop["url"]?.string, let url = URL(string: text) { found += Graph.Redaction.secrets(in: url) }
        return found
    }
}
