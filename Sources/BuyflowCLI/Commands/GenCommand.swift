import BuyGen
import BuyflowCore
import Foundation
import GraphQLKit

/// `buyflow gen --schema <file> --output <dir>`: typed Swift for a schema, one file per
/// type plus `<Namespace>.swift` and `<Namespace>.Schema.swift`, for the `Buy` runtime.
struct GenCommand: BuyflowCommand {
    static let spec = CommandSpec(
        path: ["gen"],
        abstract: "Generate typed Swift query builders and response models from a schema.",
        discussion: """
            Loads and validates the schema, then writes one Swift file per object, interface,
            union, enum and input object type into the output folder, with <Namespace>.swift
            (buildQuery, buildMutation) and <Namespace>.Schema.swift (the schema's version). Each
            file says it is generated and from which schema. Swift files in the folder that the
            schema no longer produces are removed. The code needs `import Buy` only.
            """,
        options: GenOptions.self,
        examples: [
            "buyflow gen --schema samples/storefront.graphql --output Sources/Storefront",
            "buyflow gen --schema storefront.schema.json --output Generated --namespace Shop --scalar UnsignedInt64=String",
        ]
    )

    static func run(_ options: GenOptions, context: CommandContext) async -> ExitCode {
        let output: GeneratorOutput
        do {
            output = try Generator.generate(
                schemaPath: options.schema, namespace: options.namespace, scalars: options.scalars,
                schemaVersion: options.schemaVersion, mocks: options.mocks)
        } catch {
            context.report(error.diagnostics, sources: SourceFiles.quoted(by: error.diagnostics))
            return .invalid
        }
        do {
            let written = try write(output, to: options.output, namespace: options.namespace)
            context.console.print("wrote \(written.count) files to \(options.output)")
        } catch {
            context.report([.error("cannot write to '\(options.output)': \(error.localizedDescription)")])
            return .failure
        }
        return .success
    }

    /// Writes the files, leaving unchanged ones untouched, and removes `<Namespace>.*.swift`
    /// files the output no longer has.
    static func write(_ output: GeneratorOutput, to path: String, namespace: String) throws -> [String] {
        let manager = FileManager.default
        let folder = URL(fileURLWithPath: path, isDirectory: true)
        try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in output.files {
            let url = folder.appendingPathComponent(file.name)
            let data = Data(file.contents.utf8)
            if (try? Data(contentsOf: url)) == data { continue }
            try data.write(to: url, options: .atomic)
        }
        let names = Set(output.files.map(\.name))
        for name in try manager.contentsOfDirectory(atPath: folder.path)
        where name.hasPrefix(namespace + ".") && name.hasSuffix(".swift") && !names.contains(name) {
            try manager.removeItem(at: folder.appendingPathComponent(name))
        }
        return output.files.map(\.name)
    }
}
