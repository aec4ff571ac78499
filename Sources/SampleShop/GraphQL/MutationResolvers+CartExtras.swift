import BuyflowCore
import GraphQLKit

/// `Mutation`: gift cards, delivery addresses and cart metafields.
extension ResolverTable {
    mutating func registerCartExtraMutations() {
        let mutation = "Mutation"
        onRoot(mutation, "cartGiftCardCodesAdd") { call, context in
            Self.edit(call, context, "CartGiftCardCodesAddPayload") { editor, cart in
                editor.addGiftCards(call[argument: "giftCardCodes"], to: &cart, field: ["giftCardCodes"])
            }
        }
        onRoot(mutation, "cartGiftCardCodesUpdate") { call, context in
            Self.edit(call, context, "CartGiftCardCodesUpdatePayload") { editor, cart in
                editor.setGiftCards(call[argument: "giftCardCodes"], on: &cart, field: ["giftCardCodes"])
            }
        }
        onRoot(mutation, "cartGiftCardCodesRemove") { call, context in
            Self.edit(call, context, "CartGiftCardCodesRemovePayload") { editor, cart in
                editor.removeGiftCards(call[argument: "appliedGiftCardIds"]?.arrayValue ?? [], from: &cart)
            }
        }
        onRoot(mutation, "cartDeliveryAddressesAdd") { call, context in
            Self.edit(call, context, "CartDeliveryAddressesAddPayload") { editor, cart in
                editor.addAddresses(call[argument: "addresses"], to: &cart, field: ["addresses"])
            }
        }
        onRoot(mutation, "cartDeliveryAddressesUpdate") { call, context in
            Self.edit(call, context, "CartDeliveryAddressesUpdatePayload") { editor, cart in
                editor.updateAddresses(call[argument: "addresses"], in: &cart, field: ["addresses"])
            }
        }
        onRoot(mutation, "cartDeliveryAddressesReplace") { call, context in
            Self.edit(call, context, "CartDeliveryAddressesReplacePayload") { editor, cart in
                editor.replaceAddresses(call[argument: "addresses"], on: &cart, field: ["addresses"])
            }
        }
        onRoot(mutation, "cartDeliveryAddressesRemove") { call, context in
            Self.edit(call, context, "CartDeliveryAddressesRemovePayload") { editor, cart in
                editor.removeAddresses(call[argument: "addressIds"]?.arrayValue ?? [], from: &cart)
            }
        }
        onRoot(mutation, "cartMetafieldsSet") { call, context in
            .json(Self.setMetafields(call[argument: "metafields"]?.arrayValue ?? [], context))
        }
        onRoot(mutation, "cartMetafieldDelete") { call, context in
            .json(Self.deleteMetafield(call[argument: "input"] ?? .null, context))
        }
    }

    static func metafieldError(_ code: String, _ message: String, field: [String], index: Int?) -> JSONValue {
        var error = JSONObject()
        error["code"] = .string(code)
        if let index { error["elementIndex"] = .int(index) }
        error["field"] = .array(field.map(JSONValue.string))
        error["message"] = .string(message)
        return .object(error)
    }

    /// `cartMetafieldsSet`: all or nothing — any problem (`MetafieldsSetUserError`, with the
    /// input's `elementIndex`) and no metafield is set.
    static func setMetafields(_ inputs: [JSONValue], _ context: RequestContext) -> JSONValue {
        var errors: [JSONValue] = []
        var tokens: [String] = []
        for (index, input) in inputs.enumerated() {
            let path = ["metafields", String(index)]
            let owner = input["ownerId"]?.stringValue ?? ""
            guard let token = context.engine.carts.token(ofCartID: owner) else {
                errors.append(metafieldError("INVALID_OWNER", "The owner ID is invalid: \(owner) is not a cart.", field: path + ["ownerId"], index: index))
                tokens.append("")
                continue
            }
            tokens.append(token)
            if let problem = CartEditor.metafieldProblem(
                key: input["key"]?.stringValue ?? "", type: input["type"]?.stringValue ?? "", value: input["value"]?.stringValue ?? ""
            ) {
                errors.append(metafieldError(problem.code, problem.message, field: path + [problem.member], index: index))
            }
        }
        guard errors.isEmpty else { return ["metafields": .null, "userErrors": .array(errors)] }
        let now = ShopClock.now()
        var set: [JSONValue] = []
        for token in Set(tokens).sorted() {
            let mine = inputs.indices.filter { tokens[$0] == token }
            let outcome = context.engine.carts.update(token: token) { cart -> [Int: JSONValue]? in
                var draft = cart
                for index in mine {
                    let input = inputs[index]
                    guard CartEditor.setMetafield(
                        key: input["key"]?.stringValue ?? "", type: input["type"]?.stringValue ?? "", value: input["value"]?.stringValue ?? "",
                        on: &draft, now: now
                    ) else { return nil }
                }
                draft.updatedAt = now
                cart = draft
                let view = context.view(draft)
                var result: [Int: JSONValue] = [:]
                for index in mine {
                    result[index] = view.metafieldJSON(key: inputs[index]["key"]?.stringValue ?? "", namespace: nil) ?? .null
                }
                return result
            }
            guard let values = outcome ?? nil else {
                errors.append(metafieldError("LESS_THAN_OR_EQUAL_TO", "A cart holds at most \(CartEditor.metafieldLimit) metafields.",
                                             field: ["metafields", String(mine[0])], index: mine[0]))
                continue
            }
            for index in mine { set.append(values[index] ?? .null) }
        }
        return ["metafields": errors.isEmpty ? .array(set) : .null, "userErrors": .array(errors)]
    }

    /// `cartMetafieldDelete`: `deletedId` is the ID of the metafield removed.
    static func deleteMetafield(_ input: JSONValue, _ context: RequestContext) -> JSONValue {
        let owner = input["ownerId"]?.stringValue ?? ""
        let key = input["key"]?.stringValue ?? ""
        guard let token = context.engine.carts.token(ofCartID: owner) else {
            return ["deletedId": .null, "userErrors": [metafieldError("INVALID_OWNER", "The owner ID is invalid: \(owner) is not a cart.",
                                                                      field: ["input", "ownerId"], index: nil)]]
        }
        let name = CartEditor.metafieldName(key)
        let now = ShopClock.now()
        let deleted = context.engine.carts.update(token: token) { cart -> String? in
            guard let index = cart.metafields.firstIndex(where: { $0.namespace == name.namespace && $0.key == name.key }) else { return nil }
            let id = cart.metafieldID(cart.metafields[index].number)
            cart.metafields.remove(at: index)
            cart.updatedAt = now
            return id
        } ?? nil
        guard let deleted else {
            return ["deletedId": .null, "userErrors": [metafieldError("METAFIELD_DOES_NOT_EXIST", "Metafield not found: \(name.namespace).\(name.key).",
                                                                      field: ["input", "key"], index: nil)]]
        }
        return ["deletedId": .string(deleted), "userErrors": []]
    }
}
