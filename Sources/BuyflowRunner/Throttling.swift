import Buy
import BuyflowCore

/// Whether a Storefront answer says "slow down": HTTP 429, a `SubmitThrottled` result, or a
/// `userErrors` entry with code `THROTTLED`. Load mode counts these apart from errors.
enum Throttling {
    static func isThrottled(_ exchange: Graph.Exchange) -> Bool {
        if exchange.status == 429 { return true }
        guard let data = exchange.data else { return false }
        for (_, value) in data {
            guard case .object(let payload) = value else { continue }
            if payload["__typename"]?.stringValue == "SubmitThrottled" { return true }
            if payload["result"]?["__typename"]?.stringValue == "SubmitThrottled" { return true }
            if let userErrors = payload["userErrors"]?.arrayValue,
               userErrors.contains(where: { $0["code"]?.stringValue == "THROTTLED" }) {
                return true
            }
        }
        return false
    }
}
