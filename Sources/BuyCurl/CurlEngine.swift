import Buy
import Foundation
import Synchronization
internal import CCurl

/// libcurl's multi interface on one worker thread: every transfer of a `CurlTransport`
/// runs here, many at once, over shared (kept-alive, HTTP/2-multiplexed) connections.
///
/// Tasks hand transfers over through a locked queue and wake the thread with
/// `curl_multi_wakeup`; the thread adds them, drives them with `curl_multi_perform`,
/// waits in `curl_multi_poll`, and resumes each transfer's continuation when it ends.
/// The multi handle is touched only by the worker thread.
final class CurlEngine: @unchecked Sendable {
    private struct Inbox {
        var adds: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
        var pool: [CurlEasyHandle] = []
        var stopping = false
        /// The worker is (about to be) waiting in `curl_multi_poll` and needs a wakeup
        /// for new work; while it is busy, hand-overs skip the wakeup's syscalls.
        var sleeping = false
    }

    private let multi: UnsafeMutableRawPointer
    private let configuration: Graph.CurlTransport.Configuration
    private let inbox = Mutex(Inbox())
    private let poolLimit = 64
    /// Transfers in the multi handle (worker thread only); each is found again through its
    /// easy handle's `CURLOPT_PRIVATE` and kept alive by its task, which awaits it.
    private var activeCount = 0

    init?(configuration: Graph.CurlTransport.Configuration) {
        CurlGlobal.initialize()
        guard let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.configuration = configuration
        buyflow_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, buyflow_curl_pipe_multiplex)
        if configuration.maxConnectionsPerHost > 0 {
            buyflow_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maxConnectionsPerHost)
        }
        if configuration.maxTotalConnections > 0 {
            buyflow_curl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, configuration.maxTotalConnections)
        }
        buyflow_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(16, configuration.maxTotalConnections))
        let thread = Thread { [self] in run() }
        thread.name = "buyflow.curl"
        thread.start()
    }

    // MARK: - Any thread

    /// A pooled easy handle, or a new one.
    func checkout() -> CurlEasyHandle? {
        if let easy = inbox.withLock({ $0.pool.popLast() }) { return easy }
        return CurlEasyHandle(configuration: configuration)
    }

    /// Returns a handle that is no longer in the multi handle (a surplus one is freed).
    func checkin(_ easy: CurlEasyHandle) {
        inbox.withLock { inbox in
            if inbox.pool.count < poolLimit { inbox.pool.append(easy) }
        }
    }

    func submit(_ transfer: CurlTransfer) {
        hand { $0.adds.append(transfer) }
    }

    func cancel(_ transfer: CurlTransfer) {
        hand { $0.cancels.append(transfer) }
    }

    /// Ends the worker thread once the transfers in flight are done.
    func shutdown() {
        hand { $0.stopping = true }
    }

    /// Changes the inbox and wakes the worker if it is waiting.
    private func hand(_ change: (inout Inbox) -> Void) {
        let wake = inbox.withLock { inbox in
            change(&inbox)
            defer { inbox.sleeping = false }
            return inbox.sleeping
        }
        if wake { curl_multi_wakeup(multi) }
    }

    // MARK: - Worker thread

    private func run() {
        var adds: [CurlTransfer] = []
        var cancels: [CurlTransfer] = []
        var running: Int32 = 0
        while true {
            let stopping = inbox.withLock { inbox in
                swap(&adds, &inbox.adds)
                swap(&cancels, &inbox.cancels)
                inbox.sleeping = false
                return inbox.stopping
            }
            for transfer in adds { add(transfer) }
            for transfer in cancels { cancelOnWorker(transfer) }
            adds.removeAll(keepingCapacity: true)
            cancels.removeAll(keepingCapacity: true)
            if stopping, activeCount == 0 { break }

            curl_multi_perform(multi, &running)
            var transfer: UnsafeMutableRawPointer?
            var code = CURLE_OK
            while buyflow_curl_multi_next_done(multi, &transfer, &code) == 1 {
                if let transfer { finish(CurlTransfer.from(transfer), code) }
            }
            // Sleep only with an empty inbox; whoever fills it next wakes us.
            let idle = inbox.withLock { inbox in
                inbox.sleeping = inbox.adds.isEmpty && inbox.cancels.isEmpty && !inbox.stopping
                return inbox.sleeping
            }
            if idle { curl_multi_poll(multi, nil, 0, 1000, nil) }
        }
        curl_multi_cleanup(multi)
    }

    private func add(_ transfer: CurlTransfer) {
        guard !transfer.isFinished else { return }
        if transfer.cancelPending {
            transfer.wasCancelled = true
            transfer.isFinished = true
            transfer.continuation?.resume(returning: CURLE_ABORTED_BY_CALLBACK)
            return
        }
        let code = curl_multi_add_handle(multi, transfer.easy.handle)
        guard code == CURLM_OK else {
            transfer.isFinished = true
            transfer.continuation?.resume(returning: CURLE_FAILED_INIT)
            return
        }
        transfer.isActive = true
        activeCount += 1
    }

    private func cancelOnWorker(_ transfer: CurlTransfer) {
        guard !transfer.isFinished else { return }
        guard transfer.isActive else {
            transfer.cancelPending = true
            return
        }
        transfer.wasCancelled = true
        finish(transfer, CURLE_ABORTED_BY_CALLBACK)
    }

    private func finish(_ transfer: CurlTransfer, _ code: CURLcode) {
        curl_multi_remove_handle(multi, transfer.easy.handle)
        activeCount -= 1
        transfer.isActive = false
        transfer.isFinished = true
        let continuation = transfer.continuation
        transfer.continuation = nil
        continuation?.resume(returning: code)
    }
}
