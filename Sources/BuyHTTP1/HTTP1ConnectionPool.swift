import Buy
#if os(Linux)
import Synchronization

/// The idle connections of `HTTP1Transport`, by endpoint, newest last: a request takes
/// the most recently used one (warm, least likely to have been closed by the server).
final class HTTP1ConnectionPool: Sendable {
    private let idle = Mutex<[HTTP1Endpoint: [HTTP1Connection]]>([:])
    private let limit: Int

    init(limitPerEndpoint: Int) {
        limit = max(0, limitPerEndpoint)
    }

    func checkout(_ endpoint: HTTP1Endpoint) -> HTTP1Connection? {
        idle.withLock { $0[endpoint]?.popLast() }
    }

    /// Keeps `connection` for reuse; `false` when the endpoint has enough idle ones.
    func checkin(_ connection: HTTP1Connection) -> Bool {
        idle.withLock { idle in
            guard idle[connection.endpoint, default: []].count < limit else { return false }
            idle[connection.endpoint, default: []].append(connection)
            return true
        }
    }

    func remove(_ connection: HTTP1Connection) {
        idle.withLock { idle in
            guard let index = idle[connection.endpoint]?.firstIndex(where: { $0 === connection }) else { return }
            idle[connection.endpoint]?.remove(at: index)
        }
    }
}
#endif
