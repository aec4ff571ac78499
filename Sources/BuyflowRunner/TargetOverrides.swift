import BuyflowWorkflow

/// Command-line flags that replace the workflow's `shop` settings: `--url`, `--domain`,
/// `--token`, `--api-version`, `--locale`, `--api-version-mismatch`.
public struct TargetOverrides: Sendable {
    public var url: String?
    public var domain: String?
    public var token: String?
    public var apiVersion: String?
    public var locale: String?
    public var apiVersionMismatch: APIVersionMismatch?

    public init(
        url: String? = nil, domain: String? = nil, token: String? = nil, apiVersion: String? = nil,
        locale: String? = nil, apiVersionMismatch: APIVersionMismatch? = nil
    ) {
        self.url = url
        self.domain = domain
        self.token = token
        self.apiVersion = apiVersion
        self.locale = locale
        self.apiVersionMismatch = apiVersionMismatch
    }
}
