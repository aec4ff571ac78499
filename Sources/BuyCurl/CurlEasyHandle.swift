import Buy
import Foundation
internal import CCurl

/// A libcurl easy handle, pooled by the engine and reused across requests without a
/// reset: the options that never change for its transport are set once, and the header
/// list and URL of the previous request are kept and reused when the next one has the
/// same. A reused handle also keeps libcurl's DNS cache and TLS session IDs; connections
/// are shared through the multi handle.
///
/// Its callbacks collect the current response here: the body straight into the `Data`
/// the response hands out (no copy), the header lines into a buffer that keeps its
/// capacity from request to request. Written by the engine's thread during a transfer,
/// read by the sending task after it ends (see `CurlTransfer`).
final class CurlEasyHandle: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>
    /// The body received so far.
    var body = Data()
    /// The raw header lines received so far (of every response, a 100 Continue's too).
    var headerBytes: [UInt8] = []
    /// Set by a callback that refused more bytes: why the transfer was ended.
    var refusal: String?
    /// The body limit (decoded bytes) and the header limit (every response's lines).
    let maxBodyBytes: Int
    static let maxHeaderBytes = 1 << 20
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var headers: Graph.HTTPHeaders?
    private var url: URL?
    /// A header buffer grown past this by a huge response is not kept for the next one.
    private static let keptHeaderCapacity = 16 * 1024

    init?(configuration: Graph.CurlTransport.Configuration) {
        CurlGlobal.initialize()
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        maxBodyBytes = max(0, configuration.maxResponseBytes)
        errorBuffer = .allocate(capacity: Int(buyflow_curl_error_size))
        errorBuffer.initialize(repeating: 0, count: Int(buyflow_curl_error_size))

        buyflow_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        buyflow_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_TCP_NODELAY, 1)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, configuration.connectTimeout.wholeMilliseconds))
        buyflow_curl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, configuration.httpVersion.curlValue)
        if !configuration.verifyPeer {
            buyflow_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0)
            buyflow_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let caBundle = configuration.caBundlePath { buyflow_curl_easy_setopt_string(handle, CURLOPT_CAINFO, caBundle) }
        if configuration.acceptCompression { buyflow_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") }
        buyflow_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody)
        buyflow_curl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader)
        let opaque = Unmanaged.passUnretained(self).toOpaque()
        buyflow_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, opaque)
        buyflow_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, opaque)
    }

    static func from(_ pointer: UnsafeMutableRawPointer) -> CurlEasyHandle {
        Unmanaged<CurlEasyHandle>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Sets the URL (http or https only) unless the previous request had the same, which
    /// spares building its text and checking its scheme again.
    func setURL(_ requested: URL) throws(Graph.TransportError) {
        guard requested != url else { return }
        let text = requested.absoluteString
        guard let scheme = requested.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw Graph.TransportError(.invalidRequest, "unsupported URL '\(text)': only http and https")
        }
        buyflow_curl_easy_setopt_string(handle, CURLOPT_URL, text)
        url = requested
    }

    /// Sets the request headers, reusing the previous list when they are the same.
    func setHeaders(_ requested: Graph.HTTPHeaders) throws(Graph.TransportError) {
        if requested == headers, headerList != nil { return }
        var list: UnsafeMutablePointer<curl_slist>?
        for (name, value) in requested {
            guard Self.isValidHeader(name, value) else {
                curl_slist_free_all(list)
                throw Graph.TransportError(.invalidRequest, "header '\(name)' has a line break or an invalid name")
            }
            list = curl_slist_append(list, value.isEmpty ? "\(name);" : "\(name): \(value)")
        }
        // No `Expect: 100-continue` round trip for larger bodies.
        list = curl_slist_append(list, "Expect:")
        buyflow_curl_easy_setopt_slist(handle, CURLOPT_HTTPHEADER, list)
        curl_slist_free_all(headerList)
        headerList = list
        headers = requested
    }

    /// Clears the last request's failure message and response before a new request.
    func clearResponse() {
        errorBuffer[0] = 0
        refusal = nil
        body = Data()
        if headerBytes.capacity > Self.keptHeaderCapacity {
            headerBytes = []
        } else {
            headerBytes.removeAll(keepingCapacity: true)
        }
    }

    /// The body received, handed over without a copy; the handle starts a new one.
    func takeBody() -> Data {
        defer { body = Data() }
        return body
    }

    /// The detailed message libcurl wrote for the last failure, if any.
    var errorMessage: String? {
        errorBuffer[0] == 0 ? nil : String(cString: errorBuffer)
    }

    private static func isValidHeader(_ name: String, _ value: String) -> Bool {
        !name.isEmpty
            && !name.utf8.contains(where: { $0 <= 0x20 || $0 == UInt8(ascii: ":") || $0 >= 0x7F })
            && !value.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0 })
    }

    deinit {
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }
}

/// `curl_global_init`, once per process, before the first handle.
enum CurlGlobal {
    private static let initialized: Bool = curl_global_init(buyflow_curl_global_default) == CURLE_OK

    static func initialize() { _ = initialized }

    /// `libcurl/7.88.1 OpenSSL/3.0 …`
    static var version: String { String(cString: curl_version()) }
}

/// `CURLOPT_WRITEFUNCTION`: appends body bytes to the handle's response.
private let curlWriteBody: buyflow_curl_data_callback = { buffer, size, count, userdata in
    let length = size * count
    guard let buffer, let userdata else { return length }
    let easy = CurlEasyHandle.from(userdata)
    // Returning less than `length` makes libcurl end the transfer (CURLE_WRITE_ERROR).
    guard length <= easy.maxBodyBytes - easy.body.count else {
        easy.refusal = "the response body is larger than \(easy.maxBodyBytes) bytes"
        return 0
    }
    easy.body.append(UnsafeRawPointer(buffer).assumingMemoryBound(to: UInt8.self), count: length)
    return length
}

/// `CURLOPT_HEADERFUNCTION`: appends raw header lines to the handle's response.
private let curlWriteHeader: buyflow_curl_data_callback = { buffer, size, count, userdata in
    let length = size * count
    guard let buffer, let userdata else { return length }
    let easy = CurlEasyHandle.from(userdata)
    // Endless header lines (or `100 Continue` after `100 Continue`) end the transfer.
    guard length <= CurlEasyHandle.maxHeaderBytes - easy.headerBytes.count else {
        easy.refusal = "the response headers are larger than \(CurlEasyHandle.maxHeaderBytes) bytes"
        return 0
    }
    easy.headerBytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}
