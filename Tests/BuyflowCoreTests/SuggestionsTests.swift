import BuyflowCore
import Testing

@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("captur", ["capture", "assert", "name"], "capture"),
        ("totalQantity", ["totalQuantity", "lines", "cost"], "totalQuantity"),
        ("mutaiton", ["mutation", "query"], "mutation"),  // a swap is one edit
        ("NAME", ["name", "id"], "name"),  // case differences are free
        ("xyz", ["capture", "assert"], nil),
        ("q", ["id", "query"], nil),
    ] as [(String, [String], String?)])
    func closest(input: String, candidates: [String], expected: String?) {
        #expect(Suggestions.closest(to: input, among: candidates) == expected)
    }

    @Test func rankedBestFirst() {
        #expect(Suggestions.ranked(for: "cartLine", among: ["cartLinesAdd", "catLine", "cartLines", "shop"]) == ["cartLines", "catLine"])
    }

    @Test(arguments: [("", "abc", 3), ("kitten", "sitting", 3), ("ab", "ba", 1), ("same", "same", 0)])
    func editDistance(a: String, b: String, distance: Int) {
        #expect(Suggestions.editDistance(a, b) == distance)
    }
}
