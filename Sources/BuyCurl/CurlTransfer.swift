import Buy
import Foundation
internal import CCurl

/// One request in flight on the curl engine: its pooled easy handle (which collects the
/// response) and the continuation to resume when it ends. The easy handle's
/// `CURLOPT_PRIVATE` points here, so the engine finds the transfer of a finished handle.
///
/// Touched by the submitting task until `submit`, then only by the engine's thread until
/// the continuation resumes, then by the task again: never by two threads at once.
final class CurlTransfer: @unchecked Sendable {
    let easy: CurlEasyHandle
    var continuation: UnsafeContinuation<CURLcode, Never>?

    // Engine-thread state.
    var isActive = false
    var isFinished = false
    var cancelPending = false
    var wasCancelled = false

    init(easy: CurlEasyHandle) {
        self.easy = easy
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> CurlTransfer {
        Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Sets the options that change from request to request on the easy handle.
    func configure(_ request: Graph.HTTPRequest, _ configuration: Graph.CurlTransport.Configuration) throws(Graph.TransportError) {
        let handle = easy.handle
        try easy.setURL(request.url)
        try easy.setHeaders(request.headers)
        easy.clearResponse()

        let method = request.method.uppercased()
        buyflow_curl_easy_setopt_long(handle, CURLOPT_NOBODY, method == "HEAD" ? 1 : 0)
        switch method {
        case "GET" where request.body.isEmpty:
            buyflow_curl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, nil)
            buyflow_curl_easy_setopt_long(handle, CURLOPT_HTTPGET, 1)
        case "HEAD":
            buyflow_curl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, nil)
        default:
            buyflow_curl_easy_setopt_string(handle, CURLOPT_CUSTOMREQUEST, method == "POST" ? nil : method)
            buyflow_curl_easy_setopt_long(handle, CURLOPT_POST, 1)
            buyflow_curl_easy_setopt_off_t(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count))
            if request.body.isEmpty {
                buyflow_curl_easy_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, "")
            } else {
                // COPYPOSTFIELDS copies the bytes, so the body need not outlive this call.
                _ = request.body.withUnsafeBytes { bytes in
                    buyflow_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress))
                }
            }
        }

        let timeout = request.timeout ?? configuration.defaultTimeout
        buyflow_curl_easy_setopt_long(handle, CURLOPT_TIMEOUT_MS, max(1, timeout.wholeMilliseconds))
        buyflow_curl_easy_setopt_pointer(handle, CURLOPT_PRIVATE, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The response, or the transport error, once the transfer ended with `code`.
    func response(_ code: CURLcode, timeout: Duration) throws(Graph.TransportError) -> Graph.HTTPResponse {
        // Taken first, so that a failed transfer's partial body is not kept in the pool.
        let body = easy.takeBody()
        if wasCancelled { throw .cancelled() }
        guard code == CURLE_OK else { throw error(for: code, timeout: timeout) }
        var info = buyflow_curl_transfer_info()
        buyflow_curl_read_transfer_info(easy.handle, &info)
        // Each phase includes the ones before it; on a reused connection libcurl reports
        // a zero connect time after a non-zero lookup, so keep the phases monotonic.
        let lookup = info.namelookup_us
        let connect = max(info.connect_us, lookup)
        let tls = info.appconnect_us > 0 ? max(info.appconnect_us, connect) : nil
        let firstByte = max(info.starttransfer_us, tls ?? connect)
        let timing = Graph.Timing(
            nameLookup: .microseconds(lookup),
            connect: .microseconds(connect),
            tlsHandshake: tls.map { .microseconds($0) },
            firstByte: .microseconds(firstByte),
            total: .microseconds(max(info.total_us, firstByte)),
            reusedConnection: info.num_connects == 0
        )
        return Graph.HTTPResponse(
            status: info.response_code,
            headers: easy.headerBytes.withUnsafeBufferPointer(Self.parseHeaders),
            body: body,
            timing: timing,
            httpVersion: Self.versionName(info.http_version)
        )
    }

    private func error(for code: CURLcode, timeout: Duration) -> Graph.TransportError {
        let detail = easy.errorMessage ?? String(cString: curl_easy_strerror(code))
        let number = Int(code.rawValue)
        if let refusal = easy.refusal { return Graph.TransportError(.network, refusal, code: number) }
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return Graph.TransportError(.timeout, "no complete response within \(timeout): \(detail)", code: number)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return Graph.TransportError(.invalidRequest, detail, code: number)
        default:
            return Graph.TransportError(.network, detail, code: number)
        }
    }

    /// The header fields of the last response (a 100 Continue or redirect's are dropped).
    static func parseHeaders(_ bytes: UnsafeBufferPointer<UInt8>) -> Graph.HTTPHeaders {
        var headers = Graph.HTTPHeaders()
        var lineStart = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            var end = index
            if end > lineStart, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            defer { lineStart = index + 1 }
            guard end > lineStart else { continue }
            let line = UnsafeBufferPointer(rebasing: bytes[lineStart..<end])
            if line.starts(with: "HTTP/".utf8) {
                headers = Graph.HTTPHeaders()
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            var valueStart = colon + 1
            while valueStart < line.count, line[valueStart] == UInt8(ascii: " ") || line[valueStart] == UInt8(ascii: "\t") { valueStart += 1 }
            headers.add(
                name: String(decoding: UnsafeBufferPointer(rebasing: line[..<colon]), as: UTF8.self),
                value: String(decoding: UnsafeBufferPointer(rebasing: line[valueStart...]), as: UTF8.self)
            )
        }
        return headers
    }

    private static func versionName(_ version: Int) -> String? {
        switch version {
        case 1: "HTTP/1.0"
        case 2: "HTTP/1.1"
        case 3: "HTTP/2"
        case 30: "HTTP/3"
        default: nil
        }
    }
}
