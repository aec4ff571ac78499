// swift-tools-version: 6.0
// buyflow — a schema-driven checkout workflow engine for Shopify's Storefront API.
//
// Layers, lowest first; a module imports only the layers below it:
//   CYaml, CCurl, CMicroHTTPD,
//   CHTTPParser                 system libraries (pkg-config, Debian -dev packages)
//   BuyflowCore                 diagnostics, source locations, suggestions, version, the located
//                               document reader, JSON, decimals and durations
//   YAML                        libyaml event parser → located node tree
//   GraphQLKit                  GraphQL language, schemas, validation, execution
//   BuyflowExpressions          the workflow expression language and templates (no I/O)
//   BuyflowReport               run and load report values (no networking)
//   BuyflowWorkflow             the workflow model, its loader and static checks
//   HTTPServer                  HTTP/1.1 server on libmicrohttpd (sample shop, test servers)
//   Buy                         the Storefront client: Graph.Client, transports, runtime
//   SampleShop                  the Storefront-compatible sample shop on loopback, with faults
//   BuyflowRunner               runs a loaded workflow against an endpoint into run reports
//   BuyflowTesting              workflows run from Swift Testing and XCTest tests
//   BuyflowCLI                  command dispatch, help, usage errors, commands
//   buyflow                     the thin executable
import PackageDescription

