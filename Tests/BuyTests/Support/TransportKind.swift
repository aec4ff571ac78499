import Buy
import BuyCurl
import BuyHTTP1
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real transports every loopback test runs over.
enum TransportKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case urlSession
    case curl
    case http1

    func make() -> any Graph.Transport {
        switch self {
        case .urlSession:
            let configuration = URLSessionConfiguration.ephemeral
            configuration.urlCache = nil
            return Graph.URLSessionTransport(session: URLSession(configuration: configuration))
        case .curl:
            return Graph.CurlTransport()
        case .http1:
            return Graph.HTTP1Transport()
        }
    }

    var testDescription: String { rawValue }
}

extension Graph.Client {
    /// A client for a test shop over the given transport, memory cache only.
    static func test(
        _ shop: TestShop, _ kind: TransportKind, apiKey: String? = "test-token", locale: Locale? = nil,
        headers: Graph.HTTPHeaders = [:], middleware: [any Graph.Middleware] = [], cache: Graph.Cache = .inMemory()
    ) -> Graph.Client {
        Graph.Client(
            endpoint: shop.url, apiKey: apiKey, transport: kind.make(), locale: locale,
            headers: headers, middleware: middleware, cache: cache
        )
    }
}

/// Waits for a completion handler's values.
func completion<R: Sendable>(_ start: (@escaping @Sendable (R) -> Void) -> Void) async -> R {
    await withCheckedContinuation { continuation in
        start { continuation.resume(returning: $0) }
    }
}

/// A shop query selecting `name`.
func shopNameQuery() -> Storefront.QueryRootQuery {
    Storefront.buildQuery { $0.shop { $0.name() } }
}

let shopJSON = #"{"data":{"shop":{"name":"Sample Shoes"}}}"#
