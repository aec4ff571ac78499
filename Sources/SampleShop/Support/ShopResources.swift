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

    /// Reads and checks a catalog file (JSON); every problem is a located diagnostic.
    public static func load(path: String) throws(DiagnosticList) -> ShopCatalog {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw DiagnosticList([.error("cannot read catalog file '\(path)'", code: "catalog.read",
                                         hint: "give the path of a JSON catalog (see samples/README.md)")])
        }
        return try load(bytes: Array(data), path: path)
    }

    /// Checks a catalog given as a JSON value (for example read from YAML); `locations`
    /// place its values and keys in the file `path` for diagnostics.
    public static func load(json: JSONValue, path: String, locations: CatalogLocations? = nil) throws(DiagnosticList) -> ShopCatalog {
        try CatalogLoader.load(json: json, path: path, locations: locations, schema: ShopResources.schema)
    }

    /// Checks a catalog document's bytes (JSON); `path` names it in diagnostics.
    public static func load(bytes: [UInt8], path: String) throws(DiagnosticList) -> ShopCatalog {
        try CatalogLoader.load(bytes: bytes, path: path, schema: ShopResources.schema)
    }
}
