import Buy

extension Storefront {
    enum CurrencyCode: String, GraphQL.EnumType {
        case cad = "CAD"
        case eur = "EUR"
        case usd = "USD"
        case unknownValue = ""
    }

    enum ProductSortKeys: String, GraphQL.EnumType {
        case bestSelling = "BEST_SELLING"
        case price = "PRICE"
        case title = "TITLE"
        case unknownValue = ""
    }

    enum CartErrorCode: String, GraphQL.EnumType {
        case invalid = "INVALID"
        case invalidMerchandiseLine = "INVALID_MERCHANDISE_LINE"
        case maximumExceeded = "MAXIMUM_EXCEEDED"
        case unknownValue = ""
    }
}
