import Testing
import Foundation
import FrostImage

@Suite("frost transition and frost record")
struct AnimationCommandTests {
    @Test("a transition to a filmstrip and a recorded tap to a PNG sequence; the same command gives the same bytes")
    func outputs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-anim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let strip = try FrostRunner.run(["transition", "--transition", ".move(edge: .leading).combined(with: .opacity)", "--animation", ".linear(duration: 0.2)",
                                         "--fps", "10", "--scale", "1", "--width", "80", "--height", "60", "-o", "strip.png"], in: dir)
        #expect(strip.status == 0, "\(strip.stderr)")
        let image = try ImageFile.read(dir + "/strip.png")
        #expect(image.width > 3 * 80)
        for run in ["a/", "b/"] {
            let r = try FrostRunner.run(["record", "--example", "my-view", "--tap", "@0.05", "--until", "0.2", "--fps", "20",
                                         "--scale", "1", "--width", "200", "--height", "120", "-o", run], in: dir)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/a").sorted()
        #expect(files.count == 5)
        for f in files { #expect(FileManager.default.contents(atPath: dir + "/a/" + f) == FileManager.default.contents(atPath: dir + "/b/" + f)) }
    }

    @Test("bad input: one line, non-zero exit, no file")
    func badInput() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-anim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for args in [["transition", "--transition", ".move(edge: .sideways)", "-o", "x.apng"],
                     ["transition", "--animation", ".spring(duraton: 1)", "-o", "x.apng"],
                     ["transition", "--fps", "0", "-o", "x.apng"],
                     ["transition", "--fps", "1e9", "-o", "x.apng"],
                     ["transition", "-o", "x.mp4"],
                     ["transition", "--animation", ".linear.repeatForever()", "-o", "x.apng"],
                     ["transition", "--animation", ".linear(duration: 100)", "-o", "x.apng"],
                     ["transition", "--fps", "240", "--scale", "16", "--width", "4096", "--height", "4096", "-o", "x.apng"],
                     ["transition", "--fps", "60", "--animation", ".linear(duration: 5)", "-o", "x.png"],
                     ["record", "--tap", "Nope@0.1", "-o", "x.apng"],
                     ["record", "--tap", "More", "-o", "x.apng"],
                     ["record", "--until", "-1", "-o", "x.apng"],
                     ["record", "--example", "nope", "-o", "x.apng"]] {
            let r = try FrostRunner.run(args, in: dir)
            #expect(r.status != 0 && r.stderrLines.count == 1 && r.stderr.hasPrefix("frost: error:"), "\(args): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }
}
