import Buy
import BuyCurl
import BuyHTTP1
import BuyflowCore
import BuyflowReport
import Foundation
import GraphQLKit

/// `buyflow schema fetch`: sends the introspection query to a live endpoint and saves
/// the result (`{"__schema": …}`), checked by building a schema from it, so a workflow
/// can name it with `schema:`.
struct SchemaFetchCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["schema", "fetch"],
        abstract: "Introspect a live Storefront API endpoint and save its schema as JSON.",
        discussion: """
            Sends the standard introspection query to --url, or to https://<domain>/api/<version>/graphql.json
            with --domain, with the access token given by --token (never printed). The result is
            checked by building a schema from it, then written as {"__schema": …} to --output or
            stdout. Name the file with 'schema:' in a workflow to validate against the shop's exact
            schema, or print it as SDL with 'buyflow schema print'.
            """,
        options: SchemaFetchOptions.self,
        examples: [
            "buyflow schema fetch --domain shoes.myshopify.com --token $STOREFRONT_TOKEN --output schema.json",
            "buyflow schema fetch --url http://127.0.0.1:8080/api/2026-04/graphql.json",
        ]
    )

    static func run(_ options: SchemaFetchOptions, context: CommandContext) async -> ExitCode {
        let apiVersion = options.target.apiVersion ?? BuyflowVersion.storefrontAPIVersion
        let endpoint = options.target.url
            ?? URL(string: "https://\(options.target.domain ?? "")/api/\(apiVersion)/graphql.json")!
        let transport: any Graph.Transport = endpoint.scheme == "https" ? Graph.CurlTransport() : Graph.HTTP1Transport()
        let client = Graph.Client(endpoint: endpoint, apiVersion: apiVersion, apiKey: options.target.token, transport: transport)
        let exchange = await client.send(document: IntrospectionQuery.text, operationName: "IntrospectionQuery", timeout: .seconds(60))
        // The token and secret query values of the URL (`?access_token=…`) are never printed.
        let redact = Redactor(secrets: [options.target.token].compactMap { $0 } + Graph.Redaction.secrets(in: endpoint))
        func fail(_ message: String, hint: String? = nil) -> ExitCode {
            context.report([.error(redact(message), code: "schema.fetch", hint: hint)])
            return .failure
        }
        if let status = exchange.status, !(200..<300).contains(status) {
            let hint = status == 401 || status == 403 ? "check --token: the shop refused the access token" : nil
            return fail("\(endpoint.absoluteString) answered HTTP \(status)", hint: hint)
        }
        guard exchange.response != nil else {
            return fail("cannot reach \(endpoint.absoluteString): \(exchange.error.map { "\($0)" } ?? "no response")")
        }
        if !exchange.errors.isEmpty {
            return fail("the introspection query failed: \(exchange.errors.map(\.message).joined(separator: "; "))",
                        hint: "some shops restrict introspection; ask for a schema file instead")
        }
        guard let schemaJSON = exchange.data?["__schema"] else {
            return fail("the answer of \(endpoint.absoluteString) holds no data.__schema")
        }
        let document: JSONValue = ["__schema": schemaJSON]
        let bytes = JSONSerializer().bytes(document)
        do {
            _ = try Schema.load(data: Data(bytes), path: "<introspection>", format: .introspectionJSON)
        } catch {
            context.report(error.diagnostics)
            return fail("the introspection result does not build a valid schema")
        }
        guard let output = options.output else {
            context.console.write(String(decoding: bytes, as: UTF8.self) + "\n")
            return .success
        }
        do {
            try ReportWriter.write(bytes + [0x0A], to: output)
        } catch {
            context.report([error])
            return .failure
        }
        context.console.write("saved the schema of \(redact(endpoint.absoluteString)) (API version \(exchange.headers["X-Shopify-API-Version"] ?? apiVersion)) to \(output)\n", to: .error)
        return .success
    }
}
