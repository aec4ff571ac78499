import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// nginx (Debian's package) in the foreground on a free 127.0.0.1 port, under a
/// throw-away prefix: the fixed-body server the client benchmarks measure against, and
/// the TLS and HTTP/2 server of the client tests. The caller writes the `server { }`
/// block's contents for the port it is given; the rest of the configuration (one worker,
/// no access log, keep-alive without limits, temp paths in the prefix) is shared.
///
/// Starting blocks (the process launch and the wait for the port), so async callers
/// should start it off Swift's cooperative pool.
public final class LoopbackNginx: @unchecked Sendable {
    /// The nginx executable, if installed.
    public static let executable = LoopbackNginx.which("nginx", extra: ["/usr/sbin/nginx"])

    public let directory: URL
    public let port: Int
    /// `nginx/1.22.1`.
    public let version: String
    private let process = Process()

    /// Starts nginx with `server(port, prefix)` as the server block's contents (the
    /// `listen` directive included) and waits up to 5 s for its port.
    public init(server: (_ port: Int, _ prefix: String) throws -> String) throws {
        guard let executable = Self.executable else { throw Failure("nginx is not installed (apt-get install nginx-light)") }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = try Self.freePort()
        let prefix = directory.path
        let config = """
        worker_processes 1;
        daemon off;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/error.log warn;
        events { worker_connections 1024; }
        http {
            access_log off;
            client_body_temp_path \(prefix)/body;
            proxy_temp_path \(prefix)/proxy;
            fastcgi_temp_path \(prefix)/fastcgi;
            uwsgi_temp_path \(prefix)/uwsgi;
            scgi_temp_path \(prefix)/scgi;
            keepalive_requests 10000000;
            keepalive_timeout 60s;
            server {
        \(try server(port, prefix))
            }
        }

        """
        try Data(config.utf8).write(to: directory.appendingPathComponent("nginx.conf"))
        version = (try? Self.run(executable, ["-v"]))?.trimmingCharacters(in: .whitespacesAndNewlines)
            .replacingOccurrences(of: "nginx version: ", with: "") ?? "nginx"
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-p", prefix, "-c", "\(prefix)/nginx.conf", "-e", "\(prefix)/error.log"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(5)
        while !Self.canConnect(port: port), Date() < deadline, process.isRunning { usleep(20_000) }
        guard Self.canConnect(port: port) else {
            let log = (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
            stop()
            throw Failure("nginx did not start on port \(port):\n\(log)")
        }
    }

    deinit { stop() }

    /// Stops nginx and removes its prefix.
    public func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    // MARK: - Helpers

    /// A port nothing listens on right now.
    public static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure("socket() failed") }
        defer { close(fd) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw Failure("could not find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on 127.0.0.1:`port`.
    public static func canConnect(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// Runs a program to the end; returns its standard output and error, or throws when
    /// it exits with a failure.
    @discardableResult
    public static func run(_ path: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let output = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw Failure("\(path) failed:\n\(output)") }
        return output
    }

    /// The first executable `name` on the PATH (or among `extra`).
    public static func which(_ name: String, extra: [String] = []) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = path.split(separator: ":").map { "\($0)/\(name)" } + extra
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return address
    }
}
