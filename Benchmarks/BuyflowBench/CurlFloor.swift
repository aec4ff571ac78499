import Buy
import CCurl
import Foundation

/// libcurl's own cost per request, with no transport above it: the tightest multi loop
/// (the same POST, headers and body as the other rows; easy handles set up once and
/// re-added as soon as they finish; `curl_multi_perform` + `curl_multi_poll`), run on
/// the calling thread. It is the floor under `CurlTransport`: whatever the Swift layer
/// does, a transport built on libcurl cannot be cheaper than this.
enum CurlFloor {
    static func measure(_ request: Graph.HTTPRequest, inFlight: Int, duration: Duration) async -> ClientBenchmark.Measurement {
        curl_global_init(Int(CURL_GLOBAL_DEFAULT))
        guard let multi = curl_multi_init() else { return ClientBenchmark.Measurement(requests: 0, elapsed: .zero, cpuMicroseconds: 0) }
        defer { curl_multi_cleanup(multi) }
        var headers: UnsafeMutablePointer<curl_slist>?
        for (name, value) in request.headers { headers = curl_slist_append(headers, "\(name): \(value)") }
        headers = curl_slist_append(headers, "Expect:")
        defer { curl_slist_free_all(headers) }
        let body = strdup(String(decoding: request.body, as: UTF8.self))
        defer { free(body) }
        let url = request.url.absoluteString

        var handles: [UnsafeMutableRawPointer] = []
        for _ in 0..<inFlight {
            guard let easy = curl_easy_init() else { continue }
            buyflow_curl_easy_setopt_string(easy, CURLOPT_URL, url)
            buyflow_curl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers)
            buyflow_curl_easy_setopt_pointer(easy, CURLOPT_POSTFIELDS, body)
            buyflow_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
            buyflow_curl_easy_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION) { _, size, count, _ in size * count }
            handles.append(easy)
        }
        defer { for easy in handles { curl_easy_cleanup(easy) } }

        func run(for span: Duration) -> Int {
            for easy in handles { curl_multi_add_handle(multi, easy) }
            var completed = 0
            var running: Int32 = 0
            var queued: Int32 = 0
            let deadline = ContinuousClock.now + span
            while ContinuousClock.now < deadline {
                curl_multi_perform(multi, &running)
                while let message = curl_multi_info_read(multi, &queued) {
                    guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                    curl_multi_remove_handle(multi, easy)
                    completed += 1
                    curl_multi_add_handle(multi, easy)
                }
                curl_multi_poll(multi, nil, 0, 1000, nil)
            }
            for easy in handles { curl_multi_remove_handle(multi, easy) }
            return completed
        }

        return await ClientBenchmark.measure(duration) { run(for: $0) }
    }
}
