import Foundation
import Testing
import FrostImage
import FrostRaster
import FrostTestSupport
@testable import FrostUI

// The conformance suite's tools: Apple's renders from ../shared/swiftui-refs (read at test
// time, never copied into the project), FrostUI's renders hosted as each upstream harness hosted
// its view, measurements that can match across fonts (boxes, edges, flat colours, profiles,
// thresholded maps), and the report `Scripts/conformance_table.py` turns into the README table.

/// Apple's renders, found beside the project (`../shared/swiftui-refs`, `../shared/everyday-refs`)
/// or at `FROST_SWIFTUI_REFS` / `FROST_EVERYDAY_REFS`.
struct Corpus: Sendable {
    let folder: String?
    let describe: String

    /// The renders of small views (`swiftui-refs`).
    static let swiftUI = Corpus(shared: "swiftui-refs", variable: "FROST_SWIFTUI_REFS")
    /// The renders of everyday views: lists, forms, pickers, buttons, text fields (`everyday-refs`).
    static let everyday = Corpus(shared: "everyday-refs", variable: "FROST_EVERYDAY_REFS")

    init(shared name: String, variable: String) {
        describe = "../shared/\(name) (or $\(variable))"
        if let explicit = ProcessInfo.processInfo.environment[variable] {
            folder = explicit
            return
        }
        // #filePath: <root>/Tests/FrostUITests/Conformance/ConformanceSupport.swift
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        let path = url.deletingLastPathComponent().appendingPathComponent("shared/" + name).path
        folder = FileManager.default.fileExists(atPath: path + "/manifest.json") ? path : nil
    }

    /// Whether the conformance tests run: the renders are here, or `FROST_REQUIRE_REFS=1` says
    /// they must be (CI sets it), so a missing folder fails every case there instead of skipping.
    static var available: Bool { swiftUI.folder != nil || required }
    static var everydayAvailable: Bool { everyday.folder != nil || required }
    static let required = ProcessInfo.processInfo.environment["FROST_REQUIRE_REFS"] == "1"

    static func reference(_ name: String) throws -> Picture { try swiftUI.picture(name) }

    func picture(_ name: String) throws -> Picture {
        guard let folder else { throw Missing(place: describe) }
        return Picture(try ImageFile.read(folder + "/" + name + ".png"))
    }
    struct Missing: Error, CustomStringConvertible {
        let place: String
        var description: String { "Apple's renders are not in \(place), and FROST_REQUIRE_REFS=1 requires them" }
    }
}

/// Straight-alpha RGBA, 0…255 per channel, for measuring.
struct Picture {
    let width: Int, height: Int
    var px: [SIMD4<Double>]
    init(_ image: FrostImage.Image) {
        let count = image.width * image.height
        width = image.width; height = image.height
        var out = [SIMD4<Double>](repeating: .zero, count: count)
        image.pixels.withUnsafeBufferPointer { p in
            for i in 0..<count {
                let a = Double(p[4 * i + 3])
                let k = a > 0 ? 255 / a : 0
                out[i] = SIMD4(Double(p[4 * i]) * k, Double(p[4 * i + 1]) * k, Double(p[4 * i + 2]) * k, a)
            }
        }
        px = out
    }
    subscript(x: Int, y: Int) -> SIMD4<Double> { px[y * width + x] }
    /// The colour over an opaque background (what a viewer sees on white or black).
    func over(_ background: Double, x: Int, y: Int) -> SIMD3<Double> {
        let p = self[x, y], a = p[3] / 255
        return SIMD3(p[0], p[1], p[2]) * a + SIMD3(repeating: background) * (1 - a)
    }
    /// The smallest box (x0, y0, x1, y1; exclusive ends) of pixels that satisfy `test`.
    func box(_ test: (SIMD4<Double>) -> Bool) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in 0..<height { for x in 0..<width where test(self[x, y]) { x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y) } }
        return x1 < 0 ? nil : (x0, y0, x1 + 1, y1 + 1)
    }
    /// skip-ui's pixmap: dark where the mean of R, G, B over white is at most `threshold`.
    func darkMap(threshold: Double, background: Double = 255) -> [Bool] {
        (0..<(width * height)).map { i in
            let c = over(background, x: i % width, y: i / width)
            return (c.x + c.y + c.z) / 3 / 255 <= threshold
        }
    }
}

