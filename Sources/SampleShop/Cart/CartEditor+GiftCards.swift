import BuyflowCore

/// Gift cards: `cartGiftCardCodesAdd`, `…Update`, `…Remove` and `CartInput.giftCardCodes`.
/// Codes match the catalog's case-insensitively (spaces and dashes ignored); an unknown
/// code is `INVALID` and the mutation changes nothing. A card stays applied once, in the
/// order it was first applied: that is the order its balance is drawn in.
extension CartEditor {
    /// `cartGiftCardCodesAdd`: applies the codes not applied yet.
    func addGiftCards(_ value: JSONValue?, to cart: inout CartState, field: [String]) -> [CartProblem] {
        var problems: [CartProblem] = []
        for (index, item) in (value?.arrayValue ?? []).enumerated() {
            let code = item.stringValue ?? ""
            guard let card = catalog.giftCard(code: code) else {
                problems.append(.error("INVALID", "Gift card code is invalid: \(code).", field: field + [String(index)]))
                continue
            }
            guard !cart.giftCards.contains(where: { $0.code == card.code }) else { continue }
            cart.giftCards.append(CartState.GiftCard(number: cart.nextGiftCardNumber, code: card.code))
            cart.nextGiftCardNumber += 1
        }
        return problems
    }

    /// `cartGiftCardCodesUpdate` and `CartInput.giftCardCodes`: the codes replace the
    /// cart's (an empty list removes them all); a card applied before keeps its ID.
    func setGiftCards(_ value: JSONValue?, on cart: inout CartState, field: [String]) -> [CartProblem] {
        let previous = cart.giftCards
        cart.giftCards = []
        let problems = addGiftCards(value, to: &cart, field: field)
        cart.giftCards = cart.giftCards.map { card in
            previous.first { $0.code == card.code } ?? card
        }
        return problems
    }

    /// `cartGiftCardCodesRemove`, by `AppliedGiftCard` ID.
    func removeGiftCards(_ ids: [JSONValue], from cart: inout CartState) -> [CartProblem] {
        var problems: [CartProblem] = []
        var numbers: Set<Int> = []
        for (index, value) in ids.enumerated() {
            let id = value.stringValue ?? ""
            guard let number = cart.number(in: id, type: "AppliedGiftCard"), cart.giftCards.contains(where: { $0.number == number }) else {
                problems.append(.error("INVALID", "The applied gift card with id \(id) does not exist.", field: ["appliedGiftCardIds", String(index)]))
                continue
            }
            numbers.insert(number)
        }
        cart.giftCards.removeAll { numbers.contains($0.number) }
        return problems
    }
}
