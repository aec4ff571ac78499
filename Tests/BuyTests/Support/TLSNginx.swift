import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// nginx (when installed) serving HTTPS with HTTP/2 on a free loopback port, with a
/// self-signed certificate for 127.0.0.1 made by the openssl command: for the tests of
/// TLS and HTTP/2 multiplexing, which the libmicrohttpd test server does not offer.
final class TLSNginx: @unchecked Sendable {
    static let nginxPath = ["/usr/sbin/nginx", "/usr/bin/nginx"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let opensslPath = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { nginxPath != nil && opensslPath != nil }

    let directory: URL
    let port: Int
    private let process = Process()

    var certificatePath: String { directory.appendingPathComponent("cert.pem").path }
    var url: URL { URL(string: "https://127.0.0.1:\(port)/api/2026-04/graphql.json")! }

    /// Starts nginx off the cooperative thread pool (making the certificate and waiting
    /// for the port block).
    static func start(body: String) async throws -> TLSNginx {
        try await offPool { try TLSNginx(body: body) }
    }

    /// Stops nginx off the cooperative thread pool.
    func shutDown() async {
        try? await offPool { self.stop() }
    }

    private init(body: String) throws {
        guard let nginx = Self.nginxPath, let openssl = Self.opensslPath else { throw TLSNginxError("nginx or openssl missing") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let prefix = directory.path
        try Self.run(openssl, [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-keyout", "\(prefix)/key.pem", "-out", "\(prefix)/cert.pem",
            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
        ])
        port = try Self.freePort()
        let config = """
        worker_processes 1;
        daemon off;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/error.log warn;
        events { worker_connections 256; }
        http {
            access_log off;
            client_body_temp_path \(prefix)/body;
            proxy_temp_path \(prefix)/proxy;
            fastcgi_temp_path \(prefix)/fastcgi;
            uwsgi_temp_path \(prefix)/uwsgi;
            scgi_temp_path \(prefix)/scgi;
            server {
                listen 127.0.0.1:\(port) ssl http2;
                ssl_certificate \(prefix)/cert.pem;
                ssl_certificate_key \(prefix)/key.pem;
                default_type application/json;
                location / { return 200 '\(body)'; }
            }
        }

        """
        try Data(config.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-p", prefix, "-c", "\(prefix)/nginx.conf", "-e", "\(prefix)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(5)
        while !Self.canConnect(port), Date() < deadline, process.isRunning { usleep(20_000) }
        guard Self.canConnect(port) else {
            stop()
            throw TLSNginxError("nginx did not start")
        }
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    private static func run(_ path: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TLSNginxError("\(path) failed") }
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw TLSNginxError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func canConnect(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}

/// Runs blocking work on a global queue, so it does not hold one of the few threads of
/// Swift's cooperative pool (the other tests' continuations run there).
func offPool<T>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
    }
}

struct TLSNginxError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
