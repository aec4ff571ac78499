/// The release of buyflow and the Storefront API version it targets. Versioning is
/// CalVer `yyyy.m.patch`, tied to the Storefront API version (2026-04 → 2026.4.x).
public enum BuyflowVersion {
    public static let version = "2026.4.0"
    public static let storefrontAPIVersion = "2026-04"

    /// `buyflow 2026.4.0 (Storefront API 2026-04)`
    public static var banner: String { "buyflow \(version) (Storefront API \(storefrontAPIVersion))" }

    /// Sent as `User-Agent` by the client.
    public static var userAgent: String { "buyflow/\(version) (Storefront API \(storefrontAPIVersion))" }
}
