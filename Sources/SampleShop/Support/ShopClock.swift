import Foundation

/// Timestamps the shop makes (cart creation, order completion): ISO 8601, UTC, seconds.
enum ShopClock {
    static func now() -> String {
        Date().formatted(.iso8601)
    }
}
