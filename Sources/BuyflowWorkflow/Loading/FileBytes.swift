#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole file's bytes in one open, one `fstat` and as few reads as its size allows:
/// a load reads every file it names this way (`FileManager` asked twice, stat then read).
enum FileBytes {
    enum Failure: Error, Equatable {
        case missing
        case folder
        /// Permission denied, or any other error of the system (its `errno`).
        case unreadable(Int32)

        /// What went wrong, for a message: "it is a folder", "permission denied", …
        var reason: String {
            switch self {
            case .missing: "no such file"
            case .folder: "it is a folder"
            case .unreadable(let code): code == EACCES ? "permission denied" : String(cString: strerror(code)).lowercased()
            }
        }
    }

    static func contents(of path: String) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            return .failure(code == ENOENT || code == ENOTDIR ? .missing : code == EISDIR ? .folder : .unreadable(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { return .failure(.folder) }
        // The size `fstat` gives, plus one byte to see the end in the same read; a file
        // that grows, or has no size (a pipe), is read on in larger pieces.
        let size = max(Int(status.st_size), 0)
        let isRegular = status.st_mode & S_IFMT == S_IFREG
        var bytes = [UInt8](repeating: 0, count: size + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, 4096))) }
            let got = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return .failure(errno == EISDIR ? .folder : .unreadable(errno))
            }
            if got == 0 { break }
            count += got
            // A regular file that gave its size and stopped short of the room it had is at
            // its end: no read to be told so (a pipe or a procfs file reads on to 0).
            if isRegular, count == size, count < bytes.count { break }
        }
        bytes.removeSubrange(count...)
        return .success(bytes)
    }
}
