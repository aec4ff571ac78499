import BuyflowCore
import BuyflowExpressions

/// `shop:`.
extension LoadSession {
    mutating func shopSettings(_ value: LocatedValue) -> ShopSettings? {
        guard let fields = reader.fields(value, WorkflowSpecs.shop) else { return nil }
        var record = flow.defaultsRecord()
        defer { flow.endDefaults(record) }
        func template(_ key: FieldKey, _ session: inout LoadSession) -> ValueTemplate? {
            guard let value = fields[key] else { return nil }
            guard value.string != nil else {
                session.reader.typeError(value, expected: "a string", context: "'shop.\(key)'")
                return nil
            }
            return session.valueTemplate(value, record: &record, phase: .request, context: UseContext("'shop.", key.description, "'"))
        }
        let domain = template("domain", &self)
        let url = template("url", &self)
        if let domain = fields.member("domain"), let url = fields.member("url") {
            error("'shop' has both 'domain' and 'url'; give one", at: url.keyLocation, code: "exclusive-keys",
                  notes: [Diagnostic.Note("'domain' is here", at: domain.keyLocation)])
        }
        if let value = fields["url"], let text = value.string, !Template.containsTemplate(text) {
            if !(text.hasPrefix("http://") || text.hasPrefix("https://")) || text.count < 10 {
                error("'shop.url' must be an http:// or https:// URL, found '\(text)'", at: value.location, code: "url",
                      hint: "e.g. http://127.0.0.1:8080/api/2026-04/graphql.json")
            }
        }
        if let value = fields["domain"], let text = value.string, !Template.containsTemplate(text), text.contains("/") {
            error("'shop.domain' is a host name such as shoes.myshopify.com, found '\(text)'", at: value.location, code: "domain",
                  hint: "for a full endpoint use 'url' instead")
        }
        var apiVersion: String?
        if let value = fields["apiVersion"], let text = reader.text(value, "'shop.apiVersion'") {
            if APIVersion.isWellFormed(text) {
                apiVersion = text
            } else {
                error("'shop.apiVersion' must be a Storefront API version such as \(BuyflowVersion.storefrontAPIVersion), found '\(text)'",
                      at: value.location, code: "api-version", hint: "versions are YYYY-MM with MM one of 01, 04, 07, 10, or 'unstable'")
            }
        }
        var mismatch = APIVersionMismatch.warn
        if let value = fields["apiVersionMismatch"],
           let name = reader.choice(value, among: APIVersionMismatch.allCases.map(\.rawValue), "'shop.apiVersionMismatch'") {
            mismatch = APIVersionMismatch(rawValue: name)!
        }
        let headers = fields["headers"].map { self.headers($0, record: &record) } ?? []
        return ShopSettings(
            domain: domain, url: url, apiVersion: apiVersion, token: template("token", &self), locale: template("locale", &self),
            headers: headers, apiVersionMismatch: mismatch, location: value.location
        )
    }
}

/// Storefront API versions: `YYYY-MM` releases and `unstable`.
public enum APIVersion {
    public static func isWellFormed(_ text: String) -> Bool {
        if text == "unstable" { return true }
        let parts = text.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]) else {
            return false
        }
        return year >= 2016 && [1, 4, 7, 10].contains(month)
    }
}
