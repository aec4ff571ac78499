import Buy
import GenFixture
import Testing

/// Queries built with the code generated from the fixture schema (Tests/GenFixture):
/// the exact strings sent.
@Suite("Generated query builders")
struct FixtureQueryTests {
    @Test("node(id:) with an inline fragment adds __typename")
    func nodeFragment() {
        let query = Fixture.buildQuery { $0
            .node(id: "gid://shop/Product/1") { $0
                .onProduct { $0.id().title() }
            }
        }
        #expect(query.description == #"{node(id:"gid://shop/Product/1"){__typename,... on Product{id,title}}}"#)
    }

    @Test("required and optional arguments, enums, keywords as names, aliases")
    func arguments() {
        let query = Fixture.buildQuery { $0
            .products(first: 2, sortKey: .price, in: "shoes") { $0
                .title()
                .price(currency: .cad) { $0.amount().currencyCode() }
                .variants(first: 3) { $0.id() }
            }
            .product(alias: "sneaker", handle: "classic-sneaker") { $0.id() }
            .titled(default: "x") { $0.title() }
        }
        #expect(query.description == #"{products(first:2,sortKey:PRICE,in:"shoes"){title,price(currency:CAD){amount,currencyCode},variants(first:3){id}},product__sneaker:product(handle:"classic-sneaker"){id},titled(default:"x"){__typename,title}}"#)
    }

    @Test("optional arguments left out are not sent")
    func absentArguments() {
        let query = Fixture.buildQuery { $0.products(first: 1) { $0.id() } }
        #expect(query.description == "{products(first:1){id}}")
    }

    @Test("input objects tell a value, an explicit null and an absent field apart")
    func inputObjects() {
        let input = Fixture.CartInput(
            lines: .value([Fixture.CartLineInput(merchandiseId: "gid://shop/ProductVariant/1", quantity: .value(2)),
                           Fixture.CartLineInput(merchandiseId: "gid://shop/ProductVariant/2")]),
            note: .null,
            buyer: .value(Fixture.BuyerInput(email: .value("a@b.c"), tags: .value(["x", nil])))
        )
        let mutation = Fixture.buildMutation(name: "CreateCart") { $0
            .cartCreate(input: input) { $0
                .cart { $0.id().checkoutUrl() }
                .userErrors { $0.field().message() }
            }
        }
        #expect(mutation.description == #"{cartCreate(input:{lines:[{merchandiseId:"gid://shop/ProductVariant/1",quantity:2},{merchandiseId:"gid://shop/ProductVariant/2"}],note:null,buyer:{email:"a@b.c",tags:["x",null]}}){cart{id,checkoutUrl},userErrors{field,message}}}"#)
        #expect(GraphQL.Operation(mutation).text() == "mutation CreateCart " + mutation.description)
    }

    @Test("a deprecated input field is still sent when given")
    func deprecatedInputField() {
        let buyer = Fixture.BuyerInput(countryCode: .null, phone: .value("+1 555"))
        #expect(buyer.graphQLValue.literal == #"{countryCode:null,phone:"+1 555"}"#)
    }

    @Test("a @oneOf input and a list argument")
    func oneOfAndLists() {
        let query = Fixture.buildQuery(name: "Lookup", inContext: .inContext(country: "CA")) { $0
            .productBy(selector: Fixture.ProductSelector(handle: .value("wool-socks"))) { $0.id() }
            .nodes(ids: ["gid://shop/Cart/1", "gid://shop/Cart/2"]) { $0.id() }
        }
        #expect(GraphQL.Operation(query).text() == #"query Lookup @inContext(country:CA) {productBy(selector:{handle:"wool-socks"}){id},nodes(ids:["gid://shop/Cart/1","gid://shop/Cart/2"]){__typename,id}}"#)
    }

    @Test("unions select only __typename and fragments")
    func unions() {
        let query = Fixture.buildQuery { $0
            .search(query: "sock") { $0
                .onProduct { $0.title() }
                .onCart { $0.totalQuantity() }
            }
        }
        #expect(query.description == #"{search(query:"sock"){__typename,... on Product{title},... on Cart{totalQuantity}}}"#)
    }

    @Test("the same field twice merges its selections")
    func merging() {
        let query = Fixture.buildQuery { $0
            .product(handle: "a") { $0.id() }
            .product(handle: "a") { $0.title() }
        }
        #expect(query.description == #"{product(handle:"a"){id,title}}"#)
    }

    @Test("the schema file records the source and version")
    func schemaFile() {
        #expect(Fixture.Schema.version == "2026-04")
        #expect(Fixture.Schema.source == "shop.graphql")
        #expect(Fixture.Schema.scalars["DateTime"] == "Date")
        #expect(Fixture.Schema.scalars["HTML"] == "String")
    }
}
