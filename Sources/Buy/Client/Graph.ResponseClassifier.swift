import Foundation
import BuyflowCore

extension Graph {
    /// Turns an HTTP response into JSON and a `QueryError`, in the SDK's order: status,
    /// empty body, JSON syntax, GraphQL shape, GraphQL `errors`. A `multipart/mixed` body
    /// (`@defer`) is merged into one result first.
    enum ResponseClassifier {
        struct Outcome {
            var json: JSONValue?
            var jsonError: Diagnostic?
            var error: QueryError?
        }

        static func classify(_ response: HTTPResponse) -> Outcome {
            var outcome = Outcome()
            if !response.body.isEmpty {
                do {
                    if let contentType = response.headers["Content-Type"], MultipartResponse.isMultipart(contentType) {
                        outcome.json = try MultipartResponse.merge(response.body, contentType: contentType)
                    } else {
                        outcome.json = try JSONParser(path: "<response>").parse(bytes: response.body)
                    }
                } catch {
                    outcome.jsonError = error
                }
            }
            guard response.isSuccess else {
                outcome.error = .http(statusCode: response.status)
                return outcome
            }
            guard !response.body.isEmpty else {
                outcome.error = .noData
                return outcome
            }
            guard let json = outcome.json else {
                outcome.error = .jsonDeserializationFailed(data: response.body)
                return outcome
            }
            let data = json["data"]
            let errors = json["errors"]
            let hasData = data?.objectValue != nil
            let errorList = errors?.arrayValue
            guard json.objectValue != nil, hasData || errorList != nil, errors == nil || errorList != nil else {
                outcome.error = .invalidJson(json: json)
                return outcome
            }
            if let errorList, !errorList.isEmpty {
                outcome.error = .invalidQuery(reasons: errorList.map(QueryError.Reason.init(json:)))
            } else if !hasData {
                outcome.error = .invalidJson(json: json)
            }
            return outcome
        }
    }
}
