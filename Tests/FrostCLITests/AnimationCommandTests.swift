import Testing
import Foundation
import FrostImage
import FrostTestSupport

@Suite("frost transition and frost record", .hangLimit)
struct AnimationCommandTests {
    @Test("a transition to a filmstrip and a recorded tap to a PNG sequence; the same command gives the same bytes")
    func outputs() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-anim-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let strip = try FrostRunner.run(
            [
                "transition", "--transition", ".move(edge: .leading).combined(with: .opacity)", "--animation", ".linear(duration: 0.2)",
                "--fps", "10", "--scale", "1", "--width", "80", "--height", "60", "-o", "strip.png",
            ], in: dir)
        #expect(strip.status == 0, "\(strip.stderr)")
        let image = try ImageFile.read(dir + "/strip.png")
        #expect(image.width > 3 * 80)
        for run in ["a/", "b/"] {
            let r = try FrostRunner.run(
                [
                    "record", "--example", "my-view", "--tap", "@0.05", "--until", "0.2", "--fps", "20",
                    "--scale", "1", "--width", "200", "--height", "120", "-o", run,
                ], in: dir)
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
        try ImageFile.write(try Image(width: 8, height: 8, fill: RGBA8(9, 9, 9, 255)), to: dir + "/in.png")
        for args in [
            ["transition", "--transition", ".move(edge: .sideways)", "-o", "x.apng"],
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
            ["record", "--example", "nope", "-o", "x.apng"],
            ["record", "--tap", "More@0"],
            ["bridge", "--preset", "nope", "-o", "x.apng"],
            ["bridge", "--from", "a.png", "-o", "x.apng"],
            ["bridge", "--from", "missing.png", "--to", "missing.png", "-o", "x.apng"],
            ["bridge", "--until", "0", "-o", "x.apng"],
            ["bridge"],
            ["interactive", "in.png", "-o", "x.apng"],
            ["interactive", "in.png", "--live", "--doubling", "-o", "x.apng"],
            ["interactive", "in.png", "--stages", "0", "-o", "x.apng"],
            ["interactive", "in.png", "--live", "--max-sigma", "-1", "-o", "x.apng"],
            ["interactive", "missing.png", "--live", "-o", "x.apng"],
            ["interactive", "in.png", "--live", "-o", "x.mp4"],
            ["interactive", "in.png", "--live", "--fps", "0", "-o", "x.apng"],
        ] {
            let r = try FrostRunner.run(args, in: dir)
            #expect(r.status != 0 && r.stderrLines.count == 1 && r.stderr.hasPrefix("frost: error:"), "\(args): \(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["in.png"])
    }

    @Test("frost interactive: stages, doubling and live along a scripted scroll, to APNG frames that decode back")
    func interactive() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-int-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var img = try Image(width: 32, height: 24, fill: RGBA8(240, 240, 240, 255))
        for y in 8..<16 { for x in 8..<24 { img[x, y] = RGBA8(20, 40, 200, 255) } }
        try ImageFile.write(img, to: dir + "/in.png")
        for mode in [["--stages", "3"], ["--doubling"], ["--live"]] {
            let r = try FrostRunner.run(["interactive", "in.png"] + mode + ["--max-sigma", "4", "--fps", "10", "--duration", "0.5", "-o", "out/"], in: dir)
            #expect(r.status == 0 && r.stderr.contains("dB from the true blur"), "\(mode): \(r.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: dir + "/out").sorted()
            #expect(files.count == 6)
            // The first frame is the image itself, the last the full blur.
            #expect(try ImageFile.read(dir + "/out/" + files[0]).pixels == img.pixels)
            #expect(try ImageFile.read(dir + "/out/" + files[5]).pixels != img.pixels)
            try FileManager.default.removeItem(atPath: dir + "/out")
        }
    }

    @Test("frost bridge: a preset to a filmstrip, two images to a PNG sequence, and the seam report")
    func bridge() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("frost-bridge-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let card = try FrostRunner.run(["bridge", "--preset", "cardResize", "--fps", "10", "--scale", "1", "--until", "0.4", "-o", "card.png"], in: dir)
        #expect(card.status == 0 && card.stderr.contains("bridge cardResize"), "\(card.stderr)")
        #expect(try ImageFile.read(dir + "/card.png").width > 390)
        try ImageFile.write(try Image(width: 40, height: 30, fill: RGBA8(200, 30, 30, 255)), to: dir + "/a.png")
        try ImageFile.write(try Image(width: 80, height: 50, fill: RGBA8(30, 30, 200, 255)), to: dir + "/b.png")
        let swap = try FrostRunner.run(["bridge", "--from", "a.png", "--to", "b.png", "--fps", "10", "--scale", "1", "--until", "0.3", "-o", "swap/"], in: dir)
        #expect(swap.status == 0 && swap.stderr.contains("bridge imageSwap"), "\(swap.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/swap").sorted()
        #expect(frames.count == 4)
        if let first = frames.first { #expect(try ImageFile.read(dir + "/swap/" + first).width == 80 + 32) }
        // The seed's own bridge holds its blur 381 ms: one warning line (swift-log, through the tool).
        let seed = try FrostRunner.run(["bridge", "--preset", "seed", "--fps", "10", "--scale", "1", "--until", "0.6", "-o", "seed.png"], in: dir)
        #expect(
            seed.status == 0 && seed.stderrLines.filter { $0.hasPrefix("frost: warning: blur held on") && $0.contains("381 ms") }.count == 1, "\(seed.stderr)")
        let report = try FrostRunner.run(["bridge", "--report", "--fps", "10", "--scale", "1", "--until", "0.4"], in: dir)
        let rows = report.stdout.split(separator: "\n")
        #expect(report.status == 0 && rows.count == 9, "\(report.stdout)")
        #expect(rows.contains { $0.hasPrefix("automatic") && $0.contains("chose fullReflow") })
    }
}
