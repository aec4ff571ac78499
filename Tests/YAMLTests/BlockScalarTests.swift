import Testing
import YAML

/// Block scalars keep libyaml's text exactly: indentation, chomping, folding.
@Suite struct BlockScalarTests {
    static let document = """
    literal: |
      line one
        indented
      line three

    keep: |+
      kept

    strip: |-
      stripped

    folded: >
      folded
      text

      paragraph
    folded_strip: >-
      a
      b
    indented: |2
       leading space
    trailing_spaces: |
      a\u{20}\u{20}
      b
    query: |
      query Cart($id: ID!) {
        cart(id: $id) { id }
      }
    last: |
      end
    """

    @Test(arguments: [
        ("literal", "line one\n  indented\nline three\n"),
        ("keep", "kept\n\n"),
        ("strip", "stripped"),
        ("folded", "folded text\nparagraph\n"),
        ("folded_strip", "a b"),
        ("indented", " leading space\n"),
        ("trailing_spaces", "a  \nb\n"),
        ("query", "query Cart($id: ID!) {\n  cart(id: $id) { id }\n}\n"),
        ("last", "end"),
    ])
    func exactText(_ key: String, _ expected: String) throws {
        let root = try parse(Self.document)
        let node = try #require(root[key])
        #expect(node.string == expected)
    }

    @Test func crlfLineBreaksBecomeLF() throws {
        let root = try parse("query: |\r\n  a\r\n  b\r\nnext: 1\r\n")
        #expect(root["query"]?.string == "a\nb\n")
        #expect(root.pair(forKey: "next")?.key.location == at(4, 1))
    }
}
