// swift-tools-version: 6.0
// buyflow — a schema-driven checkout workflow engine for Shopify's Storefront API.
//
// Layers, lowest first; a module imports only the layers below it:
//   CYaml, CCurl, CMicroHTTPD,
//   CHTTPParser, CZlib          system libraries (pkg-config, Debian -dev packages)
//   CThread                     a C shim: thread ids and CPU placement (the loader's worker)
//   CYamlAllocator              libyaml's allocation functions, from per-thread size classes,
//                               its input handed over decoded, and its events handed back
//   BuyflowCore                 diagnostics, source locations, suggestions, version, the located
//                               document reader, JSON, decimals and durations
//   YAML                        libyaml event parser → located node tree
//   GraphQLKit                  GraphQL language, schemas, validation, execution
//   BuyflowExpressions          the workflow expression language and templates (no I/O)
//   BuyflowReport               run and load report values (no networking)
//   BuyflowWorkflow             the workflow model, its loader and static checks
//   HTTPServer                  HTTP/1.1 server on libmicrohttpd (sample shop, test servers)
//   Buy                         the Storefront client: Graph.Client, transports, runtime
//   BuyCurl, BuyHTTP1           the C-backed transports (libcurl; http-parser)
//   SampleShop                  the Storefront-compatible sample shop on loopback, with faults
//   BuyflowRunner               runs a loaded workflow against an endpoint into run reports
//   BuyflowLoad                 load mode: VU scheduling, metrics, thresholds, merge, k6 export
//   BuyflowTesting              workflows run from Swift Testing and XCTest tests
//   BuyGen                      the Swift code generator: schema → model → Swift files
//   Storefront                  the generated typed Storefront API (samples/storefront.graphql)
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
        .library(name: "Storefront", targets: ["Storefront"]),
        .library(name: "BuyCurl", targets: ["BuyCurl"]),
        .library(name: "BuyHTTP1", targets: ["BuyHTTP1"]),
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
        // zlib: the shipped Storefront schema is stored gzip-compressed.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        .systemLibrary(
            name: "CHTTPParser",
            providers: [.apt(["libhttp-parser-dev"]), .brew(["http-parser"])]
        ),
        // Thread placement (a header of inline calls; nothing to link).
        .systemLibrary(name: "CThread"),

        // Layers.
        .target(name: "BuyflowCore"),
        // libyaml's allocation functions, served from size classes, its input handed over
        // decoded, and its events handed back (see its header); libyaml's header through
        // CYaml's pkg-config flags.
        .target(name: "CYamlAllocator", dependencies: ["CYaml"]),
        .target(name: "YAML", dependencies: ["BuyflowCore", "CYaml", "CYamlAllocator"]),
        .target(name: "GraphQLKit", dependencies: ["BuyflowCore"]),
        .target(name: "HTTPServer", dependencies: ["BuyflowCore", "CMicroHTTPD"]),
        // The client, its runtime and URLSession transport: no C library, so apps and the
        // generated code link neither libcurl nor http-parser.
        .target(name: "Buy", dependencies: ["BuyflowCore", "GraphQLKit"]),
        // Graph.CurlTransport, on libcurl.
        .target(name: "BuyCurl", dependencies: ["Buy", "BuyflowCore", "CCurl"]),
        // Graph.HTTP1Transport, on epoll and http-parser; it hands `https://` requests to a
        // Graph.CurlTransport, hence BuyCurl.
        .target(name: "BuyHTTP1", dependencies: [
            "Buy", "BuyCurl", "BuyflowCore",
            .target(name: "CHTTPParser", condition: .when(platforms: [.linux])),
        ]),
        .target(name: "BuyGen", dependencies: ["BuyflowCore", "GraphQLKit"]),
        // Generated by `buyflow gen` from samples/storefront.graphql; GeneratedStorefrontTests
        // regenerates it and fails with a diff when this copy differs.
        .target(name: "Storefront", dependencies: ["Buy"]),
        .target(name: "BuyflowExpressions", dependencies: ["BuyflowCore"]),
        .target(name: "BuyflowReport", dependencies: ["BuyflowCore"]),
        .target(
            name: "BuyflowWorkflow", dependencies: ["BuyflowCore", "YAML", "GraphQLKit", "BuyflowExpressions", "CZlib", "CThread"],
            resources: [.copy("Resources")]
        ),
        .target(name: "SampleShop", dependencies: ["BuyflowCore", "YAML", "GraphQLKit", "HTTPServer"], resources: [.copy("Resources")]),
        .target(name: "BuyflowRunner", dependencies: [
            "BuyflowCore", "BuyflowExpressions", "BuyflowWorkflow", "BuyflowReport", "Buy", "BuyCurl", "BuyHTTP1", "GraphQLKit",
        ]),
        .target(name: "BuyflowLoad", dependencies: [
            "BuyflowCore", "BuyflowReport", "BuyflowWorkflow", "BuyflowRunner", "BuyflowExpressions", "Buy", "BuyHTTP1",
        ]),
        .target(name: "BuyflowCLI", dependencies: [
            "BuyflowCore", "YAML", "GraphQLKit", "Buy", "SampleShop", "BuyflowExpressions", "BuyflowReport", "BuyflowWorkflow", "BuyflowRunner",
            "BuyGen", "BuyCurl", "BuyHTTP1", "BuyflowLoad",
        ]),
        .target(name: "BuyflowTesting", dependencies: [
            "BuyflowCore", "BuyflowReport", "BuyflowRunner", "BuyflowWorkflow", "SampleShop",
        ]),
        .executableTarget(name: "buyflow", dependencies: ["BuyflowCLI"]),

        // samples/typed-checkout: the checkout flow with the generated, typed Storefront API.
        .executableTarget(name: "typed-checkout", dependencies: ["Buy", "Storefront", "SampleShop"], path: "samples/typed-checkout"),

        // Benchmarks: one executable printing figures side by side (see Benchmarks/README.md).
        .executableTarget(
            name: "buyflow-bench",
            dependencies: [
                "BuyflowCore", "YAML", "GraphQLKit", "Buy", "BuyCurl", "BuyHTTP1", "BuyGen", "Storefront", "SampleShop", "HTTPServer", "CCurl",
                "LoopbackNginx", "BuyflowWorkflow", "BuyflowExpressions", "BuyflowReport", "BuyflowRunner", "BuyflowLoad",
            ],
            path: "Benchmarks/BuyflowBench"
        ),

        // Tests.
        .target(name: "BuyflowTestSupport", dependencies: ["BuyflowCore"], path: "Tests/BuyflowTestSupport"),
        .target(name: "LoopbackNginx", path: "Tests/LoopbackNginx"),
        .testTarget(name: "BuyflowCoreTests", dependencies: ["BuyflowCore", "YAML", "BuyflowTestSupport"]),
        .testTarget(name: "YAMLTests", dependencies: ["YAML", "BuyflowCore", "BuyflowTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "GraphQLKitTests", dependencies: ["GraphQLKit", "BuyflowCore", "BuyflowTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(name: "BuyflowExpressionsTests", dependencies: ["BuyflowExpressions", "BuyflowCore"]),
        .testTarget(name: "BuyflowReportTests", dependencies: ["BuyflowReport", "BuyflowCore", "BuyflowTestSupport"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "BuyflowWorkflowTests",
            dependencies: ["BuyflowWorkflow", "BuyflowExpressions", "BuyflowCore", "YAML", "GraphQLKit", "BuyflowTestSupport", "CThread"],
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
        .testTarget(name: "BuyTests", dependencies: ["Buy", "BuyCurl", "BuyHTTP1", "HTTPServer", "LoopbackNginx"]),
        .testTarget(name: "SampleShopTests", dependencies: ["SampleShop", "GraphQLKit", "HTTPServer", "BuyflowCore", "Buy", "BuyflowTestSupport"]),
        .testTarget(name: "BuyflowRunnerTests", dependencies: [
            "BuyflowRunner", "BuyflowCore", "BuyflowExpressions", "BuyflowWorkflow", "BuyflowReport", "Buy", "GraphQLKit",
            "BuyflowTestSupport", "SampleShop", "HTTPServer",
        ]),
        .testTarget(name: "BuyflowLoadTests", dependencies: [
            "BuyflowLoad", "BuyflowCLI", "BuyflowReport", "BuyflowWorkflow", "BuyflowRunner", "BuyflowCore", "Buy", "SampleShop", "HTTPServer",
            "BuyflowTestSupport",
        ]),
        .testTarget(name: "BuyflowTestingTests", dependencies: ["BuyflowTesting", "BuyflowCore", "BuyflowTestSupport"]),
        .testTarget(
            name: "BuyGenTests", dependencies: ["BuyGen", "GraphQLKit", "BuyflowCore", "BuyflowTestSupport"],
            exclude: ["Fixtures"]
        ),
        // The fixture schema's generated code (BuyGenTests' golden files), compiled.
        .target(name: "GenFixture", dependencies: ["Buy"], path: "Tests/GenFixture"),
        .testTarget(name: "GeneratedStorefrontTests", dependencies: [
            "Storefront", "GenFixture", "Buy", "BuyGen", "BuyflowCore", "BuyflowTestSupport", "SampleShop",
        ]),
        .testTarget(name: "BuyflowCLITests", dependencies: ["BuyflowCLI", "BuyflowCore", "HTTPServer", "BuyflowTestSupport"]),
        // Runs the built `buyflow` executable as a subprocess (it does not link BuyflowCLI).
        .testTarget(
            name: "BuyflowEndToEndTests",
            dependencies: ["BuyflowCore", "BuyflowReport", "BuyflowTestSupport"],
            exclude: ["Fixtures"]
        ),
        // Faults, signals, secrets and hostile clients against the built `buyflow` (a subprocess).
        .testTarget(name: "ReliabilityTests", dependencies: ["BuyflowCore", "BuyflowReport", "BuyflowTestSupport"], exclude: ["Fixtures"]),
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

// Every Swift target: existential types spelled `any` (the Swift 7 rule, checked now).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
