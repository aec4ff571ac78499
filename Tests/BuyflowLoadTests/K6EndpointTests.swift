import Testing
@testable import BuyflowLoad

/// Issue 27, item 7: a secret query value of the endpoint is read from the environment in
/// a k6 script, never written in it.
@Suite struct K6EndpointTests {
    @Test(arguments: [
        ("http://127.0.0.1:8080/api/2026-04/graphql.json", #""http://127.0.0.1:8080/api/2026-04/graphql.json""#, [String]()),
        (
            "http://shop.test/graphql.json?access_token=qtok%2FPLANTED&x=1",
            #"("http://shop.test/graphql.json?access_token=" + encodeURIComponent(__ENV.BUYFLOW_QUERY_ACCESS_TOKEN || '') + "&x=1")"#,
            ["BUYFLOW_QUERY_ACCESS_TOKEN"]
        ),
        (
            "http://shop.test/g?x=1&api-key=k",
            #"("http://shop.test/g?x=1&api-key=" + encodeURIComponent(__ENV.BUYFLOW_QUERY_API_KEY || ''))"#,
            ["BUYFLOW_QUERY_API_KEY"]
        ),
    ])
    func endpoint(url: String, expression: String, variables: [String]) {
        let endpoint = K6Endpoint(url)
        #expect(endpoint.expression == expression)
        #expect(endpoint.variables == variables)
    }
}
