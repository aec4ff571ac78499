import BuyflowCore

/// The program that wrote a report: `{"name": "buyflow", "version": "2026.4.0"}`.
public struct ToolInfo: JSONConvertible, Sendable, Hashable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// This build of buyflow.
    public static var buyflow: ToolInfo { ToolInfo(name: "buyflow", version: BuyflowVersion.version) }

    public var jsonValue: JSONValue { ["name": .string(name), "version": .string(version)] }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        self.init(name: try reader.string("name"), version: try reader.string("version"))
    }
}