/// Rendering as each harness did.
enum Harness {
    /// The view at its ideal size (swift-snapshot-testing's `.sizeThatFits`, paulz's intrinsic
    /// size), opaque over the system background or transparent.
    static func ideal<V: View>(_ view: V, scale: Double, opaque: Bool, width: Double? = nil) throws -> Picture {
        let renderer = ImageRenderer(content: view)
        renderer.scale = CGFloat(scale)
        renderer.isOpaque = opaque
        if let width { renderer.proposedSize = ProposedViewSize(width: CGFloat(width), height: nil) }
        return Picture(try renderer.render())
    }
    /// The view in a host of a fixed size (points), centred, over white.
    static func fixed<V: View>(_ view: V, width: Double, height: Double, scale: Double) throws -> Picture {
        Picture(try ViewHost(view, size: CGSize(width: width, height: height), scale: CGFloat(scale), colorScheme: .light).snapshot())
    }
}

/// How close FrostUI's render is to Apple's.
enum Verdict: String, Comparable, Codable {
    case match, near, differs, blocked
    private var rank: Int { ["match": 0, "near": 1, "differs": 2, "blocked": 3][rawValue]! }
    static func < (a: Verdict, b: Verdict) -> Bool { a.rank < b.rank }
}

/// One measured quantity: FrostUI's value, Apple's, and the tolerances within which it counts
/// as a match and as near, with the reason for them.
struct Measure: Codable {
    let what: String
    let frost: Double, apple: Double
    let match: Double, near: Double
    var error: Double { abs(frost - apple) }
    var verdict: Verdict { error <= match ? .match : error <= near ? .near : .differs }
    var text: String { "\(what) \(Measure.fmt(frost)) vs \(Measure.fmt(apple))" }
    static func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v) }
}

/// A case's outcome: every measure, the worst verdict, and why a blocked case is blocked.
struct CaseReport: Codable {
    let name: String
    /// The folder of Apple's renders the case compares with (the README has a table for each).
    var corpus = "swiftui-refs"
    var measures: [Measure] = []
    var blockedBy: String?
    var tolerance: String = ""
    var verdict: Verdict { blockedBy != nil ? .blocked : measures.map(\.verdict).max() ?? .match }

    init(_ name: String) { self.name = name }

    /// The image's height (line boxes: exact) and width (glyph advances: within a few %).
    mutating func addImageSize(_ frost: Picture, _ apple: Picture) {
        add("height px", frost: Double(frost.height), apple: Double(apple.height), match: 0.5, near: 1.5)
        add("width %", frost: Double(frost.width) / Double(apple.width) * 100, apple: 100, match: 3, near: 8)
    }
    /// The rows text ink spans: its top (cap height) and bottom (baseline, or descenders).
    mutating func addInkRows(_ frost: Picture, _ apple: Picture) {
        guard let f = frost.inkRows(), let a = apple.inkRows() else {
            add("ink rows found", frost: frost.inkRows() == nil ? 0 : 1, apple: 1, match: 0, near: 0)
            return
        }
        add("ink top px", frost: Double(f.0), apple: Double(a.0), match: 1, near: 2)
        add("ink bottom px", frost: Double(f.1), apple: Double(a.1), match: 1, near: 2)
    }
    mutating func add(_ what: String, frost: Double, apple: Double, match: Double, near: Double) {
        measures.append(Measure(what: what, frost: frost, apple: apple, match: match, near: near))
    }

