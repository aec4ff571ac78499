import Buy
import BuyflowReport
import Foundation

/// What a failed attempt carries so it can be looked at and sent again: a `curl` command
/// line and the start of the request and of the response, secrets redacted.
enum Repro {
    static let tokenHeader = "X-Shopify-Storefront-Access-Token"

    /// `curl` sending the same request; the token is written as `$STOREFRONT_TOKEN`, other
    /// secret headers as `[redacted]`.
    static func curl(_ request: Graph.HTTPRequest) -> String {
        var lines = ["curl -sS -X \(request.method) \(quoted(request.url.absoluteString))"]
        for (name, value) in request.headers where name.lowercased() != "user-agent" {
            if name.lowercased() == tokenHeader.lowercased() {
                lines.append("-H \"\(name): $STOREFRONT_TOKEN\"")
            } else if Graph.Redaction.isSecret(headerName: name) {
                lines.append("-H \(quoted("\(name): \(Graph.Redaction.placeholder)"))")
            } else {
                lines.append("-H \(quoted("\(name): \(value)"))")
            }
        }
        if !request.body.isEmpty {
            lines.append("--data-raw \(quoted(String(decoding: request.body, as: UTF8.self)))")
        }
        return lines.joined(separator: " \\\n  ")
    }

    /// The request's headers (secret values redacted) and the start of its body, redacted
    /// by `redact` before it is cut (a secret across the cut keeps no head).
    static func excerpt(_ request: Graph.HTTPRequest, limit: Int, redact: Redactor) -> HTTPExcerpt {
        excerpt(headers: Graph.Redaction.redacted(request.headers), body: request.body, limit: limit, redact: redact)
    }

    static func excerpt(_ response: Graph.HTTPResponse, limit: Int, redact: Redactor) -> HTTPExcerpt {
        excerpt(headers: Graph.Redaction.redacted(response.headers), body: response.body, limit: limit, redact: redact)
    }

    private static func excerpt(headers: Graph.HTTPHeaders, body: Data, limit: Int, redact: Redactor) -> HTTPExcerpt {
        let text = redact(String(decoding: body, as: UTF8.self))
        let cut = ReportValues.prefix(text, bytes: limit)
        return HTTPExcerpt(
            headers: headers.map { HTTPExcerpt.Header(name: $0.name, value: redact($0.value)) },
            body: cut, bodyTruncated: cut.utf8.count < text.utf8.count
        )
    }

    /// The text in single quotes for a POSIX shell.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
