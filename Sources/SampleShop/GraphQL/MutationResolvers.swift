import BuyflowCore
import GraphQLKit

/// The payload of a cart mutation: the cart after it, user errors, warnings.
final class PayloadValue: Sendable {
    let cart: CartView?
    let userErrors: JSONValue
    let warnings: JSONValue
    /// `CartSubmitForCompletionPayload.result`.
    let result: JSONValue

    init(cart: CartView?, userErrors: [CartProblem], warnings: [CartProblem], result: JSONValue = .null) {
        self.cart = cart
        self.userErrors = .array(userErrors.map(\.userErrorJSON))
        self.warnings = .array(warnings.map(\.warningJSON))
        self.result = result
    }
}

/// `Mutation`: the cart mutations and checkout submission.
extension ResolverTable {
    static let cartPayloads = [
        "CartCreatePayload", "CartLinesAddPayload", "CartLinesUpdatePayload", "CartLinesRemovePayload",
        "CartBuyerIdentityUpdatePayload", "CartDiscountCodesUpdatePayload", "CartNoteUpdatePayload",
        "CartAttributesUpdatePayload", "CartSelectedDeliveryOptionsUpdatePayload",
        "CartGiftCardCodesAddPayload", "CartGiftCardCodesUpdatePayload", "CartGiftCardCodesRemovePayload",
        "CartDeliveryAddressesAddPayload", "CartDeliveryAddressesUpdatePayload", "CartDeliveryAddressesReplacePayload",
        "CartDeliveryAddressesRemovePayload",
    ]

