import BuyflowCore
import Testing
@testable import SampleShop

@Suite("Checkout completion: submit and poll")
struct CompletionTests {
    static let submit = """
        mutation S($cart: ID!, $token: String!) { cartSubmitForCompletion(cartId: $cart, attemptToken: $token) {
          result { __typename ... on SubmitSuccess { attemptId } ... on SubmitAlreadyAccepted { attemptId }
                   ... on SubmitFailed { checkoutUrl errors { code message } } ... on SubmitThrottled { pollAfter } }
          userErrors { code field message } } }
        """
    static let poll = """
        query P($id: String!) { cartCompletionAttempt(attemptId: $id) { __typename
          ... on CartCompletionProcessing { id pollDelay } ... on CartCompletionSuccess { id orderId }
          ... on CartCompletionFailed { id errors { code message } } } }
        """

    @Test("the same attemptToken again is SubmitAlreadyAccepted with the same attemptId")
    func idempotentSubmit() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        let first = try shop.data(Self.submit, variables: ["cart": .string(cart), "token": "t-1"])
        let again = try shop.data(Self.submit, variables: ["cart": .string(cart), "token": "t-1"])
        let other = try shop.data(Self.submit, variables: ["cart": .string(cart), "token": "t-2"])
        #expect(first.string("cartSubmitForCompletion.result.__typename") == "SubmitSuccess")
        #expect(again.string("cartSubmitForCompletion.result.__typename") == "SubmitAlreadyAccepted")
        #expect(again.string("cartSubmitForCompletion.result.attemptId") == first.string("cartSubmitForCompletion.result.attemptId"))
        #expect(other.string("cartSubmitForCompletion.result.__typename") == "SubmitSuccess")
        #expect(other.string("cartSubmitForCompletion.result.attemptId") != first.string("cartSubmitForCompletion.result.attemptId"))
    }

    @Test("an empty cart is SubmitFailed; an unknown cart is a user error")
    func failures() throws {
        let shop = try TestShop()
        let cart = try shop.createCart()
        let empty = try shop.data(Self.submit, variables: ["cart": .string(cart), "token": "t"])
        #expect(empty.string("cartSubmitForCompletion.result.__typename") == "SubmitFailed")
        #expect(empty.string("cartSubmitForCompletion.result.errors[0].code") == "ERROR")
        #expect(empty.string("cartSubmitForCompletion.result.checkoutUrl")?.hasPrefix("https://") == true)
        let unknown = try shop.data(Self.submit, variables: ["cart": "gid://shopify/Cart/nope", "token": "t"])
        #expect(unknown.at("cartSubmitForCompletion.result") == .null)
        #expect(unknown.string("cartSubmitForCompletion.userErrors[0].code") == "INVALID")
        let noAttempt = try shop.data(Self.poll, variables: ["id": "attempt-unknown"])
        #expect(noAttempt.at("cartCompletionAttempt") == .null)
    }

    @Test("completion polls: Processing for the first N polls, then the outcome", arguments: [0, 1, 3])
    func pollCount(polls: Int) throws {
        let shop = try TestShop(SampleShop.Options(completionPolls: polls, completionPollDelay: .milliseconds(250)))
        let cart = try shop.createCart([(6, 2)])
        let submitted = try shop.data(Self.submit, variables: ["cart": .string(cart), "token": "t"])
        let attempt = try #require(submitted.string("cartSubmitForCompletion.result.attemptId"))
        var sequence: [String] = []
        for _ in 0..<(polls + 2) {
            let result = try shop.data(Self.poll, variables: ["id": .string(attempt)])
            sequence.append(result.string("cartCompletionAttempt.__typename") ?? "?")
            if sequence.last == "CartCompletionProcessing" {
                #expect(result.int("cartCompletionAttempt.pollDelay") == 250)
                #expect(result.string("cartCompletionAttempt.id") == attempt)
            }
        }
        #expect(sequence == Array(repeating: "CartCompletionProcessing", count: polls) + ["CartCompletionSuccess", "CartCompletionSuccess"])
    }

    @Test("a cart holding a sold-out line ends in CartCompletionFailed")
    func soldOut() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1), (5, 1)])
        let submitted = try shop.data(Self.submit, variables: ["cart": .string(cart), "token": "t"])
        #expect(submitted.string("cartSubmitForCompletion.result.__typename") == "SubmitSuccess")
        let attempt = try #require(submitted.string("cartSubmitForCompletion.result.attemptId"))
        var last = JSONValue.null
        for _ in 0..<3 { last = try shop.data(Self.poll, variables: ["id": .string(attempt)]) }
        #expect(last.string("cartCompletionAttempt.__typename") == "CartCompletionFailed")
        #expect(last.string("cartCompletionAttempt.errors[0].code") == "INVENTORY_RESERVATION_ERROR")
        #expect(last.string("cartCompletionAttempt.errors[0].message")?.contains("Trail Runner (10)") == true)
    }

    @Test("the poll delay is answered in whole milliseconds, clamped", arguments: [
        (Duration.milliseconds(250), 250), (.microseconds(1_500), 1), (.zero, 0), (.milliseconds(-5), 0),
        (.seconds(Int64.max), Int.max),
    ])
    func pollDelayMilliseconds(delay: Duration, milliseconds: Int) {
        #expect(CompletionAttempts(polls: 1, pollDelay: delay, seed: 1, baseURL: "https://x").pollDelay == milliseconds)
    }
}
