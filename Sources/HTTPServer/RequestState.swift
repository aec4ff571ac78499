internal import Synchronization

/// Per-request state behind MHD's `req_cls` pointer (retained there with `Unmanaged`,
/// released in the request-completed callback). Only requests with a body or a parked
/// reply get one; the others carry `RequestState.bodyless`.
///
/// `body`, `discarded` and `isParked` are touched only from the access handler, which MHD
/// runs for one connection at a time (a parked connection's resumption goes through
/// MHD's own locking), hence `@unchecked Sendable`. `outcome` crosses threads: it is
/// written by whoever resumes the parked connection and read after resumption.
final class RequestState: @unchecked Sendable {
    /// What a resumed connection does.
    enum Outcome: Sendable {
        case respond(HTTPResponse)
        case drop
    }

    var body: [UInt8] = []
    /// Bytes read past `maxBodySize` and thrown away.
    var discarded = 0
    var isParked = false
    let outcome = Mutex<Outcome?>(nil)

    /// The `req_cls` of a request without state of its own; never dereferenced.
    nonisolated(unsafe) static let bodyless = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
}
