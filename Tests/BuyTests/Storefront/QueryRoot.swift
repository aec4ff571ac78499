import Buy
import BuyflowCore

extension Storefront {
    final class QueryRootQuery: GraphQL.AbstractQuery, GraphQL.RootQuery {
        typealias Response = QueryRoot
        static let operationType = GraphQL.OperationType.query

        @discardableResult
        func shop(aliasSuffix: String? = nil, _ subfields: (ShopQuery) -> Void) -> QueryRootQuery {
            let subquery = ShopQuery()
            subfields(subquery)
            addField(field: "shop", aliasSuffix: aliasSuffix, subfields: subquery)
            return self
        }

        @discardableResult
        func product(aliasSuffix: String? = nil, id: GraphQL.ID? = nil, handle: String? = nil, _ subfields: (ProductQuery) -> Void) -> QueryRootQuery {
            let arguments = [GraphQL.Argument.optional("id", id), .optional("handle", handle)].compactMap { $0 }
            let subquery = ProductQuery()
            subfields(subquery)
            addField(field: "product", aliasSuffix: aliasSuffix, arguments: arguments, subfields: subquery)
            return self
        }

        @discardableResult
        func products(aliasSuffix: String? = nil, first: Int32, query: String? = nil, sortKey: ProductSortKeys? = nil, reverse: Bool? = nil, _ subfields: (ProductConnectionQuery) -> Void) -> QueryRootQuery {
            let arguments = [GraphQL.Argument("first", first.graphQLValue), .optional("query", query), .optional("sortKey", sortKey), .optional("reverse", reverse)].compactMap { $0 }
            let subquery = ProductConnectionQuery()
            subfields(subquery)
            addField(field: "products", aliasSuffix: aliasSuffix, arguments: arguments, subfields: subquery)
            return self
        }

        @discardableResult
        func node(aliasSuffix: String? = nil, id: GraphQL.ID, _ subfields: (NodeQuery) -> Void) -> QueryRootQuery {
            let subquery = NodeQuery()
            subfields(subquery)
            addField(field: "node", aliasSuffix: aliasSuffix, arguments: [GraphQL.Argument("id", id.graphQLValue)], subfields: subquery)
            return self
        }

        @discardableResult
        func cart(aliasSuffix: String? = nil, id: GraphQL.ID, _ subfields: (CartQuery) -> Void) -> QueryRootQuery {
            let subquery = CartQuery()
            subfields(subquery)
            addField(field: "cart", aliasSuffix: aliasSuffix, arguments: [GraphQL.Argument("id", id.graphQLValue)], subfields: subquery)
            return self
        }
    }

    final class QueryRoot: GraphQL.AbstractResponse, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "shop": return try decodeObject(Shop.self, value, field: fieldName)
            case "product": return try decodeOptionalObject(Product.self, value, field: fieldName)
            case "products": return try decodeObject(ProductConnection.self, value, field: fieldName)
            case "cart": return try decodeOptionalObject(Cart.self, value, field: fieldName)
            case "node":
                if value.isNull { return nil }
                guard let object = value.objectValue else {
                    throw SchemaViolationError(type: Self.self, field: fieldName, value: value, expected: "Node (an object)")
                }
                return try UnknownNode.create(fields: object)
            default: throw unknownField(fieldName, value)
            }
        }

        var shop: Shop { field(field: "shop") as! Shop }
        var product: Product? { field(field: "product") as! Product? }
        func aliasedProduct(aliasSuffix: String) -> Product? { field(field: "product", aliasSuffix: aliasSuffix) as! Product? }
        var products: ProductConnection { field(field: "products") as! ProductConnection }
        var cart: Cart? { field(field: "cart") as! Cart? }
        var node: (any Node)? { field(field: "node") as! (any Node)? }
        func aliasedNode(aliasSuffix: String) -> (any Node)? { field(field: "node", aliasSuffix: aliasSuffix) as! (any Node)? }
    }
}
