import Foundation
internal import CCurl

/// A libcurl easy handle, pooled by the engine and reused across requests without a
/// reset: the options that never change for its transport are set once, and the header
/// list and URL of the previous request are kept and reused when the next one has the
/// same. A reused handle also keeps libcurl's DNS cache and TLS session IDs; connections
/// are shared through the multi handle.
final class CurlEasyHandle: @unchecked Sendable {
    let handle: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private var headers: Graph.HTTPHeaders?
    private var url: String?

    init?(configuration: Graph.CurlTransport.Configuration) {
        CurlGlobal.initialize()
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        errorBuffer = .allocate(capacity: Int(buyflow_curl_error_size))
        errorBuffer.initialize(repeating: 0, count: Int(buyflow_curl_error_size))

        buyflow_curl_easy_setopt_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        buyflow_curl_easy_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_TCP_NODELAY, 1)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_TCP_KEEPALIVE, 1)
        buyflow_curl_easy_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, max(1, CurlTransfer.milliseconds(configuration.connectTimeout)))
        buyflow_curl_easy_setopt_long(handle, CURLOPT_HTTP_VERSION, configuration.httpVersion.curlValue)
        if !configuration.verifyPeer {
            buyflow_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYPEER, 0)
            buyflow_curl_easy_setopt_long(handle, CURLOPT_SSL_VERIFYHOST, 0)
        }
        if let caBundle = configuration.caBundlePath { buyflow_curl_easy_setopt_string(handle, CURLOPT_CAINFO, caBundle) }
        if configuration.acceptCompression { buyflow_curl_easy_setopt_string(handle, CURLOPT_ACCEPT_ENCODING, "") }
        buyflow_curl_easy_setopt_data_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteBody)
        buyflow_curl_easy_setopt_data_callback(handle, CURLOPT_HEADERFUNCTION, curlWriteHeader)
    }

    /// Sets the URL unless the previous request had the same.
    func setURL(_ text: String) {
        guard text != url else { return }
        buyflow_curl_easy_setopt_string(handle, CURLOPT_URL, text)
        url = text
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

    /// Clears the last failure's message before a new request.
    func clearError() { errorBuffer[0] = 0 }

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

/// `CURLOPT_WRITEFUNCTION`: appends body bytes to the transfer.
private let curlWriteBody: buyflow_curl_data_callback = { buffer, size, count, userdata in
    let length = size * count
    guard let buffer, let userdata else { return length }
    CurlTransfer.from(userdata).body.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}

/// `CURLOPT_HEADERFUNCTION`: appends raw header lines to the transfer.
private let curlWriteHeader: buyflow_curl_data_callback = { buffer, size, count, userdata in
    let length = size * count
    guard let buffer, let userdata else { return length }
    CurlTransfer.from(userdata).headerBytes.append(contentsOf: UnsafeRawBufferPointer(start: buffer, count: length))
    return length
}
