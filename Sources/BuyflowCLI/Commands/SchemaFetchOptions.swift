/// The options of `buyflow schema fetch`.
struct SchemaFetchOptions: ParsableOptions, Equatable {
    /// The endpoint, the token and the API version (the rest of the target group does not apply).
    var target: TargetOptions
    /// Where the introspection result goes; `nil`: stdout.
    var output: String?

    static let output = OptionSpec("output", short: "o", value: "file", help: "Write the schema to this file (default: stdout).")

    static let optionSpecs = [TargetOptions.url, TargetOptions.domain, TargetOptions.token, TargetOptions.apiVersion, output]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        try parsed.exclusive(TargetOptions.url, TargetOptions.domain)
        var target = TargetOptions(url: nil, domain: nil, token: nil, apiVersion: nil, locale: nil, apiVersionMismatch: nil)
        if let text = parsed.value(TargetOptions.url) { target.url = try TargetOptions.parseURL(text, parsed) }
        if let text = parsed.value(TargetOptions.domain) { target.domain = try TargetOptions.parseDomain(text, parsed) }
        target.token = try parsed.nonEmpty(TargetOptions.token)
        if let text = parsed.value(TargetOptions.apiVersion) { target.apiVersion = try TargetOptions.parseAPIVersion(text, parsed) }
        guard target.url != nil || target.domain != nil else {
            throw parsed.usageError(
                "missing option '--url <url>' or '--domain <shop.myshopify.com>'",
                hint: "name the shop to introspect, e.g. --domain shoes.myshopify.com --token <token>")
        }
        return Self(target: target, output: try parsed.nonEmpty(output))
    }
}
