import BuyflowCore

/// `predictiveSearch`'s `queries`: search terms suggested from the catalog's words and
/// phrases — product titles, product types, product tags and collection titles,
/// lowercased. A phrase is suggested when each word of the query matches one of its
/// words (the last word as a prefix); phrases starting with a match come first, then
/// shorter ones. `styledText` is the phrase, HTML-escaped, with the part of each word
/// that the query matched wrapped in `<mark>`: `classic <mark>sneak</mark>er`.
enum QuerySuggestions {
    static func suggestions(_ query: String, catalog: ShopCatalog) -> [(text: String, styledText: String)] {
        let terms = SiteSearch.words(query).map(String.init)
        guard !terms.isEmpty else { return [] }
        var phrases: [String] = []
        var seen: Set<String> = []
        func add(_ text: String) {
            let phrase = SiteSearch.words(text).joined(separator: " ")
            if !phrase.isEmpty, seen.insert(phrase).inserted { phrases.append(phrase) }
        }
        for product in catalog.products {
            add(product.text.title)
            add(product.productType)
            for tag in product.tags { add(tag) }
        }
        for collection in catalog.collections { add(collection.text.title) }
        let matching = phrases.filter { phrase in
            terms.enumerated().allSatisfy { index, term in SiteSearch.matches(phrase, term, prefix: index == terms.count - 1) }
        }
        let ordered = matching.enumerated().sorted { left, right in
            let leftStarts = SiteSearch.matches(String(left.element.split(separator: " ")[0]), terms[0], prefix: terms.count == 1)
            let rightStarts = SiteSearch.matches(String(right.element.split(separator: " ")[0]), terms[0], prefix: terms.count == 1)
            if leftStarts != rightStarts { return leftStarts }
            let leftCount = left.element.split(separator: " ").count, rightCount = right.element.split(separator: " ").count
            return leftCount != rightCount ? leftCount < rightCount : left.offset < right.offset
        }
        return ordered.map { ($0.element, styled($0.element, terms: terms)) }
    }

    /// `text` HTML-escaped, the longest prefix of each word that a term matches in `<mark>`.
    static func styled(_ text: String, terms: [String]) -> String {
        var out = ""
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            let lower = word.lowercased()
            let stems = terms.map { String(SiteSearch.stem(Substring($0))) }
            let marked = (terms + stems).filter { lower.hasPrefix($0) }.map(\.count).max() ?? 0
            if marked > 0 {
                out += "<mark>" + escape(String(word.prefix(marked))) + "</mark>" + escape(String(word.dropFirst(marked)))
            } else {
                out += escape(word)
            }
            word = ""
        }
        for character in text {
            if character.isLetter || character.isNumber {
                word.append(character)
            } else {
                flush()
                out += escape(String(character))
            }
        }
        flush()
        return out
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }
}
