// The seed's checkout flow with the generated, typed Storefront API:
//
//   swift run typed-checkout                       # against an in-process sample shop
//   swift run typed-checkout --url http://127.0.0.1:8080/api/2026-04/graphql.json --token <token>
//
// It queries a product by node(id:) and casts it safely, shows how QueryError tells an
// HTTP error and an invalid query (with line and column) apart, creates a cart, submits
// it and polls the completion with a RetryHandler.
import Buy
import Foundation
import SampleShop
import Storefront

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
}

var embedded: SampleShop?
let endpoint: URL
let token = option("--token") ?? "sample-token"
if let url = option("--url").flatMap(URL.init(string:)) {
    endpoint = url
} else {
    let shop = try SampleShop(SampleShop.Options(token: token, completionPolls: 2, completionPollDelay: .milliseconds(50)))
    try shop.start()
    embedded = shop
    endpoint = shop.endpoint
    print("sample shop on \(endpoint)")
}
let client = Graph.Client(endpoint: endpoint, apiKey: token)

/// Prints a failed request the way an app would handle it.
func report(_ error: Graph.QueryError?) {
    switch error {
    case .http(let statusCode)?:
        print("  HTTP error \(statusCode)")
    case .invalidQuery(let reasons)?:
        for reason in reasons {
            print("  invalid query at \(reason.line.map(String.init) ?? "?"):\(reason.column.map(String.init) ?? "?"): \(reason.message)")
        }
    case let other?:
        print("  failed: \(other)")
    case nil:
        print("  no response")
    }
}

// 1. A product by node(id:), cast safely.
let productID = GraphQL.ID(rawValue: "gid://shopify/Product/1")
let productQuery = Storefront.buildQuery(name: "ProductByID") { $0
    .node(id: productID) { $0
        .onProduct { $0
            .title()
            .variants(first: 1) { $0.nodes { $0.id().title().price { $0.amount().currencyCode() } } }
        }
    }
}
let productResult = await client.queryGraphWith(productQuery)
guard let product = productResult.response?.node?.as(Storefront.Product.self) else {
    report(productResult.error)
    exit(1)
}
let variant = product.variants.nodes[0]
print("product: \(product.title), first variant \(variant.title) at \(variant.price.amount) \(variant.price.currencyCode.rawValue)")
do {
    _ = try productResult.response?.node?.cast(to: Storefront.Collection.self)
} catch {
    print("cast: \(error)")
}

// 2. Errors: a wrong token, and a query the server refuses.
print("with a wrong token:")
report(await Graph.Client(endpoint: endpoint, apiKey: "wrong").queryGraphWith(productQuery).error)
print("with two 'product' fields that conflict:")
report(await client.queryGraphWith(Storefront.buildQuery { $0
    .product(handle: "classic-sneaker") { $0.id() }
    .product(handle: "wool-socks") { $0.id() }
}).error)

// 3. A cart with the variant.
let createCart = Storefront.buildMutation(name: "CreateCart") { $0
    .cartCreate(input: Storefront.CartInput(lines: .value([Storefront.CartLineInput(merchandiseId: variant.id, quantity: .value(2))]))) { $0
        .cart { $0.id().totalQuantity().cost { $0.totalAmount { $0.amount().currencyCode() } } }
        .userErrors { $0.field().message().code() }
    }
}
let created = await client.mutateGraphWith(createCart)
guard let payload = created.response?.cartCreate, let cart = payload.cart else {
    report(created.error)
    for userError in created.response?.cartCreate?.userErrors ?? [] { print("  \(userError.message)") }
    exit(1)
}
print("cart \(cart.id): \(cart.totalQuantity) items, total \(cart.cost.totalAmount.amount) \(cart.cost.totalAmount.currencyCode.rawValue)")

// 4. Submit it and poll the completion with a RetryHandler.
let submit = Storefront.buildMutation(name: "SubmitCart") { $0
    .cartSubmitForCompletion(attemptToken: UUID().uuidString, cartId: cart.id) { $0
        .result { $0.onSubmitSuccess { $0.attemptId() } }
        .userErrors { $0.message() }
    }
}
let submitted = await client.mutateGraphWith(submit)
guard let attempt = submitted.response?.cartSubmitForCompletion?.result?.as(Storefront.SubmitSuccess.self) else {
    report(submitted.error)
    exit(1)
}
let completion = Storefront.buildQuery(name: "Completion") { $0
    .cartCompletionAttempt(attemptId: attempt.attemptId) { $0
        .onCartCompletionProcessing { $0.pollDelay() }
        .onCartCompletionSuccess { $0.orderId().orderUrl() }
        .onCartCompletionFailed { $0.errors { $0.message() } }
    }
}
let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: 0.1) { response, _ in
    response?.cartCompletionAttempt?.as(Storefront.CartCompletionProcessing.self) != nil
}
let completed = await client.queryGraphWith(completion, retryHandler: retry)
if let success = completed.response?.cartCompletionAttempt?.as(Storefront.CartCompletionSuccess.self) {
    print("order \(success.orderId) after \(completed.attempts) polls: \(success.orderUrl)")
} else if let failed = completed.response?.cartCompletionAttempt?.as(Storefront.CartCompletionFailed.self) {
    print("completion failed: \(failed.errors.compactMap(\.message).joined(separator: "; "))")
} else {
    report(completed.error)
    exit(1)
}
embedded?.stop()
