import Buy
import BuyflowCore
import Foundation
import Testing

@Suite("Runtime: building queries")
struct RuntimeQueryTests {
    @Test("Fields, nesting and the SDK's compact syntax")
    func fields() {
        let query = Storefront.buildQuery { $0
            .shop { $0
                .name()
                .currencyCode()
            }
        }
        #expect(query.description == "{shop{name,currencyCode}}")
        #expect(GraphQL.Operation(query).text() == "query {shop{name,currencyCode}}")
    }

    @Test("Aliases from aliasSuffix, and merging of repeated selections")
    func aliasesAndMerging() {
        let query = Storefront.buildQuery { $0
            .product(aliasSuffix: "first", handle: "classic-sneaker") { $0.title() }
            .product(aliasSuffix: "second", handle: "trail-runner") { $0.title() }
            .shop { $0.name() }
            .shop { $0.currencyCode() }
        }
        #expect(query.description == #"{product__first:product(handle:"classic-sneaker"){title},product__second:product(handle:"trail-runner"){title},shop{name,currencyCode}}"#)
    }

    @Test("Inline fragments, with __typename added by interface queries")
    func inlineFragments() {
        let query = Storefront.buildQuery { $0
            .node(id: "gid://shopify/Product/1") { $0
                .onProduct { $0.title() }
                .onCart { $0.totalQuantity() }
            }
        }
        #expect(query.description == #"{node(id:"gid://shopify/Product/1"){__typename,... on Product{title},... on Cart{totalQuantity}}}"#)
    }

    @Test("Argument serialization: enums bare, strings escaped, optional arguments left out")
    func arguments() {
        let query = Storefront.buildQuery { $0
            .products(first: 2, query: "title:\"Sneaker\"\n\\", sortKey: .price) { $0.nodes { $0.id() } }
        }
        #expect(query.description == #"{products(first:2,query:"title:\"Sneaker\"\n\\",sortKey:PRICE){nodes{id}}}"#)
    }

    @Test("String literals escape quotes, backslashes and control characters", arguments: [
        ("plain", #""plain""#),
        ("a\"b", #""a\"b""#),
        ("back\\slash", #""back\\slash""#),
        ("line\nfeed\r\t", #""line\nfeed\r\t""#),
        ("\u{01}\u{1F}", #""\u0001\u001F""#),
        ("emoji 👟 é", "\"emoji 👟 é\""),
    ])
    func quoting(input: String, expected: String) {
        #expect(GraphQL.quoteString(input: input) == expected)
    }

    @Test("Values: numbers, lists, objects, null, variables", arguments: [
        (GraphQL.Value.int(-3), "-3"),
        (.float(2), "2.0"),
        (.float(0.25), "0.25"),
        (.float(.infinity), "null"),
        (.boolean(true), "true"),
        (.null, "null"),
        (.variable("cartId"), "$cartId"),
        (.list([.int(1), .string("x")]), #"[1,"x"]"#),
        (.object([.init("a", .enumValue("B")), .init("c", .list([]))]), "{a:B,c:[]}"),
    ])
    func values(value: GraphQL.Value, expected: String) {
        #expect(value.literal == expected)
    }

    @Test("Input objects tell a value, an explicit null and an absent field apart")
    func inputs() {
        let line = Storefront.CartLineInput(merchandiseId: "gid://shopify/ProductVariant/1", quantity: .value(2))
        let withNote = Storefront.CartInput(lines: .value([line]), note: .value("gift"))
        let clearNote = Storefront.CartInput(note: .null)
        let nothing = Storefront.CartInput()
        let noQuantity = Storefront.CartLineInput(merchandiseId: "v")

        #expect(withNote.graphQLValue.literal == #"{lines:[{merchandiseId:"gid://shopify/ProductVariant/1",quantity:2}],note:"gift"}"#)
        #expect(clearNote.graphQLValue.literal == "{note:null}")
        #expect(nothing.graphQLValue.literal == "{}")
        #expect(noQuantity.graphQLValue.literal == #"{merchandiseId:"v"}"#)

        let nilLiteral: GraphQL.Input<String> = nil
        #expect(nilLiteral == .null)
        #expect(GraphQL.Input<String>(orUndefined: nil) == .undefined)
        #expect(GraphQL.Input<String>(orNull: nil) == .null)
        #expect(GraphQL.Input(orNull: "x").value == "x")

        let mutation = Storefront.buildMutation { $0
            .cartCreate(input: withNote) { $0.cart { $0.id() } }
        }
        #expect(GraphQL.Operation(mutation).text() == #"mutation {cartCreate(input:{lines:[{merchandiseId:"gid://shopify/ProductVariant/1",quantity:2}],note:"gift"}){cart{id}}}"#)
    }

    @Test("Custom scalars write their JSON form as a literal")
    func customScalars() {
        let date = Date(timeIntervalSince1970: 1_775_044_800)
        #expect(date.graphQLValue.literal == #""2026-04-01T12:00:00Z""#)
        #expect(Decimal(string: "89.50")!.graphQLValue.literal == #""89.5""#)
        #expect(URL(string: "https://shop.example/a?b=c")!.graphQLValue.literal == #""https://shop.example/a?b=c""#)
        #expect(GraphQL.ID(rawValue: "gid://shopify/Cart/1").graphQLValue.literal == #""gid://shopify/Cart/1""#)
        let money = Money(amount: Decimal(12), currency: "USD")
        #expect(money.graphQLValue.literal == #"{amount:"12",currencyCode:"USD"}"#)
    }

    @Test("Operation directives: @inContext is added unless the operation has one")
    func operationDirectives() {
        let plain = GraphQL.Operation(shopNameQuery())
        let context = GraphQL.Directive.inContext(country: "CA", language: "FR")
        #expect(plain.text(context: context) == "query @inContext(country:CA,language:FR) {shop{name}}")

        let own = Storefront.buildQuery(inContext: .inContext(country: "US")) { $0.shop { $0.name() } }
        #expect(GraphQL.Operation(own).text(context: context) == "query @inContext(country:US) {shop{name}}")
    }

    @Test("A finished query is a Sendable snapshot, independent of its builder")
    func snapshot() async {
        let query = shopNameQuery()
        let operation = GraphQL.Operation(query)
        query.addField(field: "later")
        let text = await Task.detached { operation.text() }.value
        #expect(text == "query {shop{name}}")
    }
}

/// A custom scalar: an object-shaped JSON value.
struct Money: GraphQL.Scalar, Equatable {
    var amount: Decimal
    var currency: String

    init(amount: Decimal, currency: String) {
        self.amount = amount
        self.currency = currency
    }

    init?(jsonValue: JSONValue) {
        guard let amount = jsonValue["amount"].flatMap(Decimal.init(jsonValue:)), let currency = jsonValue["currencyCode"]?.stringValue else { return nil }
        self.init(amount: amount, currency: currency)
    }

    var jsonValue: JSONValue { ["amount": .string(amount.description), "currencyCode": .string(currency)] }
}
