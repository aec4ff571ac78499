import BuyflowCore
import Testing
@testable import SampleShop

/// `Product.encodedVariantExistence` / `encodedVariantAvailability`: the shop encodes
/// as Shopify does, checked against the strings Shopify documents and hydrogen-react's
/// tests use, and decoded again by a port of hydrogen-react's decoder.
@Suite("Encoded variant existence and availability")
struct OptionValueEncodingTests {
    /// Combinations and their encoding, from the sources named.
    static let documented: [(source: String, combinations: [[Int]], encoded: String)] = [
        // The field description of Product.encodedVariantExistence in the published schema (2026-04).
        ("schema description", [[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 0, 0], [1, 0, 1], [1, 1, 1], [2, 0, 1], [2, 1, 0]],
         "v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,"),
        // hydrogen-react src/optionValueDecoder.decodeEncodedVariant.example.js (Shopify/hydrogen@9c715c17).
        ("decodeEncodedVariant example", [[0, 0], [0, 1], [0, 2], [1, 2]], "v1_0:0-2,1:2,"),
        // hydrogen-react src/optionValueDecoder.isOptionValueCombinationInEncodedVariant.example.js.
        ("isOptionValueCombinationInEncodedVariant example", [[0, 0], [0, 1], [1, 2]], "v1_0:0-1,1:2,"),
        // hydrogen-react src/getProductOptions.test.ts: a real product (mail-it-in-freestyle-snowboard),
        // sizes 154cm, 158cm, 160cm with one colour; then 158cm sold out.
        ("getProductOptions.test.ts existence", [[0, 0], [1, 0], [2, 0]], "v1_0:0,1:0,2:0,"),
        ("getProductOptions.test.ts availability", [[0, 0], [2, 0]], "v1_0:0,2:0,"),
        // hydrogen-react src/optionValueDecoder.test.ts.
        ("optionValueDecoder.test.ts mock", [[0, 0, 0], [1, 1, 1], [2, 2, 2]], "v1_0:0:0,,1:1:1,,2:2:2,,"),
        ("optionValueDecoder.test.ts single", [[0]], "v1_0"),
        ("optionValueDecoder.test.ts 1-D range", (0...9).map { [$0] }, "v1_0-9"),
        ("optionValueDecoder.test.ts 1-D gaps", [0, 1, 2, 4, 5, 6, 8, 9, 10].map { [$0] }, "v1_0-2 4-6 8-10"),
        ("optionValueDecoder.test.ts 1-D no ranges", [[0], [2]], "v1_0 2"),
        ("optionValueDecoder.test.ts 2-D", [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1], [2, 2]],
         "v1_0:0-2,1:0-2,2:0-2,"),
        ("optionValueDecoder.test.ts 2-D gaps", [[0, 0], [0, 1], [1, 0], [1, 2], [2, 1], [2, 2]], "v1_0:0-1,1:0 2,2:1-2,"),
        ("optionValueDecoder.test.ts 2-D gaps, no ranges", [[0, 0], [0, 1], [1, 0], [1, 2], [2, 1], [2, 3]], "v1_0:0-1,1:0 2,2:1 3,"),
        ("optionValueDecoder.test.ts 3-D", Self.all(depth: 3, width: 3),
         "v1_0:0:0-2,1:0-2,2:0-2,,1:0:0-2,1:0-2,2:0-2,,2:0:0-2,1:0-2,2:0-2,,"),
        ("no combinations (nothing for sale)", [], "v1_"),
    ]

    static func all(depth: Int, width: Int) -> [[Int]] {
        guard depth > 0 else { return [[]] }
        return (0..<width).flatMap { first in all(depth: depth - 1, width: width).map { [first] + $0 } }
    }

    @Test("the encoder writes the documented strings", arguments: documented.indices)
    func encodes(_ index: Int) {
        let example = Self.documented[index]
        #expect(OptionValueEncoding.encode(example.combinations) == example.encoded, "\(example.source)")
        // Order and duplicates of the input do not matter.
        #expect(OptionValueEncoding.encode(example.combinations.reversed() + example.combinations) == example.encoded)
    }

    @Test("hydrogen-react's decoder (ported) reads every documented string back", arguments: documented.indices)
    func portedDecoderAgrees(_ index: Int) throws {
        let example = Self.documented[index]
        #expect(try HydrogenOptionValueDecoder.decodeEncodedVariant(example.encoded) == example.combinations, "\(example.source)")
    }

    @Test("hydrogen's test strings that the shop would write otherwise still decode as hydrogen's tests expect")
    func handWrittenStrings() throws {
        // optionValueDecoder.test.ts, 3-D with gaps: its string ends with one comma where the encoder writes two.
        let expected = Self.all(depth: 3, width: 3).filter { ![[1, 0, 1], [2, 2, 2], [0, 2, 2]].contains($0) }
        #expect(try HydrogenOptionValueDecoder.decodeEncodedVariant(
            "v1_0:0:0-2,1:0-2,2:0-1,,1:0:0 2,1:0-2,2:0-2,,2:0:0-2,1:0-2,2:0-1,") == expected)
        #expect(OptionValueEncoding.encode(expected) == "v1_0:0:0-2,1:0-2,2:0-1,,1:0:0 2,1:0-2,2:0-2,,2:0:0-2,1:0-2,2:0-1,,")
        #expect(throws: HydrogenOptionValueDecoder.UnsupportedEncoding.self) { try HydrogenOptionValueDecoder.decodeEncodedVariant("v2_0") }
    }

    @Test("random sets of combinations survive encoding and hydrogen's decoding", arguments: [1, 2, 3, 4])
    func roundTrip(_ depth: Int) throws {
        var random = SplitMix64(seed: UInt64(depth))
        for _ in 0..<200 {
            let everything = Self.all(depth: depth, width: 4)
            let chosen = everything.filter { _ in random.next() % 3 != 0 }
            let encoded = OptionValueEncoding.encode(chosen)
            #expect(try HydrogenOptionValueDecoder.decodeEncodedVariant(encoded) == chosen, "\(encoded)")
        }
    }

    @Test("the catalog's products answer their variants' combinations; sold-out ones are left out of availability")
    func catalogProducts() throws {
        let shop = try TestShop()
        let data = try shop.data("""
            { sneaker: product(handle: "classic-sneaker") { encodedVariantExistence encodedVariantAvailability }
              runner: product(handle: "trail-runner") { encodedVariantExistence encodedVariantAvailability }
              slipOn: product(handle: "canvas-slip-on") { encodedVariantExistence encodedVariantAvailability
                options { name optionValues { name } } }
              socks: product(handle: "wool-socks") { encodedVariantExistence encodedVariantAvailability } }
            """)
        #expect(data.string("sneaker.encodedVariantExistence") == "v1_0-2")
        #expect(data.string("sneaker.encodedVariantAvailability") == "v1_0-2")
        #expect(data.string("runner.encodedVariantExistence") == "v1_0-1")
        #expect(data.string("runner.encodedVariantAvailability") == "v1_0", "size 10 is sold out")
        #expect(data.string("slipOn.encodedVariantExistence") == "v1_0:0-1,1:0-1,")
        #expect(try HydrogenOptionValueDecoder.decodeEncodedVariant(data.string("slipOn.encodedVariantExistence")) == [[0, 0], [0, 1], [1, 0], [1, 1]])
        #expect(data.string("socks.encodedVariantExistence") == "v1_0")
    }
}
