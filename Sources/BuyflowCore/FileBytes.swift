#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file's bytes in one open, one `fstat` and as few reads as its size allows,
/// refused unless it is a regular file of at most `limit` bytes: a FIFO, a device
/// (`/dev/zero`) or a socket is never waited on nor read without end.
public enum FileBytes {
    /// The largest file a command reads (a workflow, steps file, data file, document, env file, report).
    public static let limit = 16 << 20
    /// The largest schema file (SDL or introspection JSON) read.
    public static let schemaLimit = 64 << 20
    /// The largest saved report `report render`, `compare` and `merge` read.
    public static let reportLimit = 256 << 20

    public enum Failure: Error, Equatable {
        case missing
        case folder
        /// A FIFO, a device, a socket: what it is, for a message.
        case notRegular(String)
        /// Larger than the limit it was read with.
        case tooLarge(limit: Int)
        /// Permission denied, or any other error of the system (its `errno`).
        case unreadable(Int32)

        /// What went wrong, for a message: "it is a folder", "permission denied", …
        public var reason: String {
            switch self {
            case .missing: "no such file"
            case .folder: "it is a folder"
            case .notRegular(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let limit): "it is larger than \(limit >> 20) MiB, the limit for this file"
            case .unreadable(let code): code == EACCES ? "permission denied" : String(cString: strerror(code)).lowercased()
            }
        }
    }

    public static func contents(of path: String, limit: Int = FileBytes.limit) -> Result<[UInt8], Failure> {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ENOENT || code == ENOTDIR ? .missing : code == EISDIR ? .folder : .unreadable(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.folder)
        case S_IFIFO: return .failure(.notRegular("a FIFO (named pipe)"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegular("a device"))
        case S_IFSOCK: return .failure(.notRegular("a socket"))
        default: return .failure(.notRegular("not a file"))
        }
        let size = max(Int(status.st_size), 0)
        guard size <= limit else { return .failure(.tooLarge(limit: limit)) }
        // The size `fstat` gives plus one byte, to see the end in the same read; a file that
        // grows while read is read on to `limit + 1` bytes at most.
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limit else { return .failure(.tooLarge(limit: limit)) }
                bytes.append(contentsOf: repeatElement(0, count: min(max(bytes.count, 4096), limit + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(errno == EISDIR ? .folder : .unreadable(errno))
            }
            if got == 0 { break }
            count += got
            // At the size `fstat` gave with room left: the end, without a read to be told so.
            if count == size, count < bytes.count { break }
        }
        guard count <= limit else { return .failure(.tooLarge(limit: limit)) }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}
