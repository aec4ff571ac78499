import BuyflowCore
import Foundation
import GraphQLKit

/// The schema and catalog embedded in the module's resource bundle (copies of
/// `samples/storefront.graphql` and `samples/catalog.json`): the shop needs no file at
/// run time.
enum ShopResources {
    static let schemaPath = "<embedded>/storefront.graphql"
    static let catalogPath = "<embedded>/catalog.json"

    static func bytes(_ name: String, _ ext: String) -> [UInt8] {
        guard let url = Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Resources")
            ?? Bundle.module.url(forResource: name, withExtension: ext),
            let data = try? Data(contentsOf: url) else {
            fatalError("SampleShop: the resource \(name).\(ext) is missing from the module bundle")
        }
        return Array(data)
    }

    /// The Storefront API 2026-04 subset, in SDL.
    static let schemaSDL: String = String(decoding: bytes("storefront", "graphql"), as: UTF8.self)

    static let schema: Schema = {
        do {
            return try Schema(sdl: schemaSDL, path: schemaPath)
        } catch {
            fatalError("SampleShop: the embedded schema does not build:\n\(error)")
        }
    }()

    static let catalog: ShopCatalog = {
        do {
            return try CatalogLoader.load(bytes: bytes("catalog", "json"), path: catalogPath, schema: schema)
        } catch {
            fatalError("SampleShop: the embedded catalog is invalid:\n\(error)")
        }
    }()
}

extension ShopCatalog {
    /// The default catalog (`samples/catalog.json`, embedded): "Sample Shoes".
    public static var sample: ShopCatalog { ShopResources.catalog }

    /// Reads and checks a catalog file: YAML when `path` ends in `.yaml` or `.yml`, JSON
    /// otherwise. Every problem is a located diagnostic, all of them at once.
    public static func load(path: String) throws(DiagnosticList) -> ShopCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DiagnosticList([.error("cannot read catalog file '\(path)'", code: "catalog.read",
                                         hint: "give the path of a JSON or YAML catalog (see samples/README.md)")])
        }
        return try load(bytes: Array(data), path: path)
    }

    /// Checks a catalog document's bytes, YAML or JSON by `path`'s extension as for
    /// `load(path:)`; `path` names it in diagnostics.
    public static func load(bytes: [UInt8], path: String) throws(DiagnosticList) -> ShopCatalog {
        try CatalogLoader.load(bytes: bytes, path: path, schema: ShopResources.schema)
    }

    /// Checks a catalog already read into a located tree (`JSONParser.parseLocated`,
    /// `YAMLNode.located`).
    public static func load(_ document: LocatedValue) throws(DiagnosticList) -> ShopCatalog {
        try CatalogLoader.load(document, schema: ShopResources.schema)
    }

    /// Checks a catalog built in code as a JSON value. It has no locations: diagnostics
    /// point at the start of `path`.
    public static func load(json: JSONValue, path: String) throws(DiagnosticList) -> ShopCatalog {
        try load(json.located(at: SourceLocation(file: path, line: 1, column: 1)))
    }
}

extension JSONValue {
    /// The value as a `LocatedValue` with every part at `location`.
    fileprivate func located(at location: SourceLocation) -> LocatedValue {
        var builder = LocatedDocumentBuilder()
        let root = add(to: &builder, at: location)
        return builder.finish(root)
    }

    private func add(to builder: inout LocatedDocumentBuilder, at location: SourceLocation) -> LocatedDocumentBuilder.Node {
        switch self {
        case .null, .bool, .int, .double:
            let scalar: LocatedDocumentBuilder.Scalar = switch self {
            case .bool(let value): .bool(value)
            case .int(let value): .int(value)
            case .double(let value): .double(value)
            default: .null
            }
            return builder.scalar(scalar, text: JSONSerializer().string(self), style: .plain, at: location, end: location)
        case .string(let value): return builder.scalar(.string, text: value, style: .json, at: location, end: location)
        case .array(let items):
            let first = builder.pendingCount
            for item in items { builder.push(item.add(to: &builder, at: location)) }
            return builder.list(from: first, at: location, end: location)
        case .object(let object):
            let first = builder.pendingCount
            for member in object.members {
                builder.push(builder.key(member.key, at: location))
                builder.push(member.value.add(to: &builder, at: location))
            }
            return builder.map(from: first, at: location, end: location)
        }
    }
}
