import BuyflowCore
import Dispatch
import Foundation
import GraphQLKit
import SampleShop
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `buyflow serve`: the sample shop as a standalone server, until Ctrl-C.
struct ServeCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["serve"],
        abstract: "Run the sample shop: a Storefront-API-compatible GraphQL server on loopback.",
        discussion: """
            Serves POST (and GET for queries) on /api/<version>/graphql.json with the Storefront 2026-04
            subset schema, the default catalog (or --catalog), stateful carts and checkout completion.
            With --schema it serves any schema: fields the shop knows come from the catalog and carts,
            all others get deterministic mock values. Operations with @defer are answered as Shopify does,
            multipart/mixed (boundary "graphql"), unless Accept prefers application/json, which gets
            the whole result at once (samples/README.md, "@defer"). Faults (--latency, --fail-rate, --throttle,
            --error-rate, --drop-rate) rehearse retries and error handling; --seed makes them
            reproducible. Ctrl-C (SIGINT) or SIGTERM stops it (exit 0).
            """,
        options: ServeOptions.self,
        examples: [
            "buyflow serve",
            "buyflow serve --port 8080 --token secret",
            "buyflow serve --latency 200ms±50ms --fail-rate 0.1 --seed 7",
            "buyflow serve --schema storefront.schema.json",
        ]
    )

    static func run(_ serve: ServeOptions, context: CommandContext) async -> ExitCode {
        var options = serve.shop
        if let path = serve.catalog {
            do {
                options.catalog = try ShopCatalog.load(path: path)
            } catch {
                context.report(error.diagnostics, sources: sources([path]))
                return .invalid
            }
        }
        if let path = serve.schema {
            do {
                options.schema = try Schema.load(path: path)
            } catch {
                context.report(error.diagnostics, sources: sources([path]))
                return .invalid
            }
        }
        let shop: SampleShop
        do {
            shop = try SampleShop(options)
            try shop.start()
        } catch let error as ShopOptionError {
            context.report([UsageError(error.message, hint: error.hint, command: spec.path).diagnostic])
            return .usage
        } catch {
            context.report([(error as? Diagnostic) ?? Diagnostic.error("cannot start the sample shop: \(error)", code: "serve.start")])
            return .failure
        }
        context.console.print("sample shop listening on \(shop.endpoint.absoluteString)")
        var details = "  catalog: \(serve.catalog ?? "embedded sample") (\(shop.catalog.shopName), \(shop.catalog.productHandles.count) products)\n"
        if let schema = serve.schema { details += "  schema: \(schema) (mock mode)\n" }
        details += "  API versions: \(shop.catalog.apiVersions.joined(separator: ", "))\n"
        if options.token != nil { details += "  access token required (X-Shopify-Storefront-Access-Token)\n" }
        if options.faults.isActive { details += "  faults: \(options.faults.summary); seed \(shop.seed)\n" }
        details += "  press Ctrl-C to stop\n"
        context.console.write(details, to: .error)

        await SignalWatch.wait()
        shop.stop()
        context.console.write("sample shop stopped\n", to: .error)
        return .success
    }

    // MARK: - Catalog files

    static func sources(_ paths: [String]) -> [SourceFile] {
        SourceFiles.read(paths)
    }
}
