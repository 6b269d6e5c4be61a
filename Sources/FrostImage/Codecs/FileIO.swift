import Foundation
import CFrostSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and atomic writes with errors that name the file and the cause.
public enum FileIO {
    /// Largest file Frost reads into memory (4 GiB): anything bigger is not an image we can hold.
    public static let maxFileSize = 1 << 32

    /// Reads a whole file.
    ///
    /// Edge cases: only regular files are read — a folder, FIFO, socket or device (`/dev/zero`,
    /// a terminal) throws at once instead of hanging in `open` or reading without end; a file
    /// over ``maxFileSize`` throws before anything is allocated.
    public static func read(_ path: String) throws(ImageError) -> [UInt8] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw .unreadable(path: path, reason: errnoText()) }
        try requireRegular(st, path: path)
        // O_NONBLOCK: if the path is swapped for a FIFO between stat and open, open must not block.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .unreadable(path: path, reason: errnoText()) }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { throw .unreadable(path: path, reason: errnoText()) }
        try requireRegular(st, path: path)
        guard st.st_size <= maxFileSize else { throw .unreadable(path: path, reason: "file is larger than 4 GiB") }
        let size = Int(st.st_size)
        var failure: String?
        // Uninitialised storage: the bytes are written by read(2), never zero-filled first.
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let n = Glibc_read(fd, buffer.baseAddress! + offset, size - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errnoText(); break
                }
                if n == 0 { break }  // the file shrank while we read it
                offset += n
            }
            count = offset
        }
        if let failure { throw .unreadable(path: path, reason: failure) }
        // A file that grew since fstat: take the rest too, still bounded by the cap.
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc_read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: errnoText())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            guard bytes.count <= maxFileSize else { throw .unreadable(path: path, reason: "file is larger than 4 GiB") }
        }
        return bytes
    }

    private static func requireRegular(_ st: stat, path: String) throws(ImageError) {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .unreadable(path: path, reason: "it is a folder, not a file")
        case S_IFIFO: throw .unreadable(path: path, reason: "it is a pipe (FIFO), not a regular file")
        case S_IFCHR, S_IFBLK: throw .unreadable(path: path, reason: "it is a device, not a regular file")
        case S_IFSOCK: throw .unreadable(path: path, reason: "it is a socket, not a regular file")
        default: throw .unreadable(path: path, reason: "it is not a regular file")
        }
    }

    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so
    /// readers see the old file or the complete new one, never a partial write; on any
    /// failure the temporary file is removed and `path` is untouched.
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(ImageError) {
        let url = URL(fileURLWithPath: path)
        let dir = url.deletingLastPathComponent().path
        var st = stat()
        guard stat(dir, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw .writeFailed(path: path, reason: "folder \(dir) does not exist")
        }
        if stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            throw .writeFailed(path: path, reason: "it is a folder")
        }
        var template = Array((dir + "/." + url.lastPathComponent + ".frost-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .writeFailed(path: path, reason: errnoText()) }
        let tmp = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // Until the rename, a SIGINT/SIGTERM/SIGHUP/SIGXFSZ removes the temporary file.
        let slot = frost_tempfile_register(tmp)
        defer { frost_tempfile_release(slot) }
        var failure: String?
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc_write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errnoText(); return
                }
                offset += n
            }
        }
        // Regular permissions (mkstemp makes 0600): rw-r--r-- filtered by the umask.
        let mask = umask(0); umask(mask)
        fchmod(fd, 0o666 & ~mask)
        if close(fd) != 0, failure == nil { failure = errnoText() }
        if failure == nil, rename(tmp, path) != 0 { failure = errnoText() }
        if let failure {
            unlink(tmp)
            throw .writeFailed(path: path, reason: failure)
        }
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }
}

#if canImport(Glibc) || canImport(Musl)
@inline(__always) private func Glibc_read(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, p, n) }
@inline(__always) private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int) -> Int { write(fd, p, n) }
#else
@inline(__always) private func Glibc_read(_ fd: Int32, _ p: UnsafeMutableRawPointer?, _ n: Int) -> Int { read(fd, p, n) }
@inline(__always) private func Glibc_write(_ fd: Int32, _ p: UnsafeRawPointer?, _ n: Int) -> Int { write(fd, p, n) }
#endif
