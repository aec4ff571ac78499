import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Dispatch
import Synchronization

extension Graph {
    /// Sends requests with a `URLSession`, as the SDK does; the default transport.
    /// On Linux, URLSession reports no timing breakdown: only `total` is measured.
    public final class URLSessionTransport: Transport {
        public let session: URLSession
        /// The timeout of requests that set none.
        public let defaultTimeout: Duration

        public init(session: URLSession = URLSession(configuration: .default), defaultTimeout: Duration = .seconds(30)) {
            self.session = session
            self.defaultTimeout = defaultTimeout
        }

        public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            let timeout = request.timeout ?? defaultTimeout
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            urlRequest.httpShouldHandleCookies = false
            urlRequest.timeoutInterval = max(0.001, Timing.milliseconds(timeout) / 1000)
            for (name, value) in request.headers { urlRequest.addValue(value, forHTTPHeaderField: name) }
            if !request.body.isEmpty { urlRequest.httpBody = request.body }

            let state = TaskState()
            let start = ContinuousClock.now
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                    let task = session.dataTask(with: urlRequest) { data, response, error in
                        let elapsed = ContinuousClock.now - start
                        let outcome = state.finish()
                        guard let reason = outcome else { return }
                        switch reason {
                        case .cancelled:
                            continuation.resume(throwing: TransportError.cancelled())
                        case .timedOut:
                            continuation.resume(throwing: TransportError(.timeout, "no complete response within \(timeout)"))
                        case .completed:
                            continuation.resume(with: Self.result(data, response, error, elapsed: elapsed, timeout: timeout))
                        }
                    }
                    if state.attach(task) { task.cancel() }
                    // URLSession's timeout is an idle timeout; this makes it a whole-request one.
                    DispatchQueue.global().asyncAfter(deadline: .now() + Timing.milliseconds(timeout) / 1000) {
                        if let task = state.timeOut() { task.cancel() }
                    }
                    task.resume()
                }
            } onCancel: {
                if let task = state.cancel() { task.cancel() }
            }
        }

        /// Who ends a data task first: its completion, cancellation or the deadline.
        private final class TaskState: Sendable {
            enum Reason { case completed, cancelled, timedOut }

            private struct State {
                var task: URLSessionDataTask?
                var cancelRequested = false
                var timedOut = false
                var finished = false
            }

            private let state = Mutex(State())

            /// Keeps the task; `true` when it was cancelled before it existed.
            func attach(_ task: URLSessionDataTask) -> Bool {
                state.withLock { state in
                    state.task = task
                    return state.cancelRequested
                }
            }

            func cancel() -> URLSessionDataTask? {
                state.withLock { state in
                    state.cancelRequested = true
                    return state.finished ? nil : state.task
                }
            }

            func timeOut() -> URLSessionDataTask? {
                state.withLock { state in
                    guard !state.finished, !state.cancelRequested else { return nil }
                    state.timedOut = true
                    return state.task
                }
            }

            /// Why the task ended; `nil` after the first call.
            func finish() -> Reason? {
                state.withLock { state in
                    guard !state.finished else { return nil }
                    state.finished = true
                    if state.cancelRequested { return .cancelled }
                    if state.timedOut { return .timedOut }
                    return .completed
                }
            }
        }

        private static func result(_ data: Data?, _ response: URLResponse?, _ error: (any Error)?, elapsed: Duration, timeout: Duration) -> Result<HTTPResponse, any Error> {
            if let error {
                let nsError = error as NSError
                if let urlError = error as? URLError {
                    switch urlError.code {
                    case .timedOut: return .failure(TransportError(.timeout, "no complete response within \(timeout)", code: urlError.code.rawValue))
                    case .cancelled: return .failure(TransportError.cancelled())
                    case .badURL, .unsupportedURL: return .failure(TransportError(.invalidRequest, urlError.localizedDescription, code: urlError.code.rawValue))
                    default: break
                    }
                }
                return .failure(TransportError(.network, nsError.localizedDescription, code: nsError.code))
            }
            guard let http = response as? HTTPURLResponse else {
                return .failure(TransportError(.network, "the response is not an HTTP response"))
            }
            var headers = HTTPHeaders()
            for (name, value) in http.allHeaderFields {
                headers.add(name: "\(name)", value: "\(value)")
            }
            return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data(), timing: Timing(total: elapsed)))
        }
    }
}
