import Foundation
import FrostGeometry

// References per platform. FrostUI draws text with Inter and symbols with look-alikes, so a
// suite that runs on a Mac (Apple's renders) and on Linux (Frost's) needs two sets of image
// references. Upstream's file layout has no per-platform folder, but a strategy names its file
// extension: Frost's image strategies store `<test>.<n>.linux.png` on Linux beside the Mac's
// `<test>.<n>.png`, so neither platform ever reads the other's images. Text references
// (`.lines`, `.dump`, `.customDump`, inline snapshots) stay shared: they mean the same on both.

/// Where Frost's image strategies keep their references.
public enum ReferenceFiles {
    private static let override = Locked<String?>(nil)

    /// The extension of image references: `FROST_SNAPSHOT_IMAGE_EXTENSION` when set, else
    /// `linux.png` on Linux (`<os>.png` on other systems). Set it once — before the first
    /// assertion, e.g. in a suite's `init` — to `"png"` to share references across platforms, or
    /// to any name of your own (no leading dot).
    public static var imageExtension: String {
        get {
            if let value = override.current { return value }
            if let value = ProcessInfo.processInfo.environment["FROST_SNAPSHOT_IMAGE_EXTENSION"], !value.isEmpty {
                return value.hasPrefix(".") ? String(value.dropFirst()) : value
            }
            return platformImageExtension
        }
        set { override.set(newValue.hasPrefix(".") ? String(newValue.dropFirst()) : newValue) }
    }

    /// `linux.png`, `macos.png`, `windows.png`, … for the system the tests run on.
    public static var platformImageExtension: String {
        #if os(Linux)
        "linux.png"
        #elseif os(macOS)
        "macos.png"
        #elseif os(Windows)
        "windows.png"
        #else
        "frost.png"
        #endif
    }
}
