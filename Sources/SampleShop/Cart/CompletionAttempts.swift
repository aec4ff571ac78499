import BuyflowCore
import Synchronization

/// Checkout completion: `cartSubmitForCompletion` records an attempt, and
/// `cartCompletionAttempt` answers `CartCompletionProcessing` for the first `polls` polls,
/// then the outcome: `CartCompletionSuccess`, or `CartCompletionFailed` when the cart held
/// merchandise not for sale.
///
/// Bounded like the carts: past `limit` attempts the oldest are forgotten.
final class CompletionAttempts: Sendable {
    private struct Attempt: Sendable {
        let id: String
        var polls = 0
        /// Why it fails; nil when it succeeds.
        let failure: String?
        let orderNumber: Int
        var completedAt: String?
        /// The cart as submitted, for the order.
        let cart: CartView?
        /// The order, once a poll saw the completion succeed.
        var order: OrderRecord?
    }

    private struct State {
        var attempts: [String: Attempt] = [:]
        /// Attempt IDs by cart token and attempt token.
        var submitted: [String: String] = [:]
        /// Attempt IDs by order number.
        var orderAttempts: [Int: String] = [:]
        var orders = 0
        /// The keys of `submitted`, oldest first.
        var order: InsertionOrder
    }

    enum Submission: Sendable {
        case success(attemptID: String)
        case alreadyAccepted(attemptID: String)
        case failed(code: String, message: String)
    }

    let polls: Int
    /// `CartCompletionProcessing.pollDelay`, in milliseconds as the API answers it.
    let pollDelay: Int
    let seed: UInt64
    let baseURL: String
    private let state: Mutex<State>

    init(polls: Int, pollDelay: Duration, seed: UInt64, baseURL: String, limit: Int = CartStore.defaultLimit) {
        state = Mutex(State(order: InsertionOrder(limit: limit)))
        self.polls = max(0, polls)
        self.pollDelay = max(0, pollDelay.wholeMilliseconds)
        self.seed = seed
        self.baseURL = baseURL
    }

    /// Records an attempt for `cart`; `view` (the cart as the request prices it) becomes
    /// the order when the attempt succeeds.
    func submit(cart: CartState, attemptToken: String, catalog: ShopCatalog, view: CartView? = nil) -> Submission {
        let key = cart.token + "\u{0}" + attemptToken
        return state.withLock { state in
            if let existing = state.submitted[key] { return .alreadyAccepted(attemptID: existing) }
            guard !cart.lines.isEmpty else {
                return .failed(code: "ERROR", message: "The cart is empty: add merchandise before submitting it for completion.")
            }
            let soldOut = cart.lines.compactMap { line -> String? in
                guard let variant = catalog.variant(id: line.variantID), !variant.availableForSale else { return nil }
                return "\(catalog.product(of: variant).text.title) (\(variant.title))"
            }
            state.orders += 1
            var generator = SplitMix64(seed: seed ^ 0xA77E, stream: UInt64(state.orders))
            let id = "attempt-" + SplitMix64.hex(generator.next(), digits: 16)
            state.attempts[id] = Attempt(
                id: id,
                failure: soldOut.isEmpty ? nil : "Not enough inventory: \(soldOut.joined(separator: ", ")) sold out.",
                orderNumber: 1000 + state.orders,
                cart: view
            )
            state.submitted[key] = id
            state.orderAttempts[1000 + state.orders] = id
            for forgotten in state.order.append(key) {
                if let old = state.submitted.removeValue(forKey: forgotten) {
                    if let number = state.attempts[old]?.orderNumber { state.orderAttempts[number] = nil }
                    state.attempts[old] = nil
                }
            }
            return .success(attemptID: id)
        }
    }

    /// The `CartCompletionAttemptResult` of a poll (counting it); nil for an unknown ID.
    func poll(_ attemptID: String) -> JSONValue? {
        state.withLock { state -> JSONValue? in
            guard var attempt = state.attempts[attemptID] else { return nil }
            attempt.polls += 1
            defer { state.attempts[attemptID] = attempt }
            if attempt.polls <= polls {
                return ["__typename": "CartCompletionProcessing", "id": .string(attempt.id), "pollDelay": .int(pollDelay)]
            }
            if let failure = attempt.failure {
                return [
                    "__typename": "CartCompletionFailed",
                    "errors": [["code": "INVENTORY_RESERVATION_ERROR", "message": .string(failure)]],
                    "id": .string(attempt.id),
                ]
            }
            if attempt.completedAt == nil {
                let now = ShopClock.now()
                attempt.completedAt = now
                if let cart = attempt.cart {
                    attempt.order = OrderRecord(cart: cart, number: attempt.orderNumber, processedAt: now, statusURL: orderURL(attempt.orderNumber))
                }
            }
            return [
                "__typename": "CartCompletionSuccess",
                "completedAt": .string(attempt.completedAt ?? ""),
                "id": .string(attempt.id),
                "orderId": .string(OrderRecord.id(attempt.orderNumber)),
                "orderUrl": .string(orderURL(attempt.orderNumber)),
            ]
        }
    }

    func orderURL(_ number: Int) -> String { "\(baseURL)/account/orders/\(number)" }

    /// The order of a completion that succeeded (and was polled to success), by its ID.
    func order(id: String) -> OrderRecord? {
        guard let global = GlobalID(id), global.type == "Order", global.query == nil, let number = Int(global.value) else { return nil }
        return state.withLock { state in
            state.orderAttempts[number].flatMap { state.attempts[$0]?.order }
        }
    }
}
