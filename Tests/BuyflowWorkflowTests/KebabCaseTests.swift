@testable import BuyflowWorkflow
import Testing

/// Step ids come from names in kebab-case; ASCII names take a byte-wise path that must
/// agree with the general one.
@Suite("kebab-case step ids")
struct KebabCaseTests {
    @Test(arguments: [
        ("Create cart", "create-cart"),
        ("Add 2 lines!", "add-2-lines"),
        ("createCart", "create-cart"),
        ("HTTPServer", "httpserver"),
        ("v2Api", "v2-api"),
        ("  --leading and trailing--  ", "leading-and-trailing"),
        ("a\r\nb", "a-b"),
        ("", ""),
        ("!!!", ""),
        ("Café au lait", "caf-au-lait"),
        ("Cafe\u{301} noir", "caf-noir"),
        ("Über Cart", "ber-cart"),
    ])
    func kebabCase(name: String, id: String) {
        #expect(LoadSession.kebabCase(name) == id)
    }
}