    /// Prints the case and appends it to `FROST_CONFORMANCE_REPORT` (JSON lines) when set;
    /// then expects no measure worse than `atWorst` (the state the README table records, so a
    /// regression fails the test and an improvement shows in the table).
    func finish(atWorst: Verdict, sourceLocation: SourceLocation = #_sourceLocation) {
        let line = "\(name): \(verdict.rawValue) — " + (blockedBy ?? measures.map(\.text).joined(separator: "; "))
        print("conformance " + line)
        if let path = ProcessInfo.processInfo.environment["FROST_CONFORMANCE_REPORT"],
            let data = try? JSONEncoder().encode(self), var json = String(data: data, encoding: .utf8)
        {
            json += "\n"
            // One write per line with O_APPEND: parallel tests never interleave within a line.
            let fd = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
            if fd >= 0 { _ = json.withCString { write(fd, $0, strlen($0)) }; close(fd) }
        }
        // Without Inter, text is DejaVu (10 % wider): text cases may differ; nothing may crash.
        let limit = TestFonts.interDraws ? atWorst : max(atWorst, .differs)
        #expect(verdict <= limit, "\(line)", sourceLocation: sourceLocation)
    }
}

extension Picture {
    /// The first and last rows (exclusive end) whose alpha reaches `alpha` somewhere.
    func inkRows(alpha: Double = 128) -> (Int, Int)? {
        var first: Int?, last = -1
        for y in 0..<height where (0..<width).contains(where: { self[$0, y][3] >= alpha }) { first = first ?? y; last = y }
        return first.map { ($0, last + 1) }
    }
}

extension Picture {
    /// The colour over white at (x, y), 0…255 per channel.
    func onWhite(_ x: Int, _ y: Int) -> SIMD3<Double> { over(255, x: x, y: y) }
    /// The runs (start, exclusive end) of rows in column `x` whose colour over white satisfies `test`.
    func runs(x: Int, _ test: (SIMD3<Double>) -> Bool) -> [(Int, Int)] { Picture.runs(height) { test(onWhite(x, $0)) } }
    /// The runs of columns in row `y` whose colour over white satisfies `test`.
    func runs(y: Int, _ test: (SIMD3<Double>) -> Bool) -> [(Int, Int)] { Picture.runs(width) { test(onWhite($0, y)) } }
    /// The runs of indices in 0..<count where `test` holds.
    static func runs(_ count: Int, _ test: (Int) -> Bool) -> [(Int, Int)] {
        var out: [(Int, Int)] = [], start: Int?
        for i in 0..<count {
            if test(i) { start = start ?? i } else if let s = start { out.append((s, i)); start = nil }
        }
        if let s = start { out.append((s, count)) }
        return out
    }
    /// The box (x0, y0, x1, y1; exclusive ends) of the pixels in the region whose colour over
    /// white satisfies `test`, or nil.
    func box(x0: Int, y0: Int, x1: Int, y1: Int, _ test: (SIMD3<Double>) -> Bool) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        var bx0 = Int.max, by0 = Int.max, bx1 = -1, by1 = -1
        for y in max(0, y0)..<min(height, y1) {
            for x in max(0, x0)..<min(width, x1) where test(onWhite(x, y)) {
                bx0 = min(bx0, x); by0 = min(by0, y); bx1 = max(bx1, x); by1 = max(by1, y)
            }
        }
        return bx1 < 0 ? nil : (bx0, by0, bx1 + 1, by1 + 1)
    }
    /// The colour at (x, y) as levels from `expected` (the largest channel difference).
    func levels(_ x: Int, _ y: Int, from expected: SIMD3<Double>) -> Double {
        let c = onWhite(x, y)
        return max(abs(c.x - expected.x), abs(c.y - expected.y), abs(c.z - expected.z))
    }
}

/// Tests of colours over white, for the measuring helpers.
enum Ink {
    /// Darker than `level` in its mean (text, symbols, separators at their darkest).
    static func dark(_ level: Double) -> (SIMD3<Double>) -> Bool { { ($0.x + $0.y + $0.z) / 3 < level } }
    /// Exactly white (a card, the system background).
    static func white(_ c: SIMD3<Double>) -> Bool { c.x >= 254.5 && c.y >= 254.5 && c.z >= 254.5 }
    /// Blue-dominant (the accent colour's ink).
    static func blue(_ c: SIMD3<Double>) -> Bool { c.z - c.x > 80 }
}
