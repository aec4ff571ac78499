import Buy
import BuyflowCore
import Foundation

extension Storefront {
    final class CartQuery: GraphQL.AbstractQuery {
        @discardableResult
        func id() -> CartQuery {
            addField(field: "id")
            return self
        }

        @discardableResult
        func totalQuantity() -> CartQuery {
            addField(field: "totalQuantity")
            return self
        }

        @discardableResult
        func note() -> CartQuery {
            addField(field: "note")
            return self
        }

        @discardableResult
        func checkoutUrl() -> CartQuery {
            addField(field: "checkoutUrl")
            return self
        }
    }

    final class Cart: GraphQL.AbstractResponse, Node, @unchecked Sendable {
        override func deserializeValue(fieldName: String, value: JSONValue) throws(SchemaViolationError) -> (any Sendable)? {
            switch fieldName {
            case "id": return try decodeScalar(GraphQL.ID.self, value, field: fieldName)
            case "totalQuantity": return try decodeScalar(Int32.self, value, field: fieldName)
            case "note": return try decodeOptionalScalar(String.self, value, field: fieldName)
            case "checkoutUrl": return try decodeScalar(URL.self, value, field: fieldName)
            default: throw unknownField(fieldName, value)
            }
        }

        var typeName: String { "Cart" }
        var id: GraphQL.ID { field(field: "id") as! GraphQL.ID }
        var totalQuantity: Int32 { field(field: "totalQuantity") as! Int32 }
        var note: String? { field(field: "note") as! String? }
        var checkoutUrl: URL { field(field: "checkoutUrl") as! URL }
        func responseObject() -> GraphQL.AbstractResponse { self }
    }

    /// `input CartLineInput { merchandiseId: ID!, quantity: Int }`
    struct CartLineInput: GraphQL.InputValue, Sendable {
        var merchandiseId: GraphQL.ID
        var quantity: GraphQL.Input<Int32>

        init(merchandiseId: GraphQL.ID, quantity: GraphQL.Input<Int32> = .undefined) {
            self.merchandiseId = merchandiseId
            self.quantity = quantity
        }

        var graphQLValue: GraphQL.Value {
            .inputObject([("merchandiseId", merchandiseId.graphQLValue), ("quantity", quantity.graphQLValueIfDefined)])
        }
    }

    /// `input CartInput { lines: [CartLineInput!], note: String }`
    struct CartInput: GraphQL.InputValue, Sendable {
        var lines: GraphQL.Input<[CartLineInput]>
        var note: GraphQL.Input<String>

        init(lines: GraphQL.Input<[CartLineInput]> = .undefined, note: GraphQL.Input<String> = .undefined) {
            self.lines = lines
            self.note = note
        }

        var graphQLValue: GraphQL.Value {
            .inputObject([("lines", lines.graphQLValueIfDefined), ("note", note.graphQLValueIfDefined)])
        }
    }
}
