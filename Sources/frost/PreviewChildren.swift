import FrostGeometry
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The processes `frost preview` has started and not yet reaped: the package build and the
/// preview program. Foundation starts each child in a process group of its own, so a terminal's
/// Ctrl-C reaches `frost` alone and a SIGTERM sent to `frost` never reaches them; on either,
/// `frost preview` kills every group it started (the build's compilers, anything a preview
/// spawned) and exits 130 or 143, leaving nothing behind.
enum PreviewChildren {
    private static let groups = Locked(Set<Int32>())
    nonisolated(unsafe) private static var sources: [any DispatchSourceSignal] = []

    static func started(_ pid: Int32) { groups.withLock { _ = $0.insert(pid) } }
    static func ended(_ pid: Int32) { groups.withLock { _ = $0.remove(pid) } }

    /// Kills `pid`'s process group (and `pid`, should it have left the group).
    static func kill(_ pid: Int32) {
        _ = Glibc.kill(-pid, SIGKILL)
        _ = Glibc.kill(pid, SIGKILL)
    }

    /// Installs the SIGINT and SIGTERM handlers (once).
    static func killOnInterrupt() {
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                for pid in groups.withLock({ $0 }) { kill(pid) }
                exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
