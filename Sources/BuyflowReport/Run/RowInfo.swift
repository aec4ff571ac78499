import BuyflowCore

/// The data row of a data-driven run: `{"index": 2, "values": {"name": "eu", …}}`.
public struct RowInfo: JSONConvertible, Sendable, Hashable {
    /// 1-based, as in `[row 2]`.
    public var index: Int
    /// The row's cells, in column order.
    public var values: JSONObject

    public init(index: Int, values: JSONObject) {
        self.index = index
        self.values = values
    }

    public var jsonValue: JSONValue { ["index": .int(index), "values": .object(values)] }

    /// `[<name>]` when the row has a `name` column, else `[row N]`.
    public var label: String {
        if let name = values["name"], !name.isNull { return "[\(name.stringValue ?? name.description)]" }
        return "[row \(index)]"
    }

    public init(json: JSONValue, at path: String) throws(Diagnostic) {
        let reader = try JSONFieldReader(json, at: path)
        let values = try reader.required("values")
        guard case .object(let object) = values else {
            throw JSONFieldReader.invalid(reader.path("values"), "expected an object, found \(JSONFieldReader.describe(values))")
        }
        self.init(index: try reader.int("index"), values: object)
    }
}
