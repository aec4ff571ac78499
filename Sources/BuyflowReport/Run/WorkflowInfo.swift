import BuyflowCore

/// The workflow a report is about: `{"name": "Checkout", "file": "workflows/checkout.yaml"}`.
/// For a data-driven run the name carries the row: `Checkout [row 2]`.
public struct WorkflowInfo: JSONConvertible, Sendable, Hashable {
    public var name: String
    /// The path as the user gave it.
    public var file: String

    public init(name: String, file: String) {
        self.name = name
        self.file = file
    }

    public var jsonValue: JSONValue { ["name": .string(name), "file": .string(file)] }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(name: try reader.string("name"), file: try reader.string("file"))
    }
}
