import Foundation

/// `swift run -c release buyflow-bench <suite>…` prints figures side by side.
/// Each suite lives in its own file; register it here.
@main
enum BuyflowBench {
    static let suites: [(name: String, summary: String, run: @Sendable ([String]) async throws -> Void)] = [
        ("yaml", "libyaml node tree vs PyYAML CLoader on a 1 MB workflow", YAMLBenchmark.run),
        ("graphql", "GraphQLKit parse+validate and schema load vs graphql-core on the Storefront corpus", GraphQLBenchmark.run),
        ("client", "Storefront client transports (URLSession, libcurl) vs wrk against nginx", ClientBenchmark.run),
        ("workflow", "WorkflowLoader.load (all checks) of 500-step and 50-use workflows vs PyYAML CLoader", WorkflowBenchmark.run),
        ("load", "buyflow load (10 VUs) vs k6 and wrk against nginx's fixed Storefront body; --million for RSS", LoadBenchmark.run),
        ("shop", "sample shop (product query, cartLinesAdd) vs nginx's fixed body under wrk", ShopBenchmark.run),
        ("run", "WorkflowRunner µs per step on a stub transport; buyflow run checkout.yaml vs a curl shell loop", RunBenchmark.run),
        ("startup", "fresh-process buyflow validate checkout.yaml vs buyflow --version (hyperfine)", StartupBenchmark.run),
        ("gen", "buyflow gen on the full Storefront schema (time, compile); typed decoding vs Codable", GenBenchmark.run),
    ]

    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let suite = suites.first(where: { $0.name == name }) else {
            print("usage: buyflow-bench <suite> [options]\n\nsuites:")
            for suite in suites { print("  \(suite.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(suite.summary)") }
            exit(arguments.isEmpty ? 0 : 64)
        }
        do {
            try await suite.run(Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("buyflow-bench: error: \(error)\n".utf8))
            exit(1)
        }
    }
}
