import Buy
import BuyflowCore
import BuyflowExpressions
import BuyflowWorkflow
import Foundation

extension RunTarget {
    /// The target of a workflow: flags over `shop` (whose templates see `env` and `vars`),
    /// and without a `shop` endpoint or `--url`/`--domain`, `embeddedEndpoint` (the sample
    /// shop the caller started).
    ///
    /// - Parameter environment: the process environment; the workflow's `--env-file`
    ///   names go over it.
    /// - Throws: a `Diagnostic` for a template that does not render, a value of the wrong
    ///   type, or no endpoint at all.
    public static func resolve(
        workflow: Workflow, overrides: TargetOverrides = TargetOverrides(), embeddedEndpoint: URL?,
        environment: [String: String] = [:]
    ) throws(Diagnostic) -> RunTarget {
        let inputs: RunInputs
        do {
            inputs = try RunInputs(workflow: workflow, environment: environment)
        } catch {
            throw Diagnostic.error("template \(error.template): \(error.error.message)", at: error.location, code: "template")
        }
        let shop = workflow.shop
        let scope = inputs.baseScope
        /// The setting as text; `nil` when absent, or (unless `required`) when it renders empty.
        func text(_ template: ValueTemplate?, _ key: String, required: Bool = false) throws(Diagnostic) -> String? {
            guard let template else { return nil }
            let value: JSONValue
            do {
                value = try template.render(in: scope)
            } catch {
                throw Diagnostic.error("template \(error.template) in 'shop.\(key)': \(error.error.message)", at: error.location, code: "template")
            }
            switch value {
            case .null, .string(""):
                guard required else { return nil }
                throw Diagnostic.error(
                    "'shop.\(key)' is empty: \(template.sourceText) gave \(value.isNull ? "null" : "an empty string")",
                    at: template.location, code: "template", hint: "set the variable it names, or pass --url or --domain"
                )
            case .string(let string): return string
            case .int, .double, .bool: return value.description
            default:
                throw Diagnostic.error("'shop.\(key)' must be a string, but it is \(value.typeName)", at: template.location, code: "template")
            }
        }

        let apiVersion = overrides.apiVersion ?? shop?.apiVersion ?? BuyflowVersion.storefrontAPIVersion
        let endpoint: URL
        if let url = overrides.url {
            guard let parsed = URL(string: url), parsed.scheme != nil else {
                throw Diagnostic.error("--url must be an http:// or https:// URL, found '\(url)'", code: "url")
            }
            endpoint = parsed
        } else if let domain = overrides.domain {
            endpoint = Graph.Client.endpoint(shopDomain: domain, apiVersion: apiVersion)
        } else if let url = try text(shop?.url, "url", required: true) {
            guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                throw Diagnostic.error("'shop.url' must be an http:// or https:// URL, found '\(url)'", at: shop?.url?.location, code: "url")
            }
            endpoint = parsed
        } else if let domain = try text(shop?.domain, "domain", required: true) {
            endpoint = Graph.Client.endpoint(shopDomain: domain, apiVersion: apiVersion)
        } else if let embeddedEndpoint {
            endpoint = embeddedEndpoint
        } else {
            throw Diagnostic.error(
                "no shop to run against", at: shop?.location, code: "target",
                hint: "give 'shop.url' or 'shop.domain', or --url/--domain; without 'shop' the embedded sample shop is used"
            )
        }

        var headers = Graph.HTTPHeaders()
        for header in shop?.headers ?? [] {
            if let value = try text(header.value, "headers.\(header.name)") { headers[header.name] = value }
        }
        var token = overrides.token
        if token == nil { token = try text(shop?.token, "token") }
        var locale = overrides.locale
        if locale == nil { locale = try text(shop?.locale, "locale") }
        return RunTarget(
            endpoint: endpoint, apiVersion: apiVersion, token: token, locale: locale,
            headers: headers,
            apiVersionMismatch: overrides.apiVersionMismatch ?? shop?.apiVersionMismatch ?? .warn
        )
    }
}
