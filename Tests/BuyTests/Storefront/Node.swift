import Buy
import BuyflowCore

extension Storefront {
    protocol Node: Sendable {
        var typeName: String { get }
        var id: GraphQL.ID { get }
        func responseObject() -> GraphQL.AbstractResponse
    }

    final class NodeQuery: GraphQL.AbstractQuery {
        override init() {
            super.init()
            addField(field: "__typename")
        }

        @discardableResult
        func id(aliasSuffix: String? = nil) -> NodeQuery {
            addField(field: "id", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func onProduct(subfields: (ProductQuery) -> Void) -> NodeQuery {
            let subquery = ProductQuery()
            subfields(subquery)
            addInlineFragment(on: "Product", subfields: subquery)
            return self
        }

        @discardableResult
        func onProductVariant(subfields: (ProductVariantQuery) -> Void) -> NodeQuery {
            let subquery = ProductVariantQuery()
            subfields(subquery)
            addInlineFragment(on: "ProductVariant", subfields: subquery)
            return self
        }

        @discardableResult
        func onCart(subfields: (CartQuery) -> Void) -> NodeQuery {
            let subquery = CartQuery()
            subfields(subquery)
            addInlineFragment(on: "Cart", subfields: subquery)
            return self
        }
    }

    final class UnknownNode: GraphQL.AbstractResponse, Node, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "id": return try decodeScalar(GraphQL.ID.self, value, field: fieldName)
            default: throw unknownField(fieldName, value)
            }
        }

        /// The concrete model for the object's `__typename`.
        static func create(fields: JSONObject) throws(SchemaViolationError) -> any Node {
            guard let typeName = fields["__typename"]?.stringValue else {
                throw SchemaViolationError(type: UnknownNode.self, field: "__typename", value: fields["__typename"] ?? .null, expected: "String")
            }
            switch typeName {
            case "Product": return try Product(fields: fields)
            case "ProductVariant": return try ProductVariant(fields: fields)
            case "Cart": return try Cart(fields: fields)
            default: return try UnknownNode(fields: fields)
            }
        }

        var typeName: String { field(field: "__typename") as! String }
        var id: GraphQL.ID { field(field: "id") as! GraphQL.ID }
        func responseObject() -> GraphQL.AbstractResponse { self }
    }
}

extension Storefront.Node {
    /// The node as a product, or a `GraphQL.CastError` naming what it is.
    func asProduct() throws(GraphQL.CastError) -> Storefront.Product { try responseObject().cast(to: Storefront.Product.self) }
    func asCart() throws(GraphQL.CastError) -> Storefront.Cart { try responseObject().cast(to: Storefront.Cart.self) }
}
