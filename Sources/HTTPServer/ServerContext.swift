internal import CMicroHTTPD
internal import Dispatch
internal import Synchronization

/// Everything MHD's callbacks need for one running daemon: the handler, the limits and
/// the parked (suspended) connections. Handed to MHD as an unmanaged pointer; one per
/// `start()`, released after `MHD_stop_daemon` has returned.
final class ServerContext: Sendable {
    let handler: @Sendable (HTTPRequest) -> HTTPReply
    let maxBodySize: Int
    /// Bytes of a chunked body past `maxBodySize` read and discarded before the connection
    /// is cut instead of answered 413.
    let discardLimit: Int
    let tooLarge: HTTPResponse
    private let parking = Mutex(Parking())

    /// A suspended connection waiting for its reply. The connection pointer is only
    /// passed back to `MHD_resume_connection`, which may be called from any thread.
    private struct Parked: @unchecked Sendable {
        let connection: OpaquePointer
        let state: RequestState
    }

    private struct Parking {
        /// Set by `shutDown()`: no connection may be suspended any more.
        var closed = false
        var connections: [ObjectIdentifier: Parked] = [:]
    }

    init(handler: @escaping @Sendable (HTTPRequest) -> HTTPReply, maxBodySize: Int) {
        self.handler = handler
        self.maxBodySize = max(0, maxBodySize)
        self.discardLimit = max(self.maxBodySize, 1 << 20) * 4
        self.tooLarge = .json(
            status: 413,
            body: #"{"errors":[{"message":"request body exceeds \#(self.maxBodySize) bytes"}]}"#
        )
    }

    // MARK: - The access handler

    /// MHD's access handler: called when the headers are in, for each piece of body, and
    /// once the request is complete (again after a parked connection is resumed).
    func access(
        _ connection: OpaquePointer,
        url: UnsafePointer<CChar>,
        method: UnsafePointer<CChar>,
        upload: UnsafePointer<CChar>?,
        uploadSize: UnsafeMutablePointer<Int>,
        slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        guard let current = slot.pointee else {
            // Headers are in. An oversized declared body is refused before it is read:
            // MHD then discards it and closes the connection after the 413.
            slot.pointee = RequestState.bodyless
            if let length = Self.declaredContentLength(connection), length > maxBodySize {
                return queue(tooLarge, on: connection)
            }
            return .YES
        }

        if uploadSize.pointee > 0 {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            let state: RequestState
            if current == RequestState.bodyless {
                state = RequestState()
                // Reserve what is declared, but not more than 64 KiB up front: a client
                // declaring a large body and sending it slowly must not cost memory early.
                let declared = Self.declaredContentLength(connection) ?? count
                state.body.reserveCapacity(min(declared, maxBodySize, max(count, 1 << 16)))
                slot.pointee = Unmanaged.passRetained(state).toOpaque()
            } else {
                state = Unmanaged<RequestState>.fromOpaque(current).takeUnretainedValue()
            }
            if state.discarded == 0, state.body.count + count <= maxBodySize {
                state.body.append(contentsOf: UnsafeRawBufferPointer(start: upload, count: count))
            } else {
                // A chunked body grew past the limit: answer 413 when it ends, unless it
                // goes on much longer.
                state.discarded += count
                state.body = []
                if state.discarded > discardLimit { return .NO }
            }
            return .YES
        }

        // The request is complete.
        var body: [UInt8] = []
        if current != RequestState.bodyless {
            let state = Unmanaged<RequestState>.fromOpaque(current).takeUnretainedValue()
            if state.isParked { return resumed(state, connection) }
            if state.discarded > 0 { return queue(tooLarge, on: connection) }
            body = state.body
            state.body = []
        }
        let request = Self.makeRequest(connection, url: url, method: method, body: body)
        return perform(handler(request), connection, slot)
    }

    private func perform(
        _ reply: HTTPReply,
        _ connection: OpaquePointer,
        _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> MHD_Result {
        switch reply {
        case .respond(let response):
            return queue(response, on: connection)
        case .drop:
            return .NO
        case .after(let delay, let response):
            guard let state = park(connection, slot) else { return .NO }
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.interval(delay)) {
                self.resume(state, with: .respond(response))
            }
            return .YES
        case .deferred(let work):
            guard let state = park(connection, slot) else { return .NO }
            Task {
                let outcome = await Self.settle(work)
                self.resume(state, with: outcome)
            }
            return .YES
        }
    }

    /// Runs deferred work to its final outcome.
    private static func settle(_ work: @Sendable () async -> HTTPReply) async -> RequestState.Outcome {
        var reply = await work()
        while true {
            switch reply {
            case .respond(let response):
                return .respond(response)
            case .drop:
                return .drop
            case .after(let delay, let response):
                try? await Task.sleep(for: delay)
                return .respond(response)
            case .deferred(let next):
                reply = await next()
            }
        }
    }

    // MARK: - Parking (suspend/resume)

