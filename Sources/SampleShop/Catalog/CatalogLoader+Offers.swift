import BuyflowCore

/// Discount codes and delivery options.
extension CatalogLoader {
    mutating func decodeDiscounts(_ top: CatalogObject) -> [DiscountCodeEntry] {
        var result: [DiscountCodeEntry] = []
        var firstCodes: [String: SourceLocation] = [:]
        for (index, item) in reader.list(top, "discountCodes").enumerated() {
            guard let object = reader.object(item, CatalogSpecs.discountCode, at: top.path("discountCodes").appending(index)) else { continue }
            let code = reader.string(object, "code")
            if let code {
                if let first = firstCodes[code.uppercased()] {
                    reader.error("discount code \(code) is listed twice (codes match case-insensitively)", at: object.location("code"),
                                 code: "duplicate", notes: [Diagnostic.Note("first listed here", at: first)])
                } else {
                    firstCodes[code.uppercased()] = object.location("code")
                }
            }
            let valueType = reader.string(object, "valueType")
            var discount: DiscountCodeEntry.Value?
            switch valueType {
            case "PERCENTAGE":
                if let number = reader.decimal(object, "value") {
                    if number.units > 100 * number.divisor {
                        reader.error("\(object.path("value")) is a percentage above 100", at: object.location("value"), code: "range")
                    } else {
                        discount = .percentage(number)
                    }
                }
            case "FIXED_AMOUNT":
                discount = reader.money(object, "value").map { .fixedAmount($0) }
            case let other?:
                reader.error("\(object.path("valueType")) must be PERCENTAGE or FIXED_AMOUNT, found \"\(other)\"", at: object.location("valueType"),
                             code: "enum", suggestion: Suggestions.closest(to: other, among: ["PERCENTAGE", "FIXED_AMOUNT"]))
            case nil: break
            }
            let title = reader.string(object, "title")
            if let code, let discount {
                result.append(DiscountCodeEntry(code: code, title: title ?? code, value: discount))
            }
        }
        return result
    }

    mutating func decodeDeliveryOptions(_ top: CatalogObject) -> [DeliveryOptionEntry] {
        var result: [DeliveryOptionEntry] = []
        var firstHandles: [String: SourceLocation] = [:]
        for (index, item) in reader.list(top, "deliveryOptions").enumerated() {
            guard let object = reader.object(item, CatalogSpecs.deliveryOption, at: top.path("deliveryOptions").appending(index)) else { continue }
            let handle = reader.string(object, "handle")
            if let handle {
                if let first = firstHandles[handle] {
                    reader.error("delivery option handle '\(handle)' is used twice", at: object.location("handle"), code: "duplicate",
                                 notes: [Diagnostic.Note("first used here", at: first)])
                } else {
                    firstHandles[handle] = object.location("handle")
                }
            }
            let title = reader.string(object, "title")
            let price = reader.money(object, "price")
            let method = reader.enumValue(object, "deliveryMethodType", type: "DeliveryMethodType") ?? "SHIPPING"
            let code = reader.string(object, "code")
            let description = reader.string(object, "description")
            if let handle, let title, let price {
                result.append(DeliveryOptionEntry(
                    handle: handle, title: title, code: code, description: description, deliveryMethodType: method, priceCents: price
                ))
            }
        }
        return result
    }
}