let package = Package(
    name: "buyflow",
    // Synchronization.Mutex and task executors need macOS 15 and iOS 18.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .executable(name: "buyflow", targets: ["buyflow"]),
        .library(name: "YAML", targets: ["YAML"]),
        .library(name: "GraphQLKit", targets: ["GraphQLKit"]),
        .library(name: "Buy", targets: ["Buy"]),
        .library(name: "BuyflowTesting", targets: ["BuyflowTesting"]),
    ],
    targets: [
        // System libraries.
        .systemLibrary(
            name: "CYaml",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .systemLibrary(
            name: "CHTTPParser",
            providers: [.apt(["libhttp-parser-dev"]), .brew(["http-parser"])]
        ),

        // Layers.
        .target(name: "BuyflowCore"),
        .target(name: "YAML", dependencies: ["BuyflowCore", "CYaml"]),
        .target(name: "GraphQLKit", dependencies: ["BuyflowCore"]),
        .target(name: "HTTPServer", dependencies: ["BuyflowCore", "CMicroHTTPD"]),
        .target(name: "Buy", dependencies: [
            "BuyflowCore", "CCurl", "GraphQLKit",
            .target(name: "CHTTPParser", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "BuyflowExpressions", dependencies: ["BuyflowCore"]),
        .target(name: "BuyflowReport", dependencies: ["BuyflowCore"]),
        .target(
            name: "BuyflowWorkflow", dependencies: ["BuyflowCore", "YAML", "GraphQLKit", "BuyflowExpressions"],
            resources: [.copy("Resources")]
        ),
        .target(name: "SampleShop", dependencies: ["BuyflowCore", "YAML", "GraphQLKit", "HTTPServer"], resources: [.copy("Resources")]),
        .target(name: "BuyflowRunner", dependencies: [
            "BuyflowCore", "BuyflowExpressions", "BuyflowWorkflow", "BuyflowReport", "Buy", "GraphQLKit",
        ]),
        .target(name: "BuyflowCLI", dependencies: [
            "BuyflowCore", "YAML", "GraphQLKit", "Buy", "SampleShop", "BuyflowExpressions", "BuyflowReport", "BuyflowWorkflow", "BuyflowRunner",
        ]),
        .target(name: "BuyflowTesting", dependencies: [
            "BuyflowCore", "BuyflowReport", "BuyflowRunner", "BuyflowWorkflow", "SampleShop",
        ]),
        .executableTarget(name: "buyflow", dependencies: ["BuyflowCLI"]),

        // Benchmarks: one executable printing figures side by side (see Benchmarks/README.md).
        .executableTarget(
            name: "buyflow-bench",
            dependencies: [
                "BuyflowCore", "YAML", "GraphQLKit", "Buy", "SampleShop", "CCurl", "LoopbackNginx", "BuyflowWorkflow", "BuyflowExpressions",
                "BuyflowReport", "BuyflowRunner",
            ],
            path: "Benchmarks/BuyflowBench"
        ),

        // Tests.
        .target(name: "BuyflowTestSupport", dependencies: [], path: "Tests/BuyflowTestSupport"),
        .target(name: "LoopbackNginx", path: "Tests/LoopbackNginx"),
        .testTarget(name: "BuyflowCoreTests", dependencies: ["BuyflowCore", "YAML"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "BuyflowCore", "BuyflowTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "GraphQLKitTests", dependencies: ["GraphQLKit", "BuyflowCore", "BuyflowTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BuyflowExpressionsTests", dependencies: ["BuyflowExpressions", "BuyflowCore"]),
        .testTarget(name: "BuyflowReportTests", dependencies: ["BuyflowReport", "BuyflowCore", "BuyflowTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "BuyflowWorkflowTests",
            dependencies: ["BuyflowWorkflow", "BuyflowExpressions", "BuyflowCore", "YAML", "GraphQLKit", "BuyflowTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "BuyTests", dependencies: ["Buy", "HTTPServer", "LoopbackNginx"]),
        .testTarget(name: "SampleShopTests", dependencies: ["SampleShop", "GraphQLKit", "HTTPServer", "BuyflowCore"]),
        .testTarget(name: "BuyflowRunnerTests", dependencies: [
            "BuyflowRunner", "BuyflowCore", "BuyflowExpressions", "BuyflowWorkflow", "BuyflowReport", "Buy", "GraphQLKit",
            "BuyflowTestSupport", "SampleShop", "HTTPServer",
        ]),
        .testTarget(name: "BuyflowTestingTests", dependencies: ["BuyflowTesting", "BuyflowCore"]),
        .testTarget(name: "BuyflowCLITests", dependencies: ["BuyflowCLI", "BuyflowCore", "HTTPServer"]),
        // Runs the built `buyflow` executable as a subprocess (it does not link BuyflowCLI).
        .testTarget(
            name: "BuyflowEndToEndTests",
            dependencies: ["BuyflowCore", "BuyflowReport", "BuyflowTestSupport"],
            exclude: ["Fixtures"]
        ),
        // Faults, signals, secrets and hostile clients against the built `buyflow` (a subprocess).
        .testTarget(name: "ReliabilityTests", dependencies: ["BuyflowCore", "BuyflowReport"], exclude: ["Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets (libFuzzer), only with BUYFLOW_FUZZ=1 in the environment, so that `swift build`
// and `swift test` never see them: each is an executable whose entry point is libFuzzer's
// `main`, linked by `-sanitize=fuzzer`. Built and run by Fuzz/fuzz.sh (see Fuzz/README.md).
if Context.environment["BUYFLOW_FUZZ"] != nil {
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("fuzz-yaml", ["YAML", "BuyflowCore"]),
        ("fuzz-json", ["BuyflowCore"]),
        ("fuzz-graphql", ["GraphQLKit", "BuyflowCore", "SampleShop"]),
        ("fuzz-expression", ["BuyflowExpressions", "BuyflowCore"]),
        ("fuzz-workflow", ["BuyflowWorkflow", "BuyflowCore", "SampleShop"]),
        ("fuzz-shop-http", ["SampleShop", "HTTPServer", "BuyflowCore"]),
    ]
    for target in fuzzTargets {
        package.products.append(.executable(name: target.name, targets: [target.name]))
        package.targets.append(
            .executableTarget(
                name: target.name, dependencies: target.dependencies + ["CFuzzerDriver"],
                path: "Fuzz/Targets/\(target.name)",
                // No top-level code (the globals are lazy): the entry point is `<module>_main`,
                // which hands over to libFuzzer's driver.
                swiftSettings: [.unsafeFlags(["-parse-as-library"])]
            ))
    }
    package.targets.append(.target(name: "CFuzzerDriver", path: "Fuzz/Targets/CFuzzerDriver"))
}
