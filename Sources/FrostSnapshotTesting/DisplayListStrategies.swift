import Foundation
import FrostUI

// Frost's `.displayList` strategy on upstream's `Snapshotting`: a view's frame as an indented
// tree of points (identities, frames, what each item draws), a `.txt` golden that reads like a
// specification of the layout, compared line by line by upstream's `.lines`.

extension Snapshotting where Value: View, Format == String {
    /// The view's display list in a host of `size` points (default 390 × 844).
    public static func displayList(size: CGSize = CGSize(width: 390, height: 844), colorScheme: ColorScheme = .light) -> Snapshotting {
        .describing { view in try displayListText(view, size: size, colorScheme: colorScheme) }
    }
    /// The display list in a 390 × 844 pt host.
    public static var displayList: Snapshotting { .displayList() }
}

extension Snapshotting where Format == String {
    /// A live host's display list at `time` seconds (nil: the host's current time), after the
    /// taps and state changes a test has made: layout and animation goldens.
    public static func displayList<V: View>(at time: Double? = nil) -> Snapshotting where Value == ViewHost<V> {
        .describing { host in try (time.map { try host.displayList(at: $0) } ?? host.displayList()).description + "\n" }
    }

    /// A `.txt` strategy whose text is `describe`'s, compared line by line.
    static func describing(_ describe: @escaping (Value) throws -> String) -> Snapshotting {
        .reporting(pathExtension: "txt", diffing: .lines, describe)
    }
}

func displayListText(_ view: any View, size: CGSize, colorScheme: ColorScheme = .light) throws -> String {
    func open<V: View>(_ v: V) throws -> String {
        try ViewHost(v, size: size, colorScheme: colorScheme).displayList().description + "\n"
    }
    return try open(view)
}
