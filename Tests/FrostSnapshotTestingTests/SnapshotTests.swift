import Testing
import XCTest
import Foundation
import FrostUI
import FrostImage
import FrostSnapshotTesting
import FrostTestSupport

/// A frosted card: a gradient, a material panel and blurred text, the kind of view that
/// snapshots blank with Apple's own tools.
struct FrostedCard: View {
    var body: some View {
        ZStack {
            LinearGradient(colors: [.orange, .purple], startPoint: .topLeading, endPoint: .bottomTrailing)
            VStack(spacing: 6) {
                Text("Frost").font(.headline)
                Text("blurred").blur(radius: 2)
            }
            .padding()
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
        }
    }
}

struct Appearing: View {
    @State var shown = false
    var body: some View {
        ZStack {
            if shown { Circle().fill(Color.blue).frame(width: 30, height: 30).transition(.scale) }
            Button("Go") { withAnimation(.linear(duration: 0.2)) { shown = true } }.frame(maxHeight: .infinity, alignment: .bottom)
        }
    }
}

@Suite("FrostSnapshotTesting", .hangLimit)
struct SnapshotTestingTests {
    /// A scratch reference folder.
    func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    static let card = CGSize(width: 160, height: 100)

    @Test("the committed goldens match: a material card, frames of a transition, a filmstrip", .needsInter)
    func goldens() {
        assertSnapshot(of: FrostedCard(), as: .frame(at: 0, size: Self.card, tolerance: .oneLevel))
        assertSnapshots(
            of: Appearing(),
            as: [
                "t0.100": .frame(at: 0.1, size: CGSize(width: 80, height: 80), tolerance: .oneLevel) { try $0.tap("Go", at: 0) },
                "t0.300": .frame(at: 0.3, size: CGSize(width: 80, height: 80), tolerance: .oneLevel) { try $0.tap("Go", at: 0) },
            ])
        assertSnapshot(
            of: Appearing(), as: .filmstrip(to: 0.2, fps: 20, size: CGSize(width: 60, height: 60), tolerance: .oneLevel) { try $0.tap("Go", at: 0) },
            named: "filmstrip")
    }

    @Test("a missing reference is recorded as <test>.<n>.linux.png and reported; the next run compares against it")
    func missing() throws {
        let dir = try scratch()
        let first = verifySnapshot(of: FrostedCard(), as: .frame(at: 0, size: CGSize(width: 40, height: 30)), snapshotDirectory: dir, testName: "card()")
        #expect(first?.hasPrefix("No reference was found on disk. Automatically recorded snapshot") == true, "\(first ?? "nil")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["card.1.\(ReferenceFiles.platformImageExtension)"])
        #if os(Linux)
        #expect(ReferenceFiles.imageExtension == "linux.png")
        #endif
        #expect(
            verifySnapshot(of: FrostedCard(), as: .frame(at: 0, size: CGSize(width: 40, height: 30)), named: "1", snapshotDirectory: dir, testName: "card()")
                == nil)
    }

    @Test("a mismatch counts the pixels and writes expected | difference | actual under SNAPSHOT_ARTIFACTS")
    func mismatch() throws {
        let dir = try scratch()
        func swatch(_ color: FrostUI.Color, _ size: CGSize = CGSize(width: 20, height: 10), tolerance: SnapshotTolerance = .exact) -> String? {
            verifySnapshot(of: color, as: .frame(at: 0, size: size, scale: 1, tolerance: tolerance), named: "swatch", snapshotDirectory: dir, testName: "t()")
        }
        _ = swatch(.red)
        let message = try #require(swatch(.blue))
        #expect(message.contains("200 of 200 pixels"), "\(message)")
        let path = try #require(message.components(separatedBy: "expected | difference | actual: ").last?.components(separatedBy: "\n").first)
        let sheet = try ImageFile.read(path)
        #expect(sheet.width == 3 * 20 + 8 && sheet.height == 10)
        // Within a tolerance that allows everything, it passes; a different size fails, not crashes.
        #expect(swatch(.blue, tolerance: SnapshotTolerance(perPixel: 255)) == nil)
        #expect(swatch(.red, CGSize(width: 10, height: 10))?.contains("size 10×10") == true)
    }

    @Test("a reference that is not a PNG is a clear failure, not a crash; record mode rewrites it")
    func corrupt() throws {
        let dir = try scratch()
        let strategy = Snapshotting<FrostUI.Color, SnapshotImage>.frame(at: 0, size: CGSize(width: 8, height: 8))
        _ = verifySnapshot(of: FrostUI.Color.red, as: strategy, named: "bad", snapshotDirectory: dir, testName: "t()")
        let reference = dir + "/t.bad.\(ReferenceFiles.platformImageExtension)"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: reference))
        let message = verifySnapshot(of: FrostUI.Color.red, as: strategy, named: "bad", snapshotDirectory: dir, testName: "t()")
        #expect(message?.contains("not a readable PNG") == true, "\(message ?? "nil")")
        #expect(
            verifySnapshot(of: FrostUI.Color.red, as: strategy, named: "bad", record: .all, snapshotDirectory: dir, testName: "t()")?.hasPrefix(
                "Record mode is on") == true)
        #expect(verifySnapshot(of: FrostUI.Color.red, as: strategy, named: "bad", snapshotDirectory: dir, testName: "t()") == nil)
    }

    @Test("an animation is one reference per frame through upstream's assertSnapshots")
    func animation() throws {
        let dir = try scratch()
        let frames = Snapshotting<Appearing, SnapshotImage>.animation(to: 0.1, fps: 20, size: CGSize(width: 40, height: 40)) { try $0.tap("Go", at: 0) }
        #expect(frames.keys.sorted() == ["frame-0000", "frame-0001", "frame-0002"])
        for (name, strategy) in frames { _ = verifySnapshot(of: Appearing(), as: strategy, named: name, snapshotDirectory: dir, testName: "appear()") }
        let ext = ReferenceFiles.platformImageExtension
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == [
                "appear.frame-0000.\(ext)", "appear.frame-0001.\(ext)", "appear.frame-0002.\(ext)",
            ])
        // The first and last frames differ (the circle scales in), and every frame is reproducible.
        let a = try pixels(frames["frame-0000"]!, Appearing()), c = try pixels(frames["frame-0002"]!, Appearing())
        #expect(try a != c && pixels(frames["frame-0002"]!, Appearing()) == c)
        // A span that cannot be recorded fails with the reason instead of asserting nothing.
        let bad = Snapshotting<Appearing, SnapshotImage>.animation(from: 1, to: 0, size: CGSize(width: 40, height: 40))
        #expect(bad.count == 1)
        withKnownIssue { _ = try take(bad["frame-0000"]!, Appearing()) }
    }

    @Test("a view that cannot render is reported, and nothing is recorded for it")
    func renderFailure() throws {
        let dir = try scratch()
        var message: String?
        withKnownIssue {
            message = verifySnapshot(
                of: FrostUI.Color.red, as: .image(layout: .fixed(width: -5, height: 10)), named: "broken", snapshotDirectory: dir, timeout: 0.2, testName: "t()"
            )
        }
        #expect(message?.contains("Exceeded timeout") == true, "\(message ?? "nil")")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}

/// The same assertion from XCTest.
final class SnapshotXCTests: XCTestCase {
    func testCard() {
        assertSnapshot(of: FrostedCard(), as: .frame(at: 0, size: SnapshotTestingTests.card, tolerance: .oneLevel))
    }
}
