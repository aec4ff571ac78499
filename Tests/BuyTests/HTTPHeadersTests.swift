import Buy
import Testing

/// Header names as expressions see them (`headers.content-type`): lower case.
@Suite("HTTP header names")
struct HTTPHeadersTests {
    @Test("lower-cases a name as String.lowercased() does", arguments: [
        "Content-Type", "content-type", "X-Shopify-API-Version", "ETAG", "x", "", "Dätum", "ÜBER-X",
    ])
    func lowercased(name: String) {
        #expect(Graph.HTTPHeaders.lowercased(name) == name.lowercased())
    }

    @Test("names compare without regard to ASCII case")
    func lookup() {
        let headers: Graph.HTTPHeaders = ["Content-Type": "multipart/mixed", "X-Request-Id": "abc"]
        #expect(headers["content-type"] == "multipart/mixed")
        #expect(headers["X-REQUEST-ID"] == "abc")
        #expect(headers["X-Request-Ie"] == nil)
    }
}
