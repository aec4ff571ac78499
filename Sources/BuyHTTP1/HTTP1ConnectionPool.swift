import Buy
#if os(Linux)
import Synchronization

/// The idle connections of `HTTP1Transport`, by endpoint, newest last: a request takes
/// the most recently used one (warm, least likely to have been closed by the server).
final class HTTP1ConnectionPool: Sendable {
    /// Idle connections of one endpoint. A transport talks to one endpoint or a few, so
    /// they are searched in order (no hashing, and no accessor frame per change).
    private struct Idle {
        var endpoint: HTTP1Endpoint
        var connections: [HTTP1Connection]
    }

    private let idle = Mutex<[Idle]>([])
    private let limit: Int

    init(limitPerEndpoint: Int) {
        limit = max(0, limitPerEndpoint)
    }

    func checkout(_ endpoint: HTTP1Endpoint) -> HTTP1Connection? {
        idle.withLock { idle in
            guard let slot = idle.firstIndex(where: { $0.endpoint == endpoint }) else { return nil }
            return idle[slot].connections.popLast()
        }
    }

    /// Keeps `connection` for reuse; `false` when the endpoint has enough idle ones.
    func checkin(_ connection: HTTP1Connection) -> Bool {
        idle.withLock { idle in
            guard let slot = idle.firstIndex(where: { $0.endpoint == connection.endpoint }) else {
                guard limit > 0 else { return false }
                idle.append(Idle(endpoint: connection.endpoint, connections: [connection]))
                return true
            }
            guard idle[slot].connections.count < limit else { return false }
            idle[slot].connections.append(connection)
            return true
        }
    }

    func remove(_ connection: HTTP1Connection) {
        idle.withLock { idle in
            guard let slot = idle.firstIndex(where: { $0.endpoint == connection.endpoint }),
                  let index = idle[slot].connections.firstIndex(where: { $0 === connection })
            else { return }
            idle[slot].connections.remove(at: index)
        }
    }
}
#endif
