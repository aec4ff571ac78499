import BuyflowCore
import HTTPServer

/// A GraphQL request read from HTTP (GraphQL over HTTP): a POST's JSON body
/// `{query, variables?, operationName?}` (or an `application/graphql` body holding the
/// query), or a GET's query parameters of the same names.
struct GraphQLHTTPRequest: Sendable {
    var query: String
    var variables: JSONObject?
    var operationName: String?

    /// Why a request is not a GraphQL request: answered 400.
    struct Failure: Error {
        var message: String
    }

    static func read(_ request: HTTPRequest) throws(Failure) -> GraphQLHTTPRequest {
        if request.method == "GET" {
            guard let query = request.queryValue("query"), !query.isEmpty else {
                throw Failure(message: "A GET request needs the query parameter 'query'.")
            }
            var variables: JSONObject?
            if let text = request.queryValue("variables"), !text.isEmpty {
                guard case .object(let object)? = try? JSONParser(path: "variables").parse(text) else {
                    throw Failure(message: "The query parameter 'variables' must be a JSON object.")
                }
                variables = object
            }
            let name = request.queryValue("operationName")
            return GraphQLHTTPRequest(query: query, variables: variables, operationName: name?.isEmpty == true ? nil : name)
        }
        let contentType = request.headers["Content-Type"]?.lowercased() ?? ""
        if contentType.hasPrefix("application/graphql") {
            let query = String(decoding: request.body, as: UTF8.self)
            guard !query.isEmpty else { throw Failure(message: "The request body is empty; it should hold the GraphQL query.") }
            return GraphQLHTTPRequest(query: query, variables: nil, operationName: request.queryValue("operationName"))
        }
        guard !request.body.isEmpty else {
            throw Failure(message: "The request body is empty; send a JSON object {\"query\": …, \"variables\": …}.")
        }
        let json: JSONValue
        do {
            json = try JSONParser(path: "body", maxDepth: 128).parse(bytes: request.body)
        } catch {
            let where_ = error.location.map { " (line \($0.line), column \($0.column))" } ?? ""
            throw Failure(message: "The request body is not valid JSON: \(error.message)\(where_).")
        }
        guard case .object(let body) = json else {
            if case .array = json { throw Failure(message: "Batched requests (a JSON array) are not supported; send one JSON object.") }
            throw Failure(message: "The request body must be a JSON object {\"query\": …}, not \(json.typeName).")
        }
        guard case .string(let query)? = body["query"], !query.isEmpty else {
            throw Failure(message: body["query"] == nil ? "The request body has no 'query'." : "'query' must be a non-empty string.")
        }
        var variables: JSONObject?
        switch body["variables"] {
        case nil, .null?: break
        case .object(let object)?: variables = object
        case .string(let text)?:
            guard case .object(let object)? = try? JSONParser(path: "variables").parse(text) else {
                throw Failure(message: "'variables' must be a JSON object.")
            }
            variables = object
        default: throw Failure(message: "'variables' must be a JSON object.")
        }
        var operationName: String?
        switch body["operationName"] {
        case nil, .null?: break
        case .string(let name)?: operationName = name.isEmpty ? nil : name
        default: throw Failure(message: "'operationName' must be a string.")
        }
        return GraphQLHTTPRequest(query: query, variables: variables, operationName: operationName)
    }
}
