import BuyflowCore
import GraphQLKit

/// An object the mock made up: its type and its number (1 or 2, its place in a mocked list).
final class MockObject: Sendable {
    let typeName: String
    let number: Int

    init(typeName: String, number: Int) {
        self.typeName = typeName
        self.number = number
    }
}

/// Schema-driven mock mode (`buyflow serve --schema`): every field the shop does not
/// know resolves to a deterministic value of its type.
///
/// - A JSON parent's member of the field's name, when it has one (the catalog's data).
/// - Lists: two items. Enums: the first value. `ID`: `gid://shopify/<Type>/<n>` with the
///   object's type and number. `String`: `"<Type>.<field>"`. `Int` 1, `Float` 1.5, `Boolean`
///   true or false by a hash of the type and field name (`PageInfo.has…Page` false).
/// - Custom scalars: `Decimal` "1.00", `URL` `https://example.invalid/<type>/<field>`,
///   `DateTime` 2026-01-01T00:00:00Z, `JSON` `{}`, `HTML` `<p><Type>.<field></p>`, `Color`
///   `#000000`, `UnsignedInt64` "1", others like `String`.
/// - Objects: the catalog's own where it has them (`Product`, `ProductVariant`,
///   `Collection`, `Shop`), else a `MockObject`. Interfaces and unions: their first
///   possible type.
struct MockResolver: Sendable {
    let schema: Schema
    let catalog: ShopCatalog

    var fieldResolver: FieldResolver {
        let mock = self
        return .sync { call in mock.resolve(call) }
    }

    var typeResolver: TypeResolver {
        let schema = self.schema
        return { value, abstractType, _ in
            value.typeName ?? schema.possibleTypes(of: abstractType).first?.name
        }
    }

    func resolve(_ call: FieldCall) -> ResolvedValue {
        if case .json(.object(let object)) = call.parent, let member = object[call.fieldName] { return .json(member) }
        let number = call.parent.value(as: MockObject.self)?.number ?? 1
        return value(call.returnType, call, number: number)
    }

    func value(_ type: TypeRef, _ call: FieldCall, number: Int) -> ResolvedValue {
        switch type {
        case .nonNull(let inner):
            return value(inner, call, number: number)
        case .list(let inner):
            return .list([value(inner, call, number: 1), value(inner, call, number: 2)])
        case .named(let id):
            let named = schema[id]
            switch named.kind {
            case .scalar: return scalar(named, call, number: number)
            case .enum: return named.enumValues.first.map { .json(.string($0.name)) } ?? .null
            case .object: return object(named, number: number)
            case .interface, .union:
                guard let first = schema.possibleTypes(of: named).first else { return .null }
                return object(first, number: number)
            case .inputObject: return .null
            }
        }
    }

    func object(_ type: NamedType, number: Int) -> ResolvedValue {
        switch type.name {
        case "Product" where !catalog.products.isEmpty:
            return .product(catalog.products[(number - 1) % catalog.products.count])
        case "ProductVariant" where !catalog.allVariants.isEmpty:
            return .variant(catalog.allVariants[(number - 1) % catalog.allVariants.count])
        case "Collection" where !catalog.collections.isEmpty:
            return .collection(catalog.collections[(number - 1) % catalog.collections.count])
        case "Shop":
            return .json(catalog.shopJSON)
        default:
            return .object(MockObject(typeName: type.name, number: number), typeName: type.name)
        }
    }

    func scalar(_ type: NamedType, _ call: FieldCall, number: Int) -> ResolvedValue {
        let owner = call.parentType.name
        let field = call.fieldName
        switch type.name {
        case "ID": return .json(.string("gid://shopify/\(owner)/\(number)"))
        case "Int": return .json(.int(1))
        case "Float": return .json(.double(1.5))
        case "Boolean":
            if owner == "PageInfo", field.hasPrefix("has") { return .json(.bool(false)) }
            var hash: UInt32 = 2_166_136_261
            for byte in (owner + "." + field).utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return .json(.bool(hash & 1 == 0))
        case "Decimal": return .json(.string("1.00"))
        case "URL": return .json(.string("https://example.invalid/\(owner.lowercased())/\(field)"))
        case "DateTime", "ISO8601DateTime": return .json(.string("2026-01-01T00:00:00Z"))
        case "JSON": return .json(.object(JSONObject()))
        case "HTML": return .json(.string("<p>\(owner).\(field)</p>"))
        case "Color": return .json(.string("#000000"))
        case "UnsignedInt64": return .json(.string("1"))
        default: return .json(.string("\(owner).\(field)"))
        }
    }
}
