import BuyflowCore
import Foundation

/// The shop a command talks to: `--url` or `--domain`, `--token`, `--api-version`,
/// `--locale`, `--api-version-mismatch`. Each overrides the workflow's `shop` key of the
/// same name; absent values are `nil` (the workflow's, or the defaults, apply).
struct TargetOptions: ParsableOptions, Equatable {
    /// What a served API version other than the requested one does.
    enum APIVersionMismatch: String, OptionChoice {
        case warn, fail
    }

    /// A full endpoint (`http://127.0.0.1:8080/api/2026-04/graphql.json`).
    var url: URL?
    /// A shop's host name (`shoes.myshopify.com`).
    var domain: String?
    var token: String?
    /// `YYYY-MM` (or `unstable`).
    var apiVersion: String?
    /// `xx-YY`, e.g. `en-CA`.
    var locale: String?
    var apiVersionMismatch: APIVersionMismatch?

    static let url = OptionSpec(
        "url", value: "url", help: "The Storefront API endpoint, an absolute http or https URL (instead of --domain).")
    static let domain = OptionSpec(
        "domain", value: "shop.myshopify.com",
        help: "The shop's domain; the endpoint is https://<domain>/api/<version>/graphql.json.")
    static let token = OptionSpec(
        "token", value: "token",
        help: "Storefront access token (X-Shopify-Storefront-Access-Token); redacted in every output.")
    static let apiVersion = OptionSpec(
        "api-version", value: "YYYY-MM",
        help: "Storefront API version (default: \(BuyflowVersion.storefrontAPIVersion)).")
    static let locale = OptionSpec(
        "locale", value: "xx-YY", help: "Language and country, e.g. en-CA: Accept-Language and @inContext.")
    static let apiVersionMismatch = OptionSpec(
        "api-version-mismatch", value: APIVersionMismatch.placeholder,
        help: "What a served API version other than the requested one does (default: warn).")

    static let optionSpecs = [url, domain, token, apiVersion, locale, apiVersionMismatch]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        try parsed.exclusive(url, domain)
        func check<Value>(
            _ option: OptionSpec, _ parse: (String, ParsedArguments) throws(UsageError) -> Value
        ) throws(UsageError) -> Value? {
            try parsed.value(option).map { text throws(UsageError) in try parse(text, parsed) }
        }
        return Self(
            url: try check(url, parseURL),
            domain: try check(domain, parseDomain),
            token: try parsed.nonEmpty(token),
            apiVersion: try check(apiVersion, parseAPIVersion),
            locale: try check(locale, parseLocale),
            apiVersionMismatch: try parsed.choice(apiVersionMismatch, noun: "API version mismatch handling")
        )
    }

    // MARK: - Values

    static func parseURL(_ text: String, _ parsed: ParsedArguments) throws(UsageError) -> URL {
        if let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
           let host = url.host, !host.isEmpty {
            return url
        }
        let looksLikeDomain = !text.contains("/") && !text.contains(":") && (try? parseDomain(text, parsed)) != nil
        throw parsed.usageError(
            "invalid URL '\(text)': expected an absolute http or https URL",
            hint: looksLikeDomain
                ? "for a shop's domain write --domain \(text)"
                : "e.g. --url http://127.0.0.1:8080/api/\(BuyflowVersion.storefrontAPIVersion)/graphql.json")
    }

    /// A host name: dot-separated labels of letters, digits and inner hyphens.
    static func parseDomain(_ text: String, _ parsed: ParsedArguments) throws(UsageError) -> String {
        func isHostCharacter(_ scalar: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "-"
        }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        let valid = labels.count >= 2 && text.count <= 253 && labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy(isHostCharacter)
        }
        guard valid else {
            let isURL = text.contains("://") || text.contains("/")
            throw parsed.usageError(
                "invalid domain '\(text)': expected a host name such as shoes.myshopify.com",
                hint: isURL ? "write the host only, or use --url for a full endpoint"
                    : "e.g. --domain shoes.myshopify.com")
        }
        return text
    }

    /// `YYYY-MM` with a month from 01 to 12, or `unstable`.
    static func parseAPIVersion(_ text: String, _ parsed: ParsedArguments) throws(UsageError) -> String {
        if text == "unstable" { return text }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let digits = parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
        let isYearMonth = parts.count == 2 && digits && parts[0].count == 4
        if isYearMonth, parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) { return text }
        var suggestion: String?
        if isYearMonth, parts[1].count == 1, let month = Int(parts[1]), month > 0 {
            suggestion = "\(parts[0])-0\(month)"
        }
        throw parsed.usageError(
            "invalid API version '\(text)': expected YYYY-MM", suggestion: suggestion,
            hint: "e.g. --api-version \(BuyflowVersion.storefrontAPIVersion)")
    }

    /// `xx-YY`: a two-letter language in lower case and a two-letter country in upper case.
    static func parseLocale(_ text: String, _ parsed: ParsedArguments) throws(UsageError) -> String {
        func isLocale(_ text: String) -> Bool {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            return parts.count == 2 && parts[0].count == 2 && parts[1].count == 2
                && parts[0].unicodeScalars.allSatisfy { ("a"..."z").contains($0) }
                && parts[1].unicodeScalars.allSatisfy { ("A"..."Z").contains($0) }
        }
        if isLocale(text) { return text }
        // en_ca, EN-CA: the same locale written otherwise.
        var suggestion: String?
        let loose = text.replacing("_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        if loose.count == 2, case let candidate = loose[0].lowercased() + "-" + loose[1].uppercased(), isLocale(candidate) {
            suggestion = candidate
        }
        throw parsed.usageError(
            "invalid locale '\(text)': expected a language and a country, xx-YY", suggestion: suggestion,
            hint: "e.g. --locale en-CA")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
