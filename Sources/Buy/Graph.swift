/// The namespace of the Storefront client, as in Shopify's Mobile Buy SDK:
/// `Graph.Client`, `Graph.Task`, `Graph.RetryHandler`, `Graph.CachePolicy`,
/// `Graph.QueryError`, and the transports the client sends requests through.
public enum Graph {}
