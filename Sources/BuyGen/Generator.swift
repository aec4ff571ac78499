import BuyflowCore
import Foundation
import GraphQLKit

/// Schema → model → Swift, as named stages: `load` (a schema file), `model`
/// (`SchemaModel`), `render` (`SwiftRenderer` into a `GeneratorOutput`).
///
///     let output = try Generator.generate(schemaPath: "samples/storefront.graphql", namespace: "Storefront")
///     for file in output.files { … }
public enum Generator {
    /// Stage 1: the schema from a file (SDL or introspection JSON) and its version, read
    /// from a `… 2026-04 …` in the first comment lines of SDL when not given.
    public static func load(path: String) throws(DiagnosticList) -> (schema: Schema, detectedVersion: String?) {
        let data: Data
        switch FileBytes.contents(of: path, limit: FileBytes.schemaLimit) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let failure): throw DiagnosticList([.error("cannot read schema file '\(path)': \(failure.reason)")])
        }
        let schema = try Schema.load(data: data, path: path)
        let text = String(decoding: data.prefix(4096), as: UTF8.self)
        return (schema, detectVersion(inHeaderOf: text))
    }

    /// `2026-04` (or `unstable`) from the leading `#` comment lines of SDL.
    public static func detectVersion(inHeaderOf text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("#") else { break }
            if let match = trimmed.firstMatch(of: /\b(\d{4}-\d{2}|unstable)\b/) { return String(match.1) }
        }
        return nil
    }

    /// Stage 2: the model.
    public static func model(_ schema: Schema, options: GeneratorOptions) -> SchemaModel {
        SchemaModel(schema: schema, options: options)
    }

    /// Stage 3: the Swift files.
    public static func render(_ model: SchemaModel) -> GeneratorOutput {
        SwiftRenderer(model: model).render()
    }

    /// All three stages for a schema file. The schema's name in headers is the file's
    /// name; `options.schemaVersion` falls back to the detected version.
    public static func generate(
        schemaPath: String, namespace: String = "Storefront", scalars: [String: String] = [:],
        schemaVersion: String? = nil, mocks: Bool = true
    ) throws(DiagnosticList) -> GeneratorOutput {
        let (schema, detected) = try load(path: schemaPath)
        let name = schemaPath.split(separator: "/").last.map(String.init) ?? schemaPath
        let options = GeneratorOptions(
            namespace: namespace, scalars: scalars, schemaName: name, schemaVersion: schemaVersion ?? detected, mocks: mocks)
        return render(model(schema, options: options))
    }
}
