import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The loopback web server of `frost preview --watch`: serves the output folder's
/// `index.html` at `/`, its PNGs by name, and the page's version at `/version` (the page polls
/// it to reload). Only names of files directly in the folder are served — never a path from
/// the request — and only on 127.0.0.1.
final class PreviewServer: @unchecked Sendable {
    let port: Int
    private let socket: Int32
    private let directory: URL
    private let version: () -> Int

    init(directory: URL, port: Int, version: @escaping () -> Int) throws {
        self.directory = directory
        self.version = version
        let fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw CLIError("cannot open a socket for the preview page") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw CLIError("cannot listen on 127.0.0.1:\(port) (in use?); pick another with --port, or --port 0 for any free one")
        }
        var actual = sockaddr_in(), length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        self.port = Int(UInt16(bigEndian: actual.sin_port))
        socket = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.stackSize = 1 << 20
        thread.start()
    }

    private func acceptLoop() {
        while true {
            let client = accept(socket, nil, nil)
            if client < 0 { if errno == EINTR { continue }; return }
            handle(client)
            close(client)
        }
    }

    private func handle(_ client: Int32) {
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request = [UInt8](repeating: 0, count: 4096)
        let n = recv(client, &request, request.count, 0)
        guard n > 0 else { return }
        let line = String(decoding: request[..<n], as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        guard parts.count >= 2, parts[0] == "GET" || parts[0] == "HEAD" else { return send(client, 405, "text/plain", Data("method not allowed\n".utf8)) }
        let path = String(parts[1].split(separator: "?").first ?? "/")
        if path == "/version" { return send(client, 200, "text/plain", Data("\(version())".utf8)) }
        let name = path == "/" ? "index.html" : String(path.dropFirst())
        // A bare file name of the folder: no separators, no dot files, html or png only.
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix("."), name.hasSuffix(".png") || name == "index.html",
            let data = try? Data(contentsOf: directory.appendingPathComponent(name))
        else {
            return send(client, 404, "text/plain", Data("not found\n".utf8))
        }
        send(client, 200, name.hasSuffix(".png") ? "image/png" : "text/html; charset=utf-8", data, head: parts[0] == "HEAD")
    }

    private func send(_ client: Int32, _ status: Int, _ type: String, _ body: Data, head: Bool = false) {
        let reason = [200: "OK", 404: "Not Found", 405: "Method Not Allowed"][status] ?? "Error"
        var out = Data(
            "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n"
                .utf8)
        if !head { out.append(body) }
        out.withUnsafeBytes { raw in
            var sent = 0
            while sent < raw.count {
                let k = Glibc.send(client, raw.baseAddress! + sent, raw.count - sent, Int32(MSG_NOSIGNAL))
                if k <= 0 { return }
                sent += k
            }
        }
    }
}
