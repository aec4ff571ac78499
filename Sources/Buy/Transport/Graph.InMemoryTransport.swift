import BuyflowCore
import Foundation
import Synchronization

extension Graph {
    /// A test double for an app's unit tests: answers GraphQL requests from memory by
    /// operation name, so no server is needed. Name the operation when building it
    /// (`Storefront.buildQuery(name: "ProductByID") { … }`) and give the answer as a
    /// mock model:
    ///
    ///     let transport = Graph.InMemoryTransport()
    ///     transport.respond(to: "ProductByID", with: Storefront.QueryRoot.mock {
    ///         $0.node(Storefront.Product.mock { $0.id("gid://shopify/Product/1").title("Shoe") })
    ///     })
    ///     let client = Graph.Client(endpoint: URL(string: "https://shop.example/api/graphql.json")!, transport: transport)
    ///
    /// An operation with no answer gets a GraphQL error naming it (and the names that do
    /// have answers), which the client reports as `.invalidQuery(reasons:)`.
    public final class InMemoryTransport: Transport {
        /// What an operation is answered with.
        public enum Answer: Sendable {
            /// `{"data": …}` with status 200.
            case data(JSONObject)
            /// `{"errors": [{"message": …}]}` with status 200.
            case errors([String])
            /// A body with any status.
            case raw(status: Int, body: String)
        }

        /// A request as the transport saw it.
        public struct Received: Sendable {
            /// The operation's name, `nil` for an anonymous one.
            public let operationName: String?
            /// The GraphQL document.
            public let document: String
            public let request: HTTPRequest
        }

        private let state = Mutex<(answers: [String: Answer], received: [Received])>(([:], []))

        public init() {}

        /// Answers `operationName` with this `data` (`Storefront.QueryRoot.mock { … }`).
        public func respond(to operationName: String, with data: GraphQL.AbstractResponse) {
            respond(to: operationName, .data(data.fields))
        }

        /// Answers `operationName` (every time, until replaced).
        public func respond(to operationName: String, _ answer: Answer) {
            state.withLock { $0.answers[operationName] = answer }
        }

        /// The requests received so far, in order.
        public var received: [Received] { state.withLock { $0.received } }

        public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            try _Concurrency.Task.checkCancellation()
            let body = try? JSONParser().parse(bytes: request.body)
            let document = body?["query"]?.stringValue ?? ""
            let name = body?["operationName"]?.stringValue ?? Self.operationName(in: document)
            let answer: Answer? = state.withLock { state in
                state.received.append(Received(operationName: name, document: document, request: request))
                return name.flatMap { state.answers[$0] }
            }
            let status: Int
            let json: JSONValue
            switch answer {
            case .data(let data)?:
                (status, json) = (200, .object(JSONObject([("data", .object(data))])))
            case .errors(let messages)?:
                (status, json) = (200, Self.errors(messages))
            case .raw(let rawStatus, let text)?:
                return HTTPResponse(status: rawStatus, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
            case nil:
                let known = state.withLock { $0.answers.keys.sorted() }
                let subject = name.map { "operation '\($0)'" } ?? "an anonymous operation"
                let message = "Graph.InMemoryTransport has no answer for \(subject); it answers \(known.isEmpty ? "nothing yet" : known.joined(separator: ", "))"
                (status, json) = (200, Self.errors([message]))
            }
            return HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: Data(JSONSerializer().bytes(json)))
        }

        private static func errors(_ messages: [String]) -> JSONValue {
            .object(JSONObject([("errors", .array(messages.map { .object(JSONObject([("message", .string($0))])) }))]))
        }

        /// The name after `query` or `mutation` at the start of a document, if any.
        static func operationName(in document: String) -> String? {
            var scalars = Substring(document).unicodeScalars.drop { $0.properties.isWhitespace }
            for keyword in ["query", "mutation", "subscription"] where scalars.starts(with: keyword.unicodeScalars) {
                scalars = scalars.dropFirst(keyword.unicodeScalars.count).drop { $0.properties.isWhitespace }
                let name = scalars.prefix { $0 == "_" || $0.properties.isAlphabetic && $0.isASCII || ("0"..."9").contains($0) }
                return name.isEmpty ? nil : String(String.UnicodeScalarView(name))
            }
            return nil
        }
    }
}
