import Foundation
import FrostUI

// swift-snapshot-testing's text strategies: `.lines` (strings compared line by line, the
// failure a unified diff), `.dump` (any value as Swift's `dump` prints it; a FrostUI view as its
// display list), and Frost's `.displayList` for views — the frame as an indented tree of
// points, a golden that reads like a specification of the layout.

extension Diffing where Value == String {
    /// Strings compared line by line; a failure shows the lines removed (−) and added (+).
    public static var lines: Diffing {
        Diffing(
            toData: { Data($0.utf8) },
            fromData: { String(decoding: $0, as: UTF8.self) },
            diff: { old, new in
                guard old != new else { return nil }
                let text = lineDiff(old.components(separatedBy: "\n"), new.components(separatedBy: "\n"))
                return (text, [DiffAttachment(name: "difference", data: Data(text.utf8), pathExtension: "txt")])
            })
    }
}

extension Snapshotting where Value == String, Format == String {
    /// A string, compared line by line (`.txt` references).
    public static var lines: Snapshotting { Snapshotting(pathExtension: "txt", diffing: .lines) }
}

extension Snapshotting where Format == String {
    /// Any value as Swift's `dump` prints it (a FrostUI view: its display list at 390 × 844 pt).
    public static var dump: Snapshotting {
        SimplySnapshotting<String>.lines.pullback { value in
            if let view = value as? any View { return try displayListText(view, size: CGSize(width: 390, height: 844)) }
            var out = ""
            Swift.dump(value, to: &out)
            return out
        }
    }
}

extension Snapshotting where Value: View, Format == String {
    /// The view's display list — frames in points, identities, what each item draws — in a host
    /// of `size` points (default 390 × 844) at `time` seconds.
    public static func displayList(size: CGSize = CGSize(width: 390, height: 844), colorScheme: ColorScheme = .light) -> Snapshotting {
        SimplySnapshotting<String>.lines.pullback { view in try displayListText(view, size: size, colorScheme: colorScheme) }
    }
    /// The display list in a 390 × 844 pt host.
    public static var displayList: Snapshotting { .displayList() }
}

extension Snapshotting where Format == String {
    /// A live host's display list at `time` seconds (nil: the host's current time), after the
    /// taps and state changes a test has made: layout and animation goldens that read like a
    /// specification (frames in points, identities, what each item draws).
    public static func displayList<V: View>(at time: Double? = nil) -> Snapshotting where Value == ViewHost<V> {
        SimplySnapshotting<String>.lines.pullback { host in
            try (time.map { try host.displayList(at: $0) } ?? host.displayList()).description + "\n"
        }
    }
}

func displayListText(_ view: any View, size: CGSize, colorScheme: ColorScheme = .light) throws -> String {
    func open<V: View>(_ v: V) throws -> String {
        try ViewHost(v, size: size, colorScheme: colorScheme).displayList().description + "\n"
    }
    return try open(view)
}

/// A unified-style diff of two line lists (longest common subsequence; beyond 2,000 lines a
/// side, the first differing line only).
func lineDiff(_ a: [String], _ b: [String]) -> String {
    guard a.count <= 2000, b.count <= 2000 else {
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return "first difference at line \(i + 1):\n−\(i < a.count ? a[i] : "")\n+\(i < b.count ? b[i] : "")"
    }
    var lcs = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
            lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
        }
    }
    var out: [String] = [], i = 0, j = 0
    while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
            out.append(" " + a[i]); i += 1; j += 1
        } else if i < a.count, j == b.count || lcs[i + 1][j] >= lcs[i][j + 1] {
            out.append("−" + a[i]); i += 1
        }  // removals first
        else {
            out.append("+" + b[j]); j += 1
        }
    }
    return out.joined(separator: "\n")
}
