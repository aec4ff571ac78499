import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// The Storefront API schema (2026-04) against the facts in ../shared/storefront/README.md.
@Suite(.enabled(if: StorefrontSchemaFixture.isAvailable, StorefrontSchemaFixture.skipMessage))
struct SchemaStorefrontTests {
    let schema = StorefrontSchemaFixture.schema!

    @Test func typeCounts() {
        #expect(schema.types.count == 424)
        let defined = schema.types.filter { !$0.isIntrospectionType }
        var counts: [TypeKind: Int] = [:]
        for type in defined { counts[type.kind, default: 0] += 1 }
        #expect(counts == [.object: 262, .inputObject: 53, .enum: 62, .interface: 10, .union: 16, .scalar: 13])
        #expect(schema.types.filter(\.isIntrospectionType).map(\.name).sorted() == [
            "__Directive", "__DirectiveLocation", "__EnumValue", "__Field", "__InputValue", "__Schema", "__Type", "__TypeKind",
        ])
        // Definition order is the introspection result's, and IDs are positions.
        #expect(schema.types.first?.name == "ApiVersion")
        #expect(schema.types.enumerated().allSatisfy { $0.offset == $0.element.id.index })
    }

    @Test func rootTypes() {
        #expect(schema.queryType?.name == "QueryRoot")
        #expect(schema.queryType?.fields.count == 34)
        #expect(schema.mutationType?.name == "Mutation")
        #expect(schema.mutationType?.fields.count == 41)
        #expect(schema.subscriptionType == nil)
    }

    @Test func customScalars() {
        let scalars = schema.types.filter { $0.kind == .scalar && !$0.isBuiltIn }.map(\.name).sorted()
        #expect(scalars == ["Color", "DateTime", "Decimal", "HTML", "ISO8601DateTime", "JSON", "URL", "UnsignedInt64"])
        #expect(schema.types.allSatisfy { $0.specifiedByURL == nil })
    }

    @Test func interfaces() throws {
        let interfaces = schema.types.filter { $0.kind == .interface }.map(\.name).sorted()
        #expect(interfaces == [
            "BaseCartLine", "CartDiscountAllocation", "DiscountApplication", "DisplayableError", "HasMetafields",
            "Media", "Node", "OnlineStorePublishable", "SitemapResourceInterface", "Trackable",
        ])
        let node = try #require(schema.type(named: "Node"))
        let implementations = schema.implementations(of: node)
        #expect(implementations.objects.map(\.name).sorted() == [
            "AppliedGiftCard", "Article", "Blog", "Cart", "CartLine", "Collection", "Comment", "Company",
            "CompanyContact", "CompanyLocation", "ComponentizableCartLine", "ExternalVideo", "GenericFile", "Location",
            "MailingAddress", "Market", "MediaImage", "MediaPresentation", "Menu", "MenuItem", "Metafield",
            "Metaobject", "Model3d", "Order", "Page", "Product", "ProductOption", "ProductOptionValue",
            "ProductVariant", "Shop", "ShopPayInstallmentsFinancingPlan", "ShopPayInstallmentsFinancingPlanTerm",
            "ShopPayInstallmentsProductVariantPricing", "ShopPolicy", "TaxonomyCategory", "UrlRedirect", "Video",
        ])
        #expect(implementations.interfaces.map(\.name) == ["BaseCartLine"])
        #expect(schema.possibleTypes(of: node).count == 37)

        let baseCartLine = try #require(schema.type(named: "BaseCartLine"))
        #expect(schema.interfaces(of: baseCartLine).map(\.name) == ["Node"])
        #expect(schema.possibleTypes(of: baseCartLine).map(\.name).sorted() == ["CartLine", "ComponentizableCartLine"])
        #expect(schema.isSubType(baseCartLine, of: node))
        let cart = try #require(schema.type(named: "Cart"))
        let lines = try #require(schema.field(named: "lines", on: cart))
        #expect(schema.describe(lines.type) == "BaseCartLineConnection!")
    }

    @Test func merchandiseUnion() throws {
        let merchandise = try #require(schema.type(named: "Merchandise"))
        #expect(merchandise.kind == .union)
        #expect(schema.possibleTypes(of: merchandise).map(\.name) == ["ProductVariant"])
        #expect(schema.types.filter { $0.kind == .union }.count == 16)
    }

    @Test func directives() throws {
        #expect(schema.directives.map(\.name).sorted() == [
            "accessRestricted", "defer", "deprecated", "inContext", "include", "oneOf", "skip", "specifiedBy",
        ])
        let inContext = try #require(schema.directive(named: "inContext"))
        #expect(inContext.arguments.map { "\($0.name): \(schema.describe($0.type))" } == [
            "buyer: BuyerInput", "country: CountryCode", "language: LanguageCode", "preferredLocationId: ID",
            "visitorConsent: VisitorConsent",
        ])
        #expect(inContext.arguments.allSatisfy { !$0.isRequired })
        #expect(Set(inContext.locations) == [.query, .mutation])
        #expect(!inContext.isRepeatable)
        #expect(!inContext.isBuiltIn)
        let deferDirective = try #require(schema.directive(named: "defer"))
        #expect(deferDirective.argument(named: "if")?.defaultValue == Value(.boolean(true)))
        #expect(schema.directive(named: "include")?.isBuiltIn == true)
    }

    /// Cart mutations: `name(arguments): Payload`.
    @Test(arguments: [
        ("cartCreate", "cartCreate(input: CartInput): CartCreatePayload"),
        ("cartLinesAdd", "cartLinesAdd(cartId: ID!, lines: [CartLineInput!]!): CartLinesAddPayload"),
        ("cartLinesUpdate", "cartLinesUpdate(cartId: ID!, lines: [CartLineUpdateInput!]!): CartLinesUpdatePayload"),
        ("cartLinesRemove", "cartLinesRemove(cartId: ID!, lineIds: [ID!]!): CartLinesRemovePayload"),
        ("cartBuyerIdentityUpdate", "cartBuyerIdentityUpdate(buyerIdentity: CartBuyerIdentityInput!, cartId: ID!): CartBuyerIdentityUpdatePayload"),
        ("cartDiscountCodesUpdate", "cartDiscountCodesUpdate(cartId: ID!, discountCodes: [String!]!): CartDiscountCodesUpdatePayload"),
        ("cartNoteUpdate", "cartNoteUpdate(cartId: ID!, note: String!): CartNoteUpdatePayload"),
        ("cartAttributesUpdate", "cartAttributesUpdate(attributes: [AttributeInput!]!, cartId: ID!): CartAttributesUpdatePayload"),
        ("cartSubmitForCompletion", "cartSubmitForCompletion(attemptToken: String!, cartId: ID!): CartSubmitForCompletionPayload"),
    ])
    func cartMutation(name: String, signature: String) throws {
        let mutation = try #require(schema.mutationType)
        let field = try #require(schema.field(named: name, on: mutation))
        let arguments = field.arguments.map { "\($0.name): \(schema.describe($0.type))" }.joined(separator: ", ")
        #expect("\(field.name)(\(arguments)): \(schema.describe(field.type))" == signature)
    }

    @Test func cartPayloads() throws {
        let payload = try #require(schema.type(named: "CartLinesAddPayload"))
        #expect(payload.fields.map { "\($0.name): \(schema.describe($0.type))" }.sorted() == [
            "cart: Cart", "userErrors: [CartUserError!]!", "warnings: [CartWarning!]!",
        ])
    }

    @Test func cartInputs() throws {
        let lineInput = try #require(schema.type(named: "CartLineInput"))
        #expect(lineInput.kind == .inputObject)
        #expect(lineInput.inputFields.map(\.name) == ["attributes", "merchandiseId", "parent", "quantity", "sellingPlanId"])
        #expect(lineInput.inputField(named: "quantity")?.defaultValue == Value(.int("1")))
        #expect(lineInput.inputField(named: "merchandiseId")?.isRequired == true)
        let attribute = try #require(schema.type(named: "AttributeInput"))
        #expect(attribute.inputFields.map { "\($0.name): \(schema.describe($0.type))" } == ["key: String!", "value: String!"])
        #expect(schema.types.allSatisfy { !$0.isOneOf })
        #expect(schema.type(named: "Checkout") == nil)
        #expect(schema.mutationType?.field(named: "checkoutCreate") == nil)
    }

    @Test func passesValidation() {
        #expect(schema.validate().isEmpty)
    }

    @Test func builtInsAreStandard() throws {
        let type = try #require(schema.type(named: "__Type"))
        #expect(type.isBuiltIn && type.isIntrospectionType)
        #expect(type.fields.map(\.name).last == "isOneOf")
        #expect(schema.stringType.name == "String" && schema.stringType.isBuiltIn)
        #expect(schema.field(named: "__schema", on: schema.queryType!) === schema.schemaMetaField)
        #expect(schema.field(named: "__type", on: schema.queryType!) === schema.typeMetaField)
        #expect(schema.field(named: "__schema", on: schema.mutationType!) == nil)
        #expect(schema.field(named: "__typename", on: schema.type(named: "Merchandise")!) === schema.typeNameMetaField)
    }

    @Test func printsAsSDL() throws {
        let sdl = SchemaPrinter.print(schema)
        #expect(sdl.hasPrefix("schema {\n  query: QueryRoot\n  mutation: Mutation\n}\n\n"))
        #expect(sdl.contains("\ndirective @inContext(\n  \"\"\"The buyer's identity.\"\"\"\n  buyer: BuyerInput\n"))
        #expect(sdl.contains("\n  cartLinesAdd(\n"))
        #expect(sdl.contains("  quantity: Int = 1\n"))
        #expect(!sdl.contains("type __Schema"))
        #expect(!sdl.contains("scalar String"))
        #expect(!sdl.contains("directive @include"))
        #expect(!sdl.hasSuffix("\n"))
    }
}
