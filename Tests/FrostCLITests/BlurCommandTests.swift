import Foundation
import FrostBlur
import FrostEffects
import FrostImage
import Testing
import FrostTestSupport

/// `frost blur` end to end: the built binary, real files, exit codes and stderr.
@Suite(.hangLimit) struct BlurCommandTests {
    @Test func blursLikeTheLibrary() throws {
        let s = try Scratch()
        let input = try s.image("in.png")
        let run = try FrostRunner.run(["blur", input, "-o", s.path("out.png"), "--sigma", "3", "--edges", "mirror"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let expected = try GaussianBlur(sigma: 3, edges: .mirror).apply(to: try ImageFile.read(input))
        #expect(try ImageFile.read(s.path("out.png")) == expected)
    }

    @Test func radiusIsSigmaAndRegionKeepsOutside() throws {
        let s = try Scratch()
        let input = try s.image("in.png")
        let run = try FrostRunner.run(["blur", input, "-o", s.path("out.png"), "--radius", "4", "--region", "8,8,20,10"])
        #expect(run.status == 0, "\(run.stderr)")
        let source = try ImageFile.read(input)
        let expected = try GaussianBlur(sigma: 4).apply(to: source, region: PixelRect(x: 8, y: 8, width: 20, height: 10))
        let out = try ImageFile.read(s.path("out.png"))
        #expect(out == expected)
        #expect(out[0, 0] == source[0, 0] && out[63, 47] == source[63, 47])
    }

    @Test("--mask: the progressive blur with a built-in gradient or a mask file, as the library makes it")
    func progressive() throws {
        let s = try Scratch()
        let input = try s.image("in.png")
        let source = try ImageFile.read(input)
        var run = try FrostRunner.run(["blur", input, "-o", s.path("top.png"), "--sigma", "6", "--mask", "top:0.5", "--tint", "#FFFFFF40"])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = try VariableBlur(maxSigma: 6, mask: .topEdge(fraction: 0.5), tint: try Color(hex: "#FFFFFF40")).apply(to: source)
        #expect(try ImageFile.read(s.path("top.png")) == expected)
        var mask = try Image(width: 2, height: 2)
        mask[1, 1] = RGBA8(0, 0, 0, 255)
        try ImageFile.write(mask, to: s.path("mask.png"))
        run = try FrostRunner.run(["blur", input, "-o", s.path("masked.png"), "--sigma", "5", "--mask", s.path("mask.png")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ImageFile.read(s.path("masked.png")) == VariableBlur(maxSigma: 5, mask: .image(mask)).apply(to: source))
    }

    @Test func formatsAndRawRGBA() throws {
        let s = try Scratch()
        let input = try s.image("in.png", width: 5, height: 3)
        var run = try FrostRunner.run(["blur", input, "-o", s.path("out.rgba"), "--sigma", "0"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try s.bytes("out.rgba").count == 5 * 3 * 4)
        run = try FrostRunner.run(["blur", s.path("out.rgba"), "--size", "5x3", "-o", s.path("back.jpg"), "--sigma", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(JPEGCodec.matches(try s.bytes("back.jpg")))
        run = try FrostRunner.run(["blur", s.path("out.rgba"), "--size", "4x3", "-o", s.path("bad.png"), "--sigma", "1"])
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.contains("out.rgba"), "\(run.stderr)")
        #expect(!s.files.contains("bad.png"))
    }

    @Test func timingLine() throws {
        let s = try Scratch()
        let input = try s.image("in.png")
        let run = try FrostRunner.run(["blur", input, "-o", s.path("out.jpg"), "--sigma", "2", "--timing"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stderrLines.first)
        for key in ["decode_ms=", "blur_ms=", "encode_ms="] { #expect(line.contains(key), "\(line)") }
    }

    @Test func otherFilters() throws {
        let s = try Scratch()
        let input = try s.image("in.png")
        let source = try ImageFile.read(input)
        var run = try FrostRunner.run(["blur", input, "-o", s.path("box.png"), "--filter", "box", "--kernel-size", "6"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ImageFile.read(s.path("box.png")) == (try BoxBlur(.box, width: 7).apply(to: source)))
        run = try FrostRunner.run(["blur", input, "-o", s.path("fx.png"), "--filter", "image-effects", "--sigma", "5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ImageFile.read(s.path("fx.png")) != source)
    }

    /// Every bad input: one line on stderr that names the problem, non-zero exit, nothing written.
    @Test(arguments: [
        (["blur", "missing.png", "-o", "out.png", "--sigma", "2"], "missing.png"),
        (["blur", "empty.png", "-o", "out.png", "--sigma", "2"], "empty.png"),
        (["blur", "truncated.png", "-o", "out.png", "--sigma", "2"], "truncated.png"),
        (["blur", "corrupt.jpg", "-o", "out.png", "--sigma", "2"], "corrupt.jpg"),
        (["blur", "text.png", "-o", "out.png", "--sigma", "2"], "text.png"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "nan"], "sigma"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "-1"], "sigma"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "inf"], "sigma"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "1e9"], "sigma"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "abc"], "sigma"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "2", "--region", "60,40,10,10"], "region"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "2", "--region", "1,2,3"], "region"),
        (["blur", "in.png", "--out-dir", "nowhere", "--sigma", "2"], "nowhere"),
        (["blur", "in.png", "-o", "nowhere/out.png", "--sigma", "2"], "nowhere"),
        (["blur", "in.png", "-o", "out.gif", "--sigma", "2"], "out.gif"),
        (["blur", "in.png", "-o", "out.png"], "--sigma"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "2", "--threads", "0"], "threads"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "2", "--edges", "bogus"], "bogus"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "2", "--quality", "best"], "best"),
        (["blur", "in.rgba", "-o", "out.png", "--sigma", "2"], "size"),
        (["blur", "in.png", "-o", "out.png", "--filter", "box", "--kernel-size", "-3"], "kernel"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "300", "--mask", "top"], "200"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "3", "--mask", "missing.png"], "missing.png"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "3", "--mask", "top:0"], "fraction"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "3", "--mask", "top", "--region", "1,1,4,4"], "--region"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "3", "--tint", "#fff"], "--mask"),
        (["blur", "in.png", "-o", "out.png", "--sigma", "3", "--mask", "top", "--tint", "blue"], "tint"),
    ])
    func badInput(arguments: [String], mentions: String) throws {
        let s = try Scratch()
        let good = try s.image("in.png")
        let bytes = try s.bytes("in.png")
        try s.write([], to: "empty.png")
        try s.write(Array(bytes.prefix(bytes.count / 2)), to: "truncated.png")
        try s.write([0xFF, 0xD8, 0xFF, 0xE0] + (0..<500).map { UInt8(truncatingIfNeeded: $0 &* 37) }, to: "corrupt.jpg")
        try s.write(Array("hello, not an image\n".utf8), to: "text.png")
        try s.write([UInt8](repeating: 9, count: 64), to: "in.rgba")
        let before = s.files
        let run = try FrostRunner.run(arguments, in: s.dir)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("frost: error: "), "\(run.stderr)")
        #expect(run.stderr.lowercased().contains(mentions.lowercased()), "\(run.stderr)")
        #expect(s.files == before, "left files behind: \(s.files)")
        #expect(try s.bytes("in.png") == bytes)
        _ = good
    }

    @Test func refusesToReplaceInput() throws {
        let s = try Scratch()
        let input = try s.image("in.png")
        let original = try s.bytes("in.png")
        var run = try FrostRunner.run(["blur", input, "-o", input, "--sigma", "2"])
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.contains("--overwrite"), "\(run.stderr)")
        #expect(try s.bytes("in.png") == original)
        run = try FrostRunner.run(["blur", "in.png", "--out-dir", ".", "--sigma", "2"], in: s.dir)
        #expect(run.status != 0)
        #expect(try s.bytes("in.png") == original)
        run = try FrostRunner.run(["blur", input, "-o", input, "--sigma", "2", "--overwrite"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try s.bytes("in.png") != original)
        #expect(s.files == ["in.png"])
    }

    @Test func oneBadFileAmongMany() throws {
        let s = try Scratch()
        try s.image("a.png")
        try s.image("c.jpg")
        try s.write(Array("junk".utf8), to: "b.png")
        try FileManager.default.createDirectory(atPath: s.path("out"), withIntermediateDirectories: false)
        let run = try FrostRunner.run(["blur", "a.png", "b.png", "c.jpg", "--out-dir", "out", "--sigma", "2"], in: s.dir)
        #expect(run.status == 1)
        let lines = run.stderrLines
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.contains("b.png") == true)
        #expect(lines.last?.contains("1 of 3") == true)
        let written = (try FileManager.default.contentsOfDirectory(atPath: s.path("out"))).sorted()
        #expect(written == ["a.png", "c.jpg"])
    }

    @Test("batches overlap files across cores: same bytes as one file at a time, errors in input order")
    func batchOverlap() throws {
        let s = try Scratch()
        var names: [String] = []
        for i in 0..<7 {
            let name = "f\(i).\(i % 3 == 2 ? "jpg" : "png")"
            if i == 1 || i == 4 {
                try s.write(Array("not an image \(i)".utf8), to: name)
            } else {
                try s.image(name, width: 40 + 9 * i, height: 30 + 5 * i)
            }
            names.append(name)
        }
        for dir in ["one", "two", "four"] { try FileManager.default.createDirectory(atPath: s.path(dir), withIntermediateDirectories: false) }
        let serial = try FrostRunner.run(["blur"] + names + ["--out-dir", "one", "--sigma", "3", "--threads", "1"], in: s.dir)
        for (dir, threads) in [("two", "2"), ("four", "4")] {
            let run = try FrostRunner.run(["blur"] + names + ["--out-dir", dir, "--sigma", "3", "--threads", threads], in: s.dir)
            #expect(run.status == 1)
            #expect(run.stderr == serial.stderr, "messages differ with \(threads) threads:\n\(run.stderr)\nvs\n\(serial.stderr)")
            for name in names where !name.hasPrefix("f1") && !name.hasPrefix("f4") {
                #expect(try s.bytes("\(dir)/\(name)") == s.bytes("one/\(name)"), "\(dir)/\(name)")
            }
        }
        let lines = serial.stderrLines
        #expect(lines.count == 3, "\(serial.stderr)")
        #expect(lines[0].contains("f1.png") && lines[1].contains("f4.png") && lines[2].contains("2 of 7"), "\(serial.stderr)")
    }

    @Test("PNG level and filter: every setting writes a PNG that decodes to the same pixels; bad levels are refused")
    func pngOptions() throws {
        let s = try Scratch()
        try s.image("in.png", width: 64, height: 48)
        var decoded: [Image] = []
        for (level, filter) in [("0", "none"), ("2", "up"), ("9", "adaptive"), ("6", "paeth")] {
            let run = try FrostRunner.run(
                [
                    "blur", "in.png", "-o", "out-\(level).png", "--sigma", "2",
                    "--png-level", level, "--png-filter", filter,
                ], in: s.dir)
            #expect(run.status == 0, "\(run.stderr)")
            decoded.append(try ImageFile.read(s.path("out-\(level).png")))
        }
        #expect(Set(decoded).count == 1)
        for bad in [["--png-level", "10"], ["--png-level", "-1"], ["--png-filter", "best"]] {
            let run = try FrostRunner.run(["blur", "in.png", "-o", "bad.png", "--sigma", "2"] + bad, in: s.dir)
            #expect(run.status != 0 && run.stderrLines.count <= 2 && !FileManager.default.fileExists(atPath: s.path("bad.png")), "\(bad): \(run.stderr)")
        }
    }

    @Test("ulimit-f: a write over the file-size limit is one error line and leaves no temporary file (was SIGXFSZ)")
    func fileSizeLimit() throws {
        let scratch = try Scratch()
        let input = try scratch.image("in.png", width: 256, height: 256)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -f 2; exec \"$0\" blur \"$1\" -o \"$2\" --sigma 1", FrostRunner.binary,
            input, scratch.path("out.png"),
        ]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1)
        #expect(text.contains("File too large") && text.split(separator: "\n").count == 1, "\(text)")
        let left = try FileManager.default.contentsOfDirectory(atPath: scratch.dir).sorted()
        #expect(left == ["in.png"], "\(left)")
    }
}
