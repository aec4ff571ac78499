import BuyflowCore
@testable import GraphQLKit
import Testing

/// The validator drops candidates that cannot be close enough before asking `Suggestions`:
/// the answers must be the same as asking `Suggestions` about every candidate.
@Suite("Validation: suggestions")
struct SuggestionFilterTests {
    @Test func sameAsSuggestions() {
        var generator = SystemRandomNumberGenerator()
        let names = ValidationSchemas.spec.types.map(\.name) + ValidationSchemas.spec.types.flatMap { $0.fields.map(\.name) }
            + ["totalQuantity", "checkoutUrl", "CartLineInput", "BEST_SELLING", "ProductVariant", "a", "ab", "é", "naïve"]
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        for _ in 0..<500 {
            var input = names.randomElement(using: &generator)!
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                var characters = Array(input)
                let index = Int.random(in: 0...characters.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: characters.insert(alphabet.randomElement(using: &generator)!, at: index)
                case 1: if index < characters.count { characters.remove(at: index) }
                default: if index + 1 < characters.count { characters.swapAt(index, index + 1) }
                }
                input = String(characters)
            }
            #expect(ValidationRun.suggest(input, among: names) == Suggestions.closest(to: input, among: names), "\(input)")
        }
    }

    /// A name of 32,768 copies of one letter overflowed 16-bit letter counts (issue 27).
    @Test(arguments: [32_767, 32_768, 70_000])
    func longNames(length: Int) {
        let name = String(repeating: "a", count: length)
        #expect(ValidationRun.suggest(name, among: ["a", "aa", "shop"]) == nil)
        #expect(ValidationRun.suggest(String(name.prefix(3)), among: ["aaaa", name]) == "aaaa")
    }

    @Test func unicodeInputsAndCandidates() {
        #expect(ValidationRun.suggest("naive", among: ["naïve", "native"]) == Suggestions.closest(to: "naive", among: ["naïve", "native"]))
        #expect(ValidationRun.suggest("nаive", among: ["naive"]) == Suggestions.closest(to: "nаive", among: ["naive"]))
        #expect(ValidationRun.suggest("TOTAL", among: ["total", "totals"]) == "total")
    }
}
