import Foundation
import BuyflowCore
import GraphQLKit

/// The schema operations are validated against, and the `documents` files.
extension LoadSession {
    mutating func resolveSchema(_ value: LocatedValue?, file: String, shop: ShopSettings?) {
        if let value {
            guard let relative = reader.string(value, "'schema'") else { return }
            let path = RelativePath.resolve(relative, against: file)
            guard FileManager.default.fileExists(atPath: path) else {
                error("cannot read schema '\(path)': no such file", at: value.location, code: "schema",
                      hint: "the path is relative to the workflow file; 'buyflow schema fetch' saves a shop's schema")
                return
            }
            do {
                schema = try Schema.load(path: path)
                schemaDescription = path
            } catch {
                if let text = try? String(contentsOfFile: path, encoding: .utf8), text.utf8.count < 8 << 20 {
                    register(SourceFile(path: path, text: text))
                }
                reader.report(contentsOf: error.diagnostics)
            }
            return
        }
        if shop == nil, !options.remoteTarget {
            schema = options.sampleShopSchema()
            schemaDescription = schema == nil ? nil : "the sample shop's schema"
            return
        }
        let apiVersion = options.apiVersion ?? shop?.apiVersion ?? BuyflowVersion.storefrontAPIVersion
        guard options.usePublishedSchema else { return }
        if apiVersion == BuyflowVersion.storefrontAPIVersion {
            if let published = PublishedSchema.storefront {
                schema = published
                schemaDescription = "the published Storefront API \(apiVersion) schema"
            } else {
                warning(
                    "the shipped Storefront API \(apiVersion) schema cannot be used (\(PublishedSchema.problem ?? "unknown problem")); operations were checked for syntax only",
                    at: shop?.location, code: "schema-published",
                    hint: "'buyflow schema fetch --url … --output schema.json' saves the shop's schema; name it with 'schema:'"
                )
            }
        } else {
            warning(
                "buyflow ships the Storefront API \(BuyflowVersion.storefrontAPIVersion) schema; operations for API version \(apiVersion) were checked for syntax only",
                at: shop?.location, code: "schema-version",
                hint: "'buyflow schema fetch --url … --api-version \(apiVersion) --output schema.json' saves the shop's schema; name it with 'schema:'"
            )
        }
    }

    mutating func loadDocuments(_ value: LocatedValue?, file: String) -> [String] {
        guard let value else { return [] }
        guard let items = reader.list(value, "'documents'") else { return [] }
        var paths: [String] = []
        for item in items {
            guard let relative = reader.string(item, "a document path") else { continue }
            let path = RelativePath.resolve(relative, against: file)
            guard let text = readText(path, at: item.location, what: "document") else { continue }
            paths.append(path)
            let document: Document
            do {
                document = try Parser.parse(text, path: path)
            } catch {
                reader.report(error)
                continue
            }
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    guard let name = operation.name?.value else {
                        error("an operation in a documents file needs a name, so steps can say 'operation: <Name>'",
                              at: SourceLocation(file: path, line: Int(operation.location.line), column: Int(operation.location.column)), code: "documents")
                        continue
                    }
                    let location = SourceLocation(file: path, line: Int(operation.location.line), column: Int(operation.location.column))
                    if let first = library.operations[name] {
                        error("operation '\(name)' is defined twice", at: location, code: "documents",
                              notes: [Diagnostic.Note("first defined here", at: first.location)])
                        continue
                    }
                    library.operations[name] = DocumentLibrary.NamedOperation(definition: operation, text: text, path: path, location: location)
                case .fragment(let fragment):
                    library.fragments.append(fragment)
                    if library.fragmentTexts[fragment.name.value] == nil {
                        let utf8 = Array(text.utf8)
                        let start = Int(fragment.location.start), end = min(Int(fragment.location.end), utf8.count)
                        if start < end { library.fragmentTexts[fragment.name.value] = String(decoding: utf8[start..<end], as: UTF8.self) }
                    }
                default:
                    break
                }
            }
            library.documents.append(document)
        }
        return paths
    }
}
