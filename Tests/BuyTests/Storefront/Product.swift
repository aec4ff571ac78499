import Buy
import BuyflowCore
import Foundation

extension Storefront {
    final class ProductQuery: GraphQL.AbstractQuery {
        @discardableResult
        func id(aliasSuffix: String? = nil) -> ProductQuery {
            addField(field: "id", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func title(aliasSuffix: String? = nil) -> ProductQuery {
            addField(field: "title", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func handle(aliasSuffix: String? = nil) -> ProductQuery {
            addField(field: "handle", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func tags(aliasSuffix: String? = nil) -> ProductQuery {
            addField(field: "tags", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func createdAt(aliasSuffix: String? = nil) -> ProductQuery {
            addField(field: "createdAt", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func onlineStoreUrl(aliasSuffix: String? = nil) -> ProductQuery {
            addField(field: "onlineStoreUrl", aliasSuffix: aliasSuffix)
            return self
        }
    }

    final class Product: GraphQL.AbstractResponse, Node, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "id": return try decodeScalar(GraphQL.ID.self, value, field: fieldName)
            case "title", "handle": return try decodeScalar(String.self, value, field: fieldName)
            case "tags": return try decodeList(value, field: fieldName) { (item) throws(SchemaViolationError) in try decodeScalar(String.self, item, field: fieldName) }
            case "createdAt": return try decodeScalar(Date.self, value, field: fieldName)
            case "onlineStoreUrl": return try decodeOptionalScalar(URL.self, value, field: fieldName)
            default: throw unknownField(fieldName, value)
            }
        }

        var typeName: String { "Product" }
        var id: GraphQL.ID { field(field: "id") as! GraphQL.ID }
        var title: String { field(field: "title") as! String }
        func aliasedTitle(aliasSuffix: String) -> String { field(field: "title", aliasSuffix: aliasSuffix) as! String }
        var handle: String { field(field: "handle") as! String }
        var tags: [String] { field(field: "tags") as! [String] }
        var createdAt: Date { field(field: "createdAt") as! Date }
        var onlineStoreUrl: URL? { field(field: "onlineStoreUrl") as! URL? }
        func responseObject() -> GraphQL.AbstractResponse { self }
    }

    final class ProductConnectionQuery: GraphQL.AbstractQuery {
        @discardableResult
        func nodes(_ subfields: (ProductQuery) -> Void) -> ProductConnectionQuery {
            let subquery = ProductQuery()
            subfields(subquery)
            addField(field: "nodes", subfields: subquery)
            return self
        }
    }

    final class ProductConnection: GraphQL.AbstractResponse, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "nodes": return try decodeList(value, field: fieldName) { (item) throws(SchemaViolationError) in try decodeObject(Product.self, item, field: fieldName) }
            default: throw unknownField(fieldName, value)
            }
        }

        var nodes: [Product] { field(field: "nodes") as! [Product] }
    }

    final class ProductVariantQuery: GraphQL.AbstractQuery {
        @discardableResult
        func id() -> ProductVariantQuery {
            addField(field: "id")
            return self
        }

        @discardableResult
        func title() -> ProductVariantQuery {
            addField(field: "title")
            return self
        }
    }

    final class ProductVariant: GraphQL.AbstractResponse, Node, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "id": return try decodeScalar(GraphQL.ID.self, value, field: fieldName)
            case "title": return try decodeScalar(String.self, value, field: fieldName)
            default: throw unknownField(fieldName, value)
            }
        }

        var typeName: String { "ProductVariant" }
        var id: GraphQL.ID { field(field: "id") as! GraphQL.ID }
        var title: String { field(field: "title") as! String }
        func responseObject() -> GraphQL.AbstractResponse { self }
    }
}
