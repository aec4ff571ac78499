/// The title, description and HTML description of a product or collection, with their
/// translations by `LanguageCode` (`FR`); an untranslated key falls back to the default.
struct LocalizedText: Sendable {
    struct Translation: Sendable {
        var title: String?
        var description: String?
        var descriptionHtml: String?
    }

    let title: String
    let description: String
    let descriptionHtml: String
    let translations: [String: Translation]

    func title(_ language: String?) -> String {
        guard let language, let translated = translations[language]?.title else { return title }
        return translated
    }

    func description(_ language: String?) -> String {
        guard let language, let translated = translations[language]?.description else { return description }
        return translated
    }

    func descriptionHtml(_ language: String?) -> String {
        guard let language, let translated = translations[language]?.descriptionHtml else { return descriptionHtml }
        return translated
    }

    /// Shopify's `description(truncateAt:)`: at most `length` characters, the cut marked `…`.
    static func truncate(_ text: String, at length: Int?) -> String {
        guard let length, length >= 0, text.count > length else { return text }
        return String(text.prefix(length)) + "…"
    }

    /// Plain text from HTML: tags removed, a few common entities decoded, spaces collapsed.
    static func plainText(fromHTML html: String) -> String {
        var text = ""
        var inTag = false
        for character in html {
            if character == "<" {
                inTag = true
                text.append(" ")
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        for (entity, replacement) in [("&nbsp;", " "), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
            text = text.replacing(entity, with: replacement)
        }
        return text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
            .replacing(" .", with: ".").replacing(" ,", with: ",")
    }

    /// `<p>text</p>` with the text HTML-escaped.
    static func html(fromPlainText text: String) -> String {
        guard !text.isEmpty else { return "" }
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return "<p>" + escaped + "</p>"
    }
}
