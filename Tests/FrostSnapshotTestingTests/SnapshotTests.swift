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
    /// A scratch test file whose goldens land in a temporary folder.
    func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-snap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("ScratchTests.swift").path
    }

    @Test("the committed goldens match: a material card, frames of a transition, a filmstrip", .needsInter)
    func goldens() {
        assertSnapshot(of: FrostedCard(), as: .image(size: CGSize(width: 160, height: 100), scale: 2), tolerance: .oneLevel)
        assertSnapshot(
            of: Appearing(), as: .frames(at: [0.1, 0.3], size: CGSize(width: 80, height: 80)) { try $0.tap("Go", at: 0) },
            tolerance: .oneLevel)
        assertSnapshot(
            of: Appearing(), as: .filmstrip(to: 0.2, fps: 20, size: CGSize(width: 60, height: 60)) { try $0.tap("Go", at: 0) },
            tolerance: .oneLevel)
    }

    @Test("a missing golden is recorded and reported; the next run compares against it")
    func missing() throws {
        let file = try scratch()
        let first = verifySnapshot(of: FrostedCard(), as: .image(size: CGSize(width: 40, height: 30)), record: false, filePath: file, testName: "card()")
        #expect(first?.contains("recorded one") == true)
        #expect(verifySnapshot(of: FrostedCard(), as: .image(size: CGSize(width: 40, height: 30)), record: false, filePath: file, testName: "card()") == nil)
    }

    @Test("a mismatch names the golden, counts the pixels and writes expected | difference | actual")
    func mismatch() throws {
        let file = try scratch()
        _ = verifySnapshot(of: Color.red, as: .image(size: CGSize(width: 20, height: 10), scale: 1), record: false, filePath: file, testName: "swatch")
        let message = try #require(
            verifySnapshot(
                of: Color.blue, as: .image(size: CGSize(width: 20, height: 10), scale: 1),
                record: false, filePath: file, testName: "swatch"))
        #expect(message.contains("200 of 200 pixels"))
        let report = try #require(message.components(separatedBy: "actual: ").last)
        let sheet = try ImageFile.read(report)
        #expect(sheet.width == 3 * 20 + 8 && sheet.height == 10)
        // Within a tolerance that allows everything, it passes.
        #expect(
            verifySnapshot(
                of: Color.blue, as: .image(size: CGSize(width: 20, height: 10), scale: 1),
                record: false, tolerance: SnapshotTolerance(perPixel: 255), filePath: file, testName: "swatch") == nil)
        // A different size is a failure, not a crash.
        #expect(
            verifySnapshot(
                of: Color.red, as: .image(size: CGSize(width: 10, height: 10), scale: 1),
                record: false, filePath: file, testName: "swatch")?.contains("size 10×10") == true)
    }

    @Test("a corrupt golden is a clear failure, not a crash; record mode rewrites it")
    func corrupt() throws {
        let file = try scratch()
        _ = verifySnapshot(of: Color.red, as: .image(size: CGSize(width: 8, height: 8)), record: false, filePath: file, testName: "bad")
        let golden = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__/ScratchTests/bad.png").path
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: golden))
        let message = verifySnapshot(of: Color.red, as: .image(size: CGSize(width: 8, height: 8)), record: false, filePath: file, testName: "bad")
        #expect(message?.contains("unreadable") == true)
        #expect(verifySnapshot(of: Color.red, as: .image(size: CGSize(width: 8, height: 8)), record: true, filePath: file, testName: "bad") == nil)
        #expect(verifySnapshot(of: Color.red, as: .image(size: CGSize(width: 8, height: 8)), record: false, filePath: file, testName: "bad") == nil)
    }

    @Test("an animation golden is one PNG per frame")
    func animation() throws {
        let file = try scratch()
        _ = verifySnapshot(
            of: Appearing(), as: .animation(to: 0.1, fps: 20, size: CGSize(width: 40, height: 40)) { try $0.tap("Go", at: 0) },
            record: false, filePath: file, testName: "appear")
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().appendingPathComponent("__Snapshots__/ScratchTests").path
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["appear.frame-0000.png", "appear.frame-0001.png", "appear.frame-0002.png"])
    }
}

/// The same assertion from XCTest.
final class SnapshotXCTests: XCTestCase {
    func testCard() {
        assertSnapshot(of: FrostedCard(), as: .image(size: CGSize(width: 160, height: 100), scale: 2), tolerance: .oneLevel)
    }
}
