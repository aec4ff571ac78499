import BuyflowCore
import HTTPServer

/// The JSON answers of the shop's HTTP layer: every body is `application/json`, errors
/// as `{"errors":[{"message", "extensions": {"code"}}]}`.
enum ShopResponses {
    static let serializer = JSONSerializer()

    static func json(_ status: Int, _ body: JSONValue, headers extra: [(String, String)] = []) -> HTTPResponse {
        json(status, bytes: serializer.bytes(body), headers: extra)
    }

    /// A body already encoded as JSON.
    static func json(_ status: Int, bytes: [UInt8], headers extra: [(String, String)] = []) -> HTTPResponse {
        var response = HTTPResponse.json(status: status, body: bytes)
        for (name, value) in extra { response.headers[name] = value }
        return response
    }

    /// An `errors` body with one error.
    static func error(_ status: Int, _ message: String, code: String, extensions more: JSONObject = JSONObject(),
                      headers: [(String, String)] = []) -> HTTPResponse {
        var extensions = JSONObject.code(code)
        for (key, value) in more { extensions[key] = value }
        return json(status, ["errors": [["message": .string(message), "extensions": .object(extensions)]]], headers: headers)
    }

    static func notFound(_ path: String) -> HTTPResponse {
        error(404, "Not Found: \(path). The Storefront API is served at /api/<version>/graphql.json.", code: "NOT_FOUND")
    }

    static func unknownVersion(_ version: String, supported: [String]) -> HTTPResponse {
        error(
            404, "Unknown API version '\(version)'. Supported versions: \(supported.joined(separator: ", ")).", code: "NOT_FOUND",
            extensions: JSONObject([("supportedVersions", .array(supported.map(JSONValue.string)))])
        )
    }
}
