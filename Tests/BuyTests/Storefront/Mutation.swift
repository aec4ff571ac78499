import Buy
import BuyflowCore

extension Storefront {
    final class MutationQuery: GraphQL.AbstractQuery, GraphQL.RootQuery {
        typealias Response = Mutation
        static let operationType = GraphQL.OperationType.mutation

        @discardableResult
        func cartCreate(aliasSuffix: String? = nil, input: CartInput? = nil, _ subfields: (CartCreatePayloadQuery) -> Void) -> MutationQuery {
            let subquery = CartCreatePayloadQuery()
            subfields(subquery)
            addField(field: "cartCreate", aliasSuffix: aliasSuffix, arguments: [GraphQL.Argument.optional("input", input)].compactMap { $0 }, subfields: subquery)
            return self
        }
    }

    final class Mutation: GraphQL.AbstractResponse, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "cartCreate": return try decodeOptionalObject(CartCreatePayload.self, value, field: fieldName)
            default: throw unknownField(fieldName, value)
            }
        }

        var cartCreate: CartCreatePayload? { field(field: "cartCreate") as! CartCreatePayload? }
    }

    final class CartCreatePayloadQuery: GraphQL.AbstractQuery {
        @discardableResult
        func cart(_ subfields: (CartQuery) -> Void) -> CartCreatePayloadQuery {
            let subquery = CartQuery()
            subfields(subquery)
            addField(field: "cart", subfields: subquery)
            return self
        }

        @discardableResult
        func userErrors(_ subfields: (CartUserErrorQuery) -> Void) -> CartCreatePayloadQuery {
            let subquery = CartUserErrorQuery()
            subfields(subquery)
            addField(field: "userErrors", subfields: subquery)
            return self
        }
    }

    final class CartCreatePayload: GraphQL.AbstractResponse, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "cart": return try decodeOptionalObject(Cart.self, value, field: fieldName)
            case "userErrors": return try decodeList(value, field: fieldName) { (item) throws(SchemaViolationError) in try decodeObject(CartUserError.self, item, field: fieldName) }
            default: throw unknownField(fieldName, value)
            }
        }

        var cart: Cart? { field(field: "cart") as! Cart? }
        var userErrors: [CartUserError] { field(field: "userErrors") as! [CartUserError] }
    }

    final class CartUserErrorQuery: GraphQL.AbstractQuery {
        @discardableResult
        func field() -> CartUserErrorQuery {
            addField(field: "field")
            return self
        }

        @discardableResult
        func message() -> CartUserErrorQuery {
            addField(field: "message")
            return self
        }

        @discardableResult
        func code() -> CartUserErrorQuery {
            addField(field: "code")
            return self
        }
    }

    final class CartUserError: GraphQL.AbstractResponse, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "field": return try decodeOptionalList(value, field: fieldName) { (item) throws(SchemaViolationError) in try decodeScalar(String.self, item, field: fieldName) }
            case "message": return try decodeScalar(String.self, value, field: fieldName)
            case "code": return try decodeOptionalScalar(String.self, value, field: fieldName).map(CartErrorCode.init(graphQLName:))
            default: throw unknownField(fieldName, value)
            }
        }

        var field: [String]? { field(field: "field") as! [String]? }
        var message: String { field(field: "message") as! String }
        var code: CartErrorCode? { field(field: "code") as! CartErrorCode? }
    }
}
