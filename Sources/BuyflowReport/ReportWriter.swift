import BuyflowCore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes report files atomically: the bytes go to a temporary file in the target's
/// folder, which is then renamed over the target, so a reader sees the old file or the
/// new one, never a part.
public enum ReportWriter {
    /// Writes `bytes` to `path`, creating missing parent folders. Throws a `Diagnostic`
    /// (`report.write`) naming the path and the reason when it cannot.
    /// `inputs`: the files the run read (workflows, steps and data files); a report is
    /// never written over one of them.
    public static func write(_ bytes: [UInt8], to path: String, inputs: [String] = []) throws(Diagnostic) {
        let url = URL(fileURLWithPath: path)
        if let input = inputs.first(where: { sameFile($0, path) }) {
            throw Diagnostic.error(
                "cannot write report '\(path)': it is '\(input)', a file this run reads", code: "report.write",
                hint: "give the report another name, e.g. --report json=report.json"
            )
        }
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw failure(path, "it is a directory")
        }
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw failure(path, "cannot create the folder '\(directory.path)': \(reason(of: error))")
        }
        // A short name of its own: the report's name may already be as long as a name can be.
        let temporary = directory.appendingPathComponent(".buyflow-\(UInt64.random(in: .min ... .max)).tmp").path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw failure(path, String(cString: strerror(errno))) }
        var written = 0
        var problem: String?
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = systemWrite(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    problem = String(cString: strerror(errno))
                    return
                }
                written += count
            }
        }
        if problem == nil, fsync(descriptor) != 0 { problem = String(cString: strerror(errno)) }
        if close(descriptor) != 0, problem == nil { problem = String(cString: strerror(errno)) }
        if problem == nil, rename(temporary, url.path) != 0 { problem = String(cString: strerror(errno)) }
        if let problem {
            unlink(temporary)
            throw failure(path, problem)
        }
    }

    /// Whether two paths name one existing file (the same device and inode).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return false }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    private static func failure(_ path: String, _ reason: String) -> Diagnostic {
        .error("cannot write report '\(path)': \(reason.lowercasedFirst)", code: "report.write")
    }

    private static func reason(of error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}

/// POSIX `write(2)`, named apart from the `write` of this file's type.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
    Darwin.write(descriptor, buffer, count)
    #elseif canImport(Musl)
    Musl.write(descriptor, buffer, count)
    #else
    Glibc.write(descriptor, buffer, count)
    #endif
}

extension String {
    /// "No such file" → "no such file", for compiler-style messages.
    fileprivate var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
