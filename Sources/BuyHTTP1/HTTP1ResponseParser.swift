import Buy
#if os(Linux)
import Foundation
internal import CHTTPParser

/// Parses the responses arriving on one connection with Node's http-parser, collecting
/// the status, headers and body of each. Interim (1xx) responses are skipped. Used by the
/// event loop's thread only.
final class HTTP1ResponseParser {
    enum Outcome {
        /// The bytes were consumed and the response is not complete yet.
        case needsMore
        /// A whole response; `consumed` bytes of the input belonged to it.
        case complete(consumed: Int)
        /// The bytes are not an HTTP response (or break a limit).
        case failed(String)
    }

    private let parser: UnsafeMutablePointer<http_parser>
    private let maxBodyBytes: Int

    private(set) var status = 0
    /// The header fields of the current response.
    var headers: Graph.HTTPHeaders { fields.headers }
    private(set) var body = Data()
    private(set) var httpVersion = "HTTP/1.1"
    /// Whether the connection may carry another request after this response.
    private(set) var keepAlive = false
    /// Whether any byte of the current response arrived.
    private(set) var started = false
    /// The response to a HEAD request has headers only.
    var expectsNoBody = false

    /// The fields read so far, in one stored property: each callback then costs one
    /// exclusivity check of the class's storage, not one per field it touches.
    private var fields = HTTP1HeaderReader()
    private var complete = false
    private var limitExceeded = false
    /// Interim (1xx) responses before this one: a server that sends them without end is
    /// refused after `maxInterimResponses`.
    private var interimResponses = 0
    static let maxInterimResponses = 8

    init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
        parser = .allocate(capacity: 1)
        parser.initialize(to: http_parser())
        reset()
    }

    deinit {
        parser.deinitialize(count: 1)
        parser.deallocate()
    }

    /// Readies the parser for the next response on the connection.
    func reset() {
        http_parser_init(parser, HTTP_RESPONSE)
        parser.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        status = 0
        fields.reset()
        body = Data()
        keepAlive = false
        started = false
        complete = false
        limitExceeded = false
        interimResponses = 0
    }

    /// Feeds bytes read from the socket.
    func feed(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        guard !bytes.isEmpty else { return .needsMore }
        started = true
        let consumed = http_parser_execute(parser, Self.settings, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
        return outcome(consumed: consumed, of: bytes.count)
    }

    /// Tells the parser the server closed the connection mid-response; whether that
    /// completed it (a body that runs to the end of the connection) or cut it short.
    func finish() -> Bool {
        _ = http_parser_execute(parser, Self.settings, nil, 0)
        return complete
    }

    private func outcome(consumed: Int, of count: Int) -> Outcome {
        if complete { return .complete(consumed: consumed) }
        if limitExceeded { return .failed("the response body is larger than \(maxBodyBytes) bytes") }
        if interimResponses > Self.maxInterimResponses {
            return .failed("more than \(Self.maxInterimResponses) interim (1xx) responses before the response")
        }
        let code = buyflow_http_parser_errno(parser)
        if code != HPE_OK.rawValue {
            let name = String(cString: http_errno_description(http_errno(rawValue: code)))
            return .failed("invalid HTTP response: \(name)")
        }
        return consumed == count ? .needsMore : .failed("invalid HTTP response")
    }

    // MARK: - Callbacks

    /// 0 to go on; 1 tells the parser there is no body.
    private func headersComplete() -> Int32 {
        fields.flush()
        status = Int(buyflow_http_parser_status(parser))
        httpVersion = Self.version(major: parser.pointee.http_major, minor: parser.pointee.http_minor)
        let length = parser.pointee.content_length
        if length != UInt64.max, length <= UInt64(maxBodyBytes) { body.reserveCapacity(Int(length)) }
        return expectsNoBody && status >= 200 ? 1 : 0
    }

    /// `HTTP/1.1` (the usual answer, without building a string), `HTTP/1.0`, ….
    private static func version(major: UInt16, minor: UInt16) -> String {
        switch (major, minor) {
        case (1, 1): "HTTP/1.1"
        case (1, 0): "HTTP/1.0"
        default: "HTTP/\(major).\(minor)"
        }
    }

    private func bodyBytes(_ bytes: UnsafeRawBufferPointer) -> Int32 {
        guard body.count + bytes.count <= maxBodyBytes else {
            limitExceeded = true
            return 1
        }
        body.append(bytes.assumingMemoryBound(to: UInt8.self))
        return 0
    }

    private func messageComplete() -> Int32 {
        if (100..<200).contains(status), status != 101 {
            // An interim response: the real one follows on the same connection.
            interimResponses += 1
            if interimResponses > Self.maxInterimResponses { return 1 }
            fields.reset()
            status = 0
            return 0
        }
        keepAlive = http_should_keep_alive(parser) != 0
        complete = true
        http_parser_pause(parser, 1)
        return 0
    }

    private static func from(_ parser: UnsafeMutablePointer<http_parser>?) -> HTTP1ResponseParser {
        Unmanaged<HTTP1ResponseParser>.fromOpaque(parser!.pointee.data).takeUnretainedValue()
    }

    private static func buffer(_ at: UnsafePointer<CChar>?, _ length: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: at, count: at == nil ? 0 : length)
    }

    /// The callbacks, shared by every parser (they find their parser through `data`).
    nonisolated(unsafe) private static let settings: UnsafeMutablePointer<http_parser_settings> = {
        var settings = http_parser_settings()
        settings.on_header_field = { parser, at, length in
            from(parser).fields.name(buffer(at, length))
            return 0
        }
        settings.on_header_value = { parser, at, length in
            from(parser).fields.value(buffer(at, length))
            return 0
        }
        settings.on_headers_complete = { parser in from(parser).headersComplete() }
        settings.on_body = { parser, at, length in from(parser).bodyBytes(buffer(at, length)) }
        settings.on_message_complete = { parser in from(parser).messageComplete() }
        let pointer = UnsafeMutablePointer<http_parser_settings>.allocate(capacity: 1)
        pointer.initialize(to: settings)
        return pointer
    }()
}
#endif