    /// Suspends the connection until `resume(_:with:)`; nil once the server is stopping.
    private func park(
        _ connection: OpaquePointer,
        _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    ) -> RequestState? {
        let state: RequestState
        if let current = slot.pointee, current != RequestState.bodyless {
            state = Unmanaged<RequestState>.fromOpaque(current).takeUnretainedValue()
        } else {
            state = RequestState()
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
        }
        state.isParked = true
        let parked = parking.withLock { parking -> Bool in
            guard !parking.closed else { return false }
            MHD_suspend_connection(connection)
            parking.connections[ObjectIdentifier(state)] = Parked(connection: connection, state: state)
            return true
        }
        return parked ? state : nil
    }

    /// Hands a parked connection its outcome and resumes it; does nothing if it was
    /// already resumed (by `shutDown()`).
    private func resume(_ state: RequestState, with outcome: RequestState.Outcome) {
        parking.withLock { parking in
            guard let parked = parking.connections.removeValue(forKey: ObjectIdentifier(state)) else { return }
            state.outcome.withLock { $0 = outcome }
            MHD_resume_connection(parked.connection)
        }
    }

    /// Called before `MHD_stop_daemon` (which must not meet a suspended connection):
    /// resumes every parked connection to be dropped and refuses to park any more.
    func shutDown() {
        parking.withLock { parking in
            parking.closed = true
            for parked in parking.connections.values {
                parked.state.outcome.withLock { $0 = .drop }
                MHD_resume_connection(parked.connection)
            }
            parking.connections.removeAll()
        }
    }

    /// The access handler's call for a resumed connection: send its outcome.
    private func resumed(_ state: RequestState, _ connection: OpaquePointer) -> MHD_Result {
        state.isParked = false
        let outcome = state.outcome.withLock { outcome in
            defer { outcome = nil }
            return outcome
        }
        switch outcome {
        case .respond(let response)?:
            return queue(response, on: connection)
        case .drop?, nil:
            return .NO
        }
    }

    // MARK: - MHD plumbing

    private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
        response.body.withUnsafeBytes { bytes -> MHD_Result in
            guard let mhdResponse = MHD_create_response_from_buffer(
                bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY
            ) else { return .NO }
            defer { MHD_destroy_response(mhdResponse) }
            for field in response.headers.fields where !Self.isFraming(field.name) {
                _ = MHD_add_response_header(mhdResponse, field.name, field.value)
            }
            let status = (100...999).contains(response.status) ? response.status : 500
            return MHD_queue_response(connection, UInt32(status), mhdResponse)
        }
    }

    /// Headers MHD sets itself from the body it is given.
    private static func isFraming(_ name: String) -> Bool {
        HTTPHeaders.namesMatch(name, "Content-Length") || HTTPHeaders.namesMatch(name, "Transfer-Encoding")
    }

    private static func makeRequest(
        _ connection: OpaquePointer,
        url: UnsafePointer<CChar>,
        method: UnsafePointer<CChar>,
        body: [UInt8]
    ) -> HTTPRequest {
        var fields: [HTTPHeaders.Field] = []
        withUnsafeMutablePointer(to: &fields) { pointer in
            _ = MHD_get_connection_values_n(connection, .HEADER_KIND, { cls, _, key, keySize, value, valueSize in
                guard let cls, let key else { return .YES }
                cls.assumingMemoryBound(to: [HTTPHeaders.Field].self).pointee.append(HTTPHeaders.Field(
                    name: decode(key, keySize), value: value.map { decode($0, valueSize) } ?? ""
                ))
                return .YES
            }, pointer)
        }
        var query: [HTTPRequest.QueryItem] = []
        withUnsafeMutablePointer(to: &query) { pointer in
            _ = MHD_get_connection_values_n(connection, .GET_ARGUMENT_KIND, { cls, _, key, keySize, value, valueSize in
                guard let cls, let key else { return .YES }
                cls.assumingMemoryBound(to: [HTTPRequest.QueryItem].self).pointee.append(HTTPRequest.QueryItem(
                    name: decode(key, keySize), value: value.map { decode($0, valueSize) }
                ))
                return .YES
            }, pointer)
        }
        return HTTPRequest(
            method: String(cString: method),
            path: String(cString: url),
            queryItems: query,
            headers: HTTPHeaders(fields: fields),
            body: body,
            remote: RemoteAddress(buyflow_mhd_client_address(connection))
        )
    }

    /// The `Content-Length` header as a number; `Int.max` if it does not fit.
    private static func declaredContentLength(_ connection: OpaquePointer) -> Int? {
        guard let text = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length") else {
            return nil
        }
        var value = 0
        var pointer = text
        while case let byte = UInt8(bitPattern: pointer.pointee), byte != 0 {
            guard byte >= 0x30, byte <= 0x39 else { break }
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times.addingReportingOverflow(Int(byte - 0x30))
            if overflow1 || overflow2 { return Int.max }
            value = sum
            pointer += 1
        }
        return value
    }

    private static func interval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return .nanoseconds(0) }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .never }
        return .nanoseconds(Int(clamping: whole + attoseconds / 1_000_000_000))
    }
}

/// UTF-8 text from MHD's (pointer, length) pairs; invalid bytes become U+FFFD.
private func decode(_ pointer: UnsafePointer<CChar>, _ count: Int) -> String {
    String(decoding: UnsafeRawBufferPointer(start: pointer, count: count), as: UTF8.self)
}
