import Buy
import BuyflowCore
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation

/// Workflow files as diagnostics and failures quote them: a secret written on a line (a
/// literal `shop.token`, a secret header or `?token=` value of `shop`, an `env` value named
/// like a secret, `--token`) reads `[redacted]` in every excerpt.
enum SourceRedaction {
    /// The secrets known before anything runs.
    static func secrets(of workflows: [Workflow], token: String?, environment: [String: String]) -> [String] {
        var found = [token].compactMap { $0 }
        var names = environment
        for workflow in workflows {
            for (name, value) in workflow.environment { names[name] = value }
            guard let shop = workflow.shop else { continue }
            if let text = shop.token?.literalValue?.stringValue { found.append(text) }
            let literal = shop.headers.compactMap { header in header.value.literalValue?.stringValue.map { (name: header.name, value: $0) } }
            found += Graph.Redaction.secrets(in: Graph.HTTPHeaders(literal))
            if let text = shop.url?.literalValue?.stringValue, let url = URL(string: text) {
                found += Graph.Redaction.secrets(in: url)
            }
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
}
