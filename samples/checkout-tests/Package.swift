// swift-tools-version: 6.0
// An app's own test suite running its checkout flow with buyflow: the workflow file is
// run from a Swift Testing test and from an XCTest test, against the embedded sample
// shop; a failed step would be reported at its line in the YAML file.
import PackageDescription

let package = Package(
    name: "checkout-tests",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "buyflow", path: "../.."),
    ],
    targets: [
        .testTarget(
            name: "CheckoutTests",
            dependencies: [.product(name: "BuyflowTesting", package: "buyflow")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
