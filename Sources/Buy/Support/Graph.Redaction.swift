import Foundation

extension Graph {
    /// Keeps secrets out of everything the client prints or logs: the values of secret
    /// headers (the Storefront access token first of all) are replaced by `[redacted]`,
    /// and `scrub` removes those values wherever else they appear in a line of text.
    public enum Redaction {
        /// Header names whose values are secrets (compared case-insensitively).
        public static let secretHeaderNames: Set<String> = [
            "x-shopify-storefront-access-token",
            "shopify-storefront-private-token",
            "authorization",
            "proxy-authorization",
            "cookie",
            "set-cookie",
        ]

        public static let placeholder = "[redacted]"

        public static func isSecret(headerName name: String) -> Bool {
            secretHeaderNames.contains(name.lowercased())
        }

        /// The headers with every secret value replaced by `[redacted]`.
        public static func redacted(_ headers: HTTPHeaders) -> HTTPHeaders {
            HTTPHeaders(headers.map { field in
                (name: field.name, value: isSecret(headerName: field.name) ? placeholder : field.value)
            })
        }

        /// The secret values among these headers (empty values are not secrets), and the
        /// credential part of a scheme-prefixed value (`Bearer abc…` → `abc…`).
        public static func secrets(in headers: HTTPHeaders) -> [String] {
            var found: [String] = []
            for (name, value) in headers where isSecret(headerName: name) && !value.isEmpty {
                found.append(value)
                if let credential = value.split(separator: " ").last, credential.count >= 8, credential.count < value.count {
                    found.append(String(credential))
                }
            }
            return found
        }

        /// Words that make a URL query parameter's value a secret (`?access_token=…`, `?key=…`).
        public static let secretQueryWords = [
            "token", "key", "secret", "password", "passwd", "auth", "sig", "credential", "session",
        ]

        public static func isSecret(queryName name: String) -> Bool {
            let lower = name.lowercased()
            return secretQueryWords.contains(where: lower.contains)
        }

        /// The secrets a URL carries: the values of secret query parameters (as written and
        /// decoded) and the password of its user info.
        public static func secrets(in url: URL) -> [String] {
            guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
            var found: [String] = []
            for item in components.percentEncodedQueryItems ?? [] where isSecret(queryName: item.name) {
                guard let value = item.value, !value.isEmpty else { continue }
                found.append(value)
                if let decoded = value.removingPercentEncoding, decoded != value { found.append(decoded) }
            }
            if let password = components.password, !password.isEmpty { found.append(password) }
            return found
        }

        /// `text` with every occurrence of each secret replaced by `[redacted]`.
        public static func scrub(_ text: String, secrets: [String]) -> String {
            var text = text
            for secret in secrets where !secret.isEmpty {
                text = text.replacing(secret, with: placeholder)
            }
            return text
        }
    }
}
