import BuyflowCore
import GraphQLKit

/// `Cart`, `CartLine`, `ComponentizableCartLine`, `CartDelivery`, `CartDeliveryGroup` and the address types.
extension ResolverTable {
    mutating func registerCarts() {
        let cart = "Cart"
        on(cart, "id", CartView.self) { c, _, _ in .json(.string(c.id)) }
        on(cart, "checkoutUrl", CartView.self) { c, _, _ in .json(.string(c.checkoutUrl)) }
        on(cart, "createdAt", CartView.self) { c, _, _ in .json(.string(c.state.createdAt)) }
        on(cart, "updatedAt", CartView.self) { c, _, _ in .json(.string(c.state.updatedAt)) }
        on(cart, "note", CartView.self) { c, _, _ in .string(c.state.note) }
        on(cart, "totalQuantity", CartView.self) { c, _, _ in .json(.int(c.state.totalQuantity)) }
        on(cart, "attributes", CartView.self) { c, _, _ in .json(c.attributesJSON) }
        on(cart, "attribute", CartView.self) { c, call, _ in
            c.state.attributes.first { $0.key == call.string("key") }.map { .json($0.json) } ?? .null
        }
        on(cart, "buyerIdentity", CartView.self) { c, _, _ in .json(c.buyerIdentityJSON) }
        on(cart, "cost", CartView.self) { c, _, _ in .json(c.costJSON) }
        on(cart, "discountCodes", CartView.self) { c, _, _ in .json(c.discountCodesJSON) }
        on(cart, "discountAllocations", CartView.self) { c, _, _ in .json(.array(c.discountAllocations)) }
        on(cart, "delivery", CartView.self) { c, _, _ in .object(c, typeName: "CartDelivery") }
        on(cart, "appliedGiftCards", CartView.self) { c, _, _ in .json(.array(c.appliedGiftCards)) }
        on(cart, "metafield", CartView.self) { c, call, _ in
            c.metafieldJSON(key: call.string("key") ?? "", namespace: call.string("namespace")).map { .json($0) } ?? .null
        }
        on(cart, "metafields", CartView.self) { c, call, _ in
            .json(.array((call[argument: "identifiers"]?.arrayValue ?? []).map { identifier in
                c.metafieldJSON(key: identifier["key"]?.stringValue ?? "", namespace: identifier["namespace"]?.stringValue) ?? .null
            }))
        }
        on(cart, "lines", CartView.self) { c, call, _ in
            try Pagination.connection(c.lines, call, key: \.id, node: ResolvedValue.line)
        }
        on(cart, "deliveryGroups", CartView.self) { c, call, _ in
            let groups = c.hasDeliveryGroup ? [DeliveryGroupView(cart: c)] : []
            return try Pagination.connection(groups, call, key: { $0.cart.state.deliveryGroupID }, node: { .object($0, typeName: "CartDeliveryGroup") })
        }
        on("CartDelivery", "addresses", CartView.self) { c, call, _ in .json(c.addressesJSON(selectedOnly: call.bool("selected") ?? false)) }

        for line in ["CartLine", "ComponentizableCartLine"] {
            on(line, "id", CartLineView.self) { l, _, _ in .json(.string(l.id)) }
            on(line, "quantity", CartLineView.self) { l, _, _ in .json(.int(l.line.quantity)) }
            on(line, "merchandise", CartLineView.self) { l, _, _ in .variant(l.variant) }
            on(line, "cost", CartLineView.self) { l, _, _ in .json(l.costJSON) }
            on(line, "attributes", CartLineView.self) { l, _, _ in .json(l.attributesJSON) }
            on(line, "attribute", CartLineView.self) { l, call, _ in
                l.line.attributes.first { $0.key == call.string("key") }.map { .json($0.json) } ?? .null
            }
            on(line, "discountAllocations", CartLineView.self) { _, _, _ in .json([]) }
        }
        on("CartLine", "instructions", CartLineView.self) { l, _, _ in .json(l.instructionsJSON) }
        on("CartLine", "parentRelationship", CartLineView.self) { l, _, _ in
            l.parent.map { .object($0, typeName: "CartLineParentRelationship") } ?? .null
        }
        on("CartLineParentRelationship", "parent", CartLineView.self) { l, _, _ in .line(l) }
        on("ComponentizableCartLine", "lineComponents", CartLineView.self) { l, _, _ in .list(l.components.map(ResolvedValue.line)) }

        let group = "CartDeliveryGroup"
        on(group, "id", DeliveryGroupView.self) { g, _, _ in .json(.string(g.cart.state.deliveryGroupID)) }
        on(group, "groupType", DeliveryGroupView.self) { _, _, _ in .json("ONE_TIME_PURCHASE") }
        on(group, "deliveryAddress", DeliveryGroupView.self) { g, _, _ in .json(g.cart.deliveryGroupAddress) }
        on(group, "deliveryOptions", DeliveryGroupView.self) { g, _, _ in .json(.array(g.cart.deliveryOptionsJSON)) }
        on(group, "selectedDeliveryOption", DeliveryGroupView.self) { g, _, _ in .json(g.cart.selectedDeliveryOptionJSON) }
        on(group, "cartLines", DeliveryGroupView.self) { g, call, _ in
            try Pagination.connection(g.lines, call, key: \.id, node: ResolvedValue.line)
        }

        for addressType in ["MailingAddress", "CartDeliveryAddress"] {
            onJSON(addressType, "formatted") { address, call, _ in
                .json(.array(CartView.formatted(address, withCompany: call.bool("withCompany") ?? true, withName: call.bool("withName") ?? false)
                    .map(JSONValue.string)))
            }
        }
    }
}