    mutating func registerMutations() {
        for payload in Self.cartPayloads {
            on(payload, "cart", PayloadValue.self) { p, _, _ in p.cart.map(ResolvedValue.cart) ?? .null }
            on(payload, "userErrors", PayloadValue.self) { p, _, _ in .json(p.userErrors) }
            on(payload, "warnings", PayloadValue.self) { p, _, _ in .json(p.warnings) }
        }
        on("CartSubmitForCompletionPayload", "result", PayloadValue.self) { p, _, _ in .json(p.result) }
        on("CartSubmitForCompletionPayload", "userErrors", PayloadValue.self) { p, _, _ in .json(p.userErrors) }

        let mutation = "Mutation"
        onRoot(mutation, "cartCreate") { call, context in
            let input = call[argument: "input"] ?? .null
            let editor = context.engine.editor
            let (token, key) = context.engine.carts.makeToken()
            let now = ShopClock.now()
            var cart = CartState(token: token, key: key, now: now)
            var errors: [CartProblem] = []
            errors += editor.setBuyerIdentity(input["buyerIdentity"], on: &cart, field: ["input", "buyerIdentity"])
            // ZZ (unknown region) is what Hydrogen sends when it knows no country.
            if cart.buyerIdentity.countryCode == nil, context.country != "ZZ" { cart.buyerIdentity.countryCode = context.country }
            errors += editor.addLines(input["lines"]?.arrayValue ?? [], to: &cart, field: ["input", "lines"])
            errors += editor.setAttributes(input["attributes"], on: &cart, field: ["input", "attributes"])
            errors += editor.setNote(input["note"]?.stringValue, on: &cart, field: ["input", "note"])
            errors += editor.setDiscountCodes(input["discountCodes"], on: &cart)
            errors += editor.addAddresses(input["delivery"]?["addresses"], to: &cart, field: ["input", "delivery", "addresses"])
            errors += editor.setGiftCards(input["giftCardCodes"], on: &cart, field: ["input", "giftCardCodes"])
            errors += editor.setMetafields(input["metafields"], on: &cart, field: ["input", "metafields"], now: now)
            guard errors.isEmpty else { return .object(PayloadValue(cart: nil, userErrors: errors, warnings: []), typeName: "CartCreatePayload") }
            context.engine.carts.insert(cart)
            return .object(PayloadValue(
                cart: context.view(cart), userErrors: [], warnings: editor.stockWarnings(cart) + editor.discountWarnings(cart)
            ), typeName: "CartCreatePayload")
        }
        onRoot(mutation, "cartLinesAdd") { call, context in
            Self.edit(call, context, "CartLinesAddPayload", warnings: { $0.stockWarnings($1) }) { editor, cart in
                editor.addLines(call[argument: "lines"]?.arrayValue ?? [], to: &cart, field: ["lines"])
            }
        }
        onRoot(mutation, "cartLinesUpdate") { call, context in
            Self.edit(call, context, "CartLinesUpdatePayload", warnings: { $0.stockWarnings($1) }) { editor, cart in
                editor.updateLines(call[argument: "lines"]?.arrayValue ?? [], in: &cart)
            }
        }
        onRoot(mutation, "cartLinesRemove") { call, context in
            Self.edit(call, context, "CartLinesRemovePayload") { editor, cart in
                editor.removeLines(call[argument: "lineIds"]?.arrayValue ?? [], from: &cart)
            }
        }
        onRoot(mutation, "cartBuyerIdentityUpdate") { call, context in
            Self.edit(call, context, "CartBuyerIdentityUpdatePayload") { editor, cart in
                editor.setBuyerIdentity(call[argument: "buyerIdentity"], on: &cart, field: ["buyerIdentity"])
            }
        }
        onRoot(mutation, "cartDiscountCodesUpdate") { call, context in
            Self.edit(call, context, "CartDiscountCodesUpdatePayload", warnings: { $0.discountWarnings($1) }) { editor, cart in
                editor.setDiscountCodes(call[argument: "discountCodes"], on: &cart)
            }
        }
        onRoot(mutation, "cartNoteUpdate") { call, context in
            Self.edit(call, context, "CartNoteUpdatePayload") { editor, cart in
                editor.setNote(call.string("note") ?? "", on: &cart, field: ["note"])
            }
        }
        onRoot(mutation, "cartAttributesUpdate") { call, context in
            Self.edit(call, context, "CartAttributesUpdatePayload") { editor, cart in
                editor.setAttributes(call[argument: "attributes"], on: &cart, field: ["attributes"])
            }
        }
        onRoot(mutation, "cartSelectedDeliveryOptionsUpdate") { call, context in
            Self.edit(call, context, "CartSelectedDeliveryOptionsUpdatePayload") { editor, cart in
                editor.selectDeliveryOptions(call[argument: "selectedDeliveryOptions"], on: &cart)
            }
        }
        onRoot(mutation, "cartSubmitForCompletion") { call, context in
            let typeName = "CartSubmitForCompletionPayload"
            let cartID = call.string("cartId") ?? ""
            guard let token = context.engine.carts.token(ofCartID: cartID), let cart = context.engine.carts.cart(token: token) else {
                return .object(PayloadValue(cart: nil, userErrors: [Self.unknownCart(cartID)], warnings: []), typeName: typeName)
            }
            let result: JSONValue
            switch context.engine.completions.submit(
                cart: cart, attemptToken: call.string("attemptToken") ?? "", catalog: context.catalog, view: context.view(cart)
            ) {
            case .success(let attemptID):
                result = [
                    "__typename": "SubmitSuccess", "attemptId": .string(attemptID),
                    "redirectUrl": .string("\(context.catalog.primaryURL)/checkouts/cn/\(cart.token)/processing?attempt=\(attemptID)"),
                ]
            case .alreadyAccepted(let attemptID):
                result = ["__typename": "SubmitAlreadyAccepted", "attemptId": .string(attemptID)]
            case .failed(let code, let message):
                result = [
                    "__typename": "SubmitFailed", "checkoutUrl": .string(context.view(cart).checkoutUrl),
                    "errors": [["code": .string(code), "message": .string(message)]],
                ]
            }
            return .object(PayloadValue(cart: nil, userErrors: [], warnings: [], result: result), typeName: typeName)
        }
    }

    static func unknownCart(_ id: String) -> CartProblem {
        .error("INVALID", "The specified cart does not exist: \(id).", field: ["cartId"])
    }

    /// Applies an edit to the cart `cartId` under its lock, all or nothing.
    static func edit(
        _ call: FieldCall, _ context: RequestContext, _ typeName: String,
        warnings: @escaping (CartEditor, CartState) -> [CartProblem] = { _, _ in [] },
        _ body: (CartEditor, inout CartState) -> [CartProblem]
    ) -> ResolvedValue {
        let cartID = call.string("cartId") ?? ""
        let editor = context.engine.editor
        let now = ShopClock.now()
        let outcome = context.engine.carts.token(ofCartID: cartID).flatMap { token in
            context.engine.carts.update(token: token) { cart -> CartOutcome in
                var draft = cart
                let errors = body(editor, &draft)
                guard errors.isEmpty else { return CartOutcome(cart: cart, userErrors: errors) }
                draft.updatedAt = now
                cart = draft
                return CartOutcome(cart: draft, warnings: warnings(editor, draft))
            }
        } ?? CartOutcome(cart: nil, userErrors: [unknownCart(cartID)])
        return .object(
            PayloadValue(cart: outcome.cart.map(context.view), userErrors: outcome.userErrors, warnings: outcome.warnings),
            typeName: typeName
        )
    }
}
