import Foundation

extension Graph {
    /// What a `Locale` means to the Storefront API: the `Accept-Language` header and the
    /// `@inContext(country:, language:)` directive added to each operation that has none.
    ///
    ///     Locale(identifier: "fr_CA") → Accept-Language: fr-CA, @inContext(country: CA, language: FR)
    public struct BuyerLocale: Sendable, Hashable {
        /// `fr-CA`
        public let acceptLanguage: String
        /// A `CountryCode` value, `CA`; `nil` when the locale names no country.
        public let country: String?
        /// A `LanguageCode` value, `FR` (or `PT_BR`, `ZH_TW` where the API has one).
        public let language: String?

        public init(_ locale: Locale) {
            let languageCode = locale.language.languageCode?.identifier
            let region = locale.region?.identifier
            let country = region.flatMap { $0.count == 2 && $0.allSatisfy(\.isLetter) ? $0.uppercased() : nil }
            self.country = country
            var tag = languageCode ?? locale.identifier.replacingOccurrences(of: "_", with: "-")
            if let languageCode, let country { tag = "\(languageCode)-\(country)" }
            acceptLanguage = tag
            language = languageCode.map { code in
                let upper = code.uppercased()
                // The Storefront API's LanguageCode has regional values only for these.
                switch (upper, country) {
                case ("PT", "BR"), ("PT", "PT"): return "PT_\(country!)"
                case ("ZH", "CN"), ("ZH", "TW"): return "ZH_\(country!)"
                case ("ZH", _) where locale.language.script?.identifier == "Hant": return "ZH_TW"
                case ("ZH", _): return "ZH_CN"
                default: return upper
                }
            }
        }

        /// `@inContext(country:CA,language:FR)`
        public var directive: GraphQL.Directive {
            .inContext(country: country, language: language)
        }
    }
}
