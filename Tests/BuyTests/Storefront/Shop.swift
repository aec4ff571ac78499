import Buy
import BuyflowCore

extension Storefront {
    final class ShopQuery: GraphQL.AbstractQuery {
        @discardableResult
        func name(aliasSuffix: String? = nil) -> ShopQuery {
            addField(field: "name", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func description(aliasSuffix: String? = nil) -> ShopQuery {
            addField(field: "description", aliasSuffix: aliasSuffix)
            return self
        }

        @discardableResult
        func currencyCode(aliasSuffix: String? = nil) -> ShopQuery {
            addField(field: "currencyCode", aliasSuffix: aliasSuffix)
            return self
        }
    }

    final class Shop: GraphQL.AbstractResponse, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "name": return try decodeScalar(String.self, value, field: fieldName)
            case "description": return try decodeOptionalScalar(String.self, value, field: fieldName)
            case "currencyCode": return try decodeEnum(CurrencyCode.self, value, field: fieldName)
            default: throw unknownField(fieldName, value)
            }
        }

        var name: String { field(field: "name") as! String }
        var description: String? { field(field: "description") as! String? }
        var currencyCode: CurrencyCode { field(field: "currencyCode") as! CurrencyCode }
    }
}
