import Foundation

/// The hand-written side of the `gen` suite: `Codable` structs for the seed's product
/// query, as an app would write them, and the response both sides decode.
extension GenBenchmark {
    struct CodableResponse: Decodable {
        struct Payload: Decodable { var node: Product }
        var data: Payload
    }

    struct Product: Decodable {
        var id: String
        var title: String
        var handle: String
        var description: String
        var createdAt: Date
        var tags: [String]
        var onlineStoreUrl: URL?
        var variants: Connection

        struct Connection: Decodable { var nodes: [Variant] }

        var summary: ProductSummary {
            var total = Decimal(0)
            var available = 0
            for variant in variants.nodes {
                total += variant.price.amount
                if variant.availableForSale { available += 1 }
                blackHole(variant.id.utf8.count + variant.title.utf8.count + variant.price.currencyCode.rawValue.utf8.count)
            }
            blackHole(handle.utf8.count + description.utf8.count + tags.count)
            return ProductSummary(
                id: id, title: title, created: createdAt, url: onlineStoreUrl, variants: variants.nodes.count,
                available: available, total: total)
        }
    }

    struct Variant: Decodable {
        var id: String
        var title: String
        var availableForSale: Bool
        var price: Money
    }

    enum CurrencyCode: String, Decodable {
        case usd = "USD", cad = "CAD", eur = "EUR"
    }

    /// Amounts arrive as strings (`"89.00"`), as the Storefront API sends them.
    struct Money: Decodable {
        var amount: Decimal
        var currencyCode: CurrencyCode

        enum CodingKeys: String, CodingKey { case amount, currencyCode }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let text = try container.decode(String.self, forKey: .amount)
            guard let amount = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                throw DecodingError.dataCorruptedError(forKey: .amount, in: container, debugDescription: "not a decimal: \(text)")
            }
            self.amount = amount
            currencyCode = try container.decode(CurrencyCode.self, forKey: .currencyCode)
        }
    }

    /// The response of `seedQuery` for Classic Sneaker with ten variants.
    static let productResponse: String = {
        let variants = (1...10).map { index in
            """
            {"id":"gid://shopify/ProductVariant/\(index)","title":"Size \(index + 5)","availableForSale":\(index % 3 != 0),\
            "price":{"amount":"\(80 + index).00","currencyCode":"USD"}}
            """
        }
        return """
            {"data":{"node":{"__typename":"Product","id":"gid://shopify/Product/1","title":"Classic Sneaker",\
            "handle":"classic-sneaker","description":"A canvas sneaker for every day, with a cushioned sole.",\
            "createdAt":"2026-01-05T09:00:00Z","tags":["shoes","canvas","everyday"],\
            "onlineStoreUrl":"https://sample-shoes.example.invalid/products/classic-sneaker",\
            "variants":{"nodes":[\(variants.joined(separator: ","))]}}}}
            """
    }()
}

extension JSONDecoder {
    /// ISO 8601 dates, as the Storefront API writes `DateTime`.
    static var storefront: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
