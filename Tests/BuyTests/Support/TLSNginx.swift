import Foundation
import LoopbackNginx

/// nginx (when installed) serving HTTPS with HTTP/2 on a free loopback port, with a
/// self-signed certificate for 127.0.0.1 made by the openssl command: for the tests of
/// TLS and HTTP/2 multiplexing, which the libmicrohttpd test server does not offer.
final class TLSNginx: Sendable {
    static let opensslPath = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var isAvailable: Bool { LoopbackNginx.executable != nil && opensslPath != nil }

    private let nginx: LoopbackNginx

    var certificatePath: String { nginx.directory.appendingPathComponent("cert.pem").path }
    var url: URL { URL(string: "https://127.0.0.1:\(nginx.port)/api/2026-04/graphql.json")! }

    /// Starts nginx off the cooperative thread pool (making the certificate and waiting
    /// for the port block).
    static func start(body: String) async throws -> TLSNginx {
        try await offPool { try TLSNginx(body: body) }
    }

    /// Stops nginx off the cooperative thread pool.
    func shutDown() async {
        try? await offPool { self.nginx.stop() }
    }

    private init(body: String) throws {
        guard let openssl = Self.opensslPath else { throw LoopbackNginx.Failure("openssl is not installed") }
        nginx = try LoopbackNginx { port, prefix in
            try LoopbackNginx.run(openssl, [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                "-keyout", "\(prefix)/key.pem", "-out", "\(prefix)/cert.pem",
                "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
            ])
            return """
                listen 127.0.0.1:\(port) ssl http2;
                ssl_certificate \(prefix)/cert.pem;
                ssl_certificate_key \(prefix)/key.pem;
                default_type application/json;
                location / { return 200 '\(body)'; }
            """
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
