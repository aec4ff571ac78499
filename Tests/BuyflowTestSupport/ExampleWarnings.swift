/// The warnings the repository's example workflows are meant to give, and no others:
/// `workflows/hydrogen-cart.yaml` runs Hydrogen's own CartQuery unchanged, and it selects
/// two deprecated fields. The loader, `buyflow validate` and the examples' end-to-end
/// tests all hold the workflows to this one list.
public enum ExampleWarnings {
    public struct Warning: Sendable, Equatable {
        /// The file the warning is placed in, relative to the package root.
        public let file: String
        public let line: Int
        public let column: Int
        public let message: String

        /// `file:line:column: warning: message`, as the compiler-style renderer writes it.
        public var rendered: String { "\(file):\(line):\(column): warning: \(message)" }
    }

    /// By example file name under `workflows/`.
    public static let byWorkflow: [String: [Warning]] = [
        "hydrogen-cart.yaml": [
            Warning(
                file: "Tests/Conformance/storefront-clients/hydrogen-cart/CartQuery.graphql", line: 92, column: 5,
                message: "field 'totalDutyAmount' of type 'CartCost' is deprecated"),
            Warning(
                file: "Tests/Conformance/storefront-clients/hydrogen-cart/CartQuery.graphql", line: 95, column: 5,
                message: "field 'totalTaxAmount' of type 'CartCost' is deprecated"),
        ]
    ]

    /// Every example's, in file name order.
    public static var all: [Warning] { byWorkflow.keys.sorted().flatMap { byWorkflow[$0] ?? [] } }
}
