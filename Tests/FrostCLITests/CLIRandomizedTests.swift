import Foundation
import FrostBlur
import FrostEffects
import FrostImage
import FrostTestSupport
import Testing

/// `frost blur` under seeded random command lines (issue 25): valid ones write what the library
/// makes; invalid ones end in one line on stderr and a non-zero exit, leaving no file behind.
@Suite("frost blur: randomized command lines", .hangLimit)
struct CLIRandomizedTests {
    /// Inputs of awkward shapes, a grayscale mask and one with alpha, in one scratch folder.
    static func inputs(_ s: Scratch, _ rng: inout SeededGenerator) throws -> [(path: String, image: Image)] {
        var list: [(String, Image)] = []
        for (i, (w, h)) in [(1, 1), (1, 37), (53, 1), (40, 30), (97, 61), (300, 200)].enumerated() {
            let image = try RandomImages.make(w, h, using: &rng)
            let path = s.path("in\(i).png")
            try ImageFile.write(image, to: path)
            list.append((path, try ImageFile.read(path)))
        }
        return list
    }

    static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)" }

    @Test("valid command lines: exit 0, the library's bytes, every thread count alike")
    func validCommandLines() throws {
        let s = try Scratch()
        var setup = SeededGenerator(seed: 25_200)
        let inputs = try Self.inputs(s, &setup)
        var gray = try Image(width: 16, height: 8)
        for y in 0..<8 { for x in 0..<16 { let v = UInt8(x * 17); gray[x, y] = RGBA8(v, v, v, 255) } }
        try ImageFile.write(gray, to: s.path("gray.png"))
        try PropertyRun.check("validCommandLines", seed: 25_201, cases: 40) { c in
            let (input, image) = c.rng.pick(inputs)
            let out = s.path("out\(c.index).png")
            let sigma = c.rng.pick([0, 1e-170, 0.4, 1.5, 3, 8, 33.3, 150, 600, 4096])
            var args = ["blur", input, "-o", out, "--sigma", Self.number(sigma)]
            let threads = Int.random(in: 1...7, using: &c.rng)
            args += ["--threads", "\(threads)"]
            let expected: Image
            if c.rng.chance(0.25) {
                // Progressive: a built-in gradient or the grayscale mask, by luminance or alpha.
                let top = min(sigma, 200), edges = c.rng.pick(EdgeMode.allCases)
                args[5] = Self.number(top)
                args += ["--edges", edges.rawValue]
                if c.rng.chance(0.5) {
                    let f = c.rng.pick([0.1, 0.5, 1.0])
                    args += ["--mask", "top:\(f)"]
                    expected = try VariableBlur(maxSigma: top, mask: .topEdge(fraction: f), edges: edges).apply(to: image)
                } else {
                    let channel = c.rng.pick(VariableBlur.MaskChannel.allCases)
                    args += ["--mask", s.path("gray.png"), "--mask-channel", channel.rawValue]
                    expected = try VariableBlur(maxSigma: top, mask: .image(gray, channel: channel), edges: edges).apply(to: image)
                }
            } else {
                var blur = GaussianBlur(sigma: sigma, edges: c.rng.pick(EdgeMode.allCases), quality: c.rng.pick(BlurQuality.allCases))
                args += ["--edges", blur.edges.rawValue, "--quality", blur.quality.rawValue]
                if c.rng.chance(0.3) { blur.sigmaY = c.rng.pick([0, 2, 40]); args += ["--sigma-y", Self.number(blur.sigmaY)] }
                if c.rng.chance(0.15) { blur.encoding = .linear; args.append("--linear") }
                var region: PixelRect?
                if c.rng.chance(0.35) {
                    let x = Int.random(in: 0..<image.width, using: &c.rng), y = Int.random(in: 0..<image.height, using: &c.rng)
                    region = PixelRect(
                        x: x, y: y, width: Int.random(in: 1...(image.width - x), using: &c.rng),
                        height: Int.random(in: 1...(image.height - y), using: &c.rng))
                    args += ["--region", "\(region!.x),\(region!.y),\(region!.width),\(region!.height)"]
                } else if c.rng.chance(0.15) {
                    blur.extent = .expanded; args += ["--extent", "expanded"]
                }
                let plan = blur.plan(width: image.width, height: image.height, region: region)
                let grown = blur.extent == .expanded ? plan.region.width * plan.region.height : 0
                if plan.firWork > GaussianBlur.exactWorkLimit || grown > Image.maxPixelCount {
                    // Refused at once: one line, no file.
                    let run = try FrostRunner.run(args, timeout: 60)
                    #expect(
                        run.status != 0 && run.stderrLines.count == 1 && !FileManager.default.fileExists(atPath: out),
                        "\(c): \(args.joined(separator: " ")) → \(run.status) \(run.stderr)")
                    return
                }
                if plan.firWork > 4e7 || grown > 4_000_000 { return }  // a debug build's minutes: the plan alone is checked
                expected = try blur.apply(to: image, region: region)
            }
            let run = try FrostRunner.run(args, timeout: 120)
            let line = "\(c): frost \(args.dropFirst().joined(separator: " "))"
            #expect(run.status == 0 && run.stderr.isEmpty, "\(line) → \(run.status) \(run.stderr)")
            guard run.status == 0 else { return }
            #expect(try ImageFile.read(out) == expected, "the CLI's bytes differ from the library's: \(line)")
            if c.rng.chance(0.3) {
                var again = args
                again[again.firstIndex(of: "--threads")! + 1] = "1"
                again[3] = s.path("again\(c.index).png")
                let second = try FrostRunner.run(again, timeout: 120)
                #expect(
                    second.status == 0 && (try? s.bytes("again\(c.index).png")) == (try? s.bytes("out\(c.index).png")),
                    "1 thread and \(threads) give different files: \(line)")
            }
        }
    }

    @Test("invalid command lines: one line on stderr, a non-zero exit, nothing written")
    func invalidCommandLines() throws {
        let s = try Scratch()
        var setup = SeededGenerator(seed: 25_202)
        let inputs = try Self.inputs(s, &setup)
        try s.write([0x89, 0x50, 0x4E, 0x47, 0, 1, 2], to: "broken.png")
        try PropertyRun.check("invalidCommandLines", seed: 25_203, cases: 40) { c in
            let (input, image) = c.rng.pick(inputs)
            let out = s.path("bad\(c.index).png")
            var args = ["blur", input, "-o", out, "--sigma", "2"]
            switch Int.random(in: 0..<12, using: &c.rng) {
            case 0: args[5] = c.rng.pick(["abc", "nan", "-1", "inf", "1e999", "4097", "", "0x"])
            case 1: args += ["--sigma-y", c.rng.pick(["-0.5", "nan", "5000"])]
            case 2:
                args += [
                    "--region",
                    c.rng.pick([
                        "1,2,3", "a,b,c,d", "0,0,0,0", "\(image.width),0,1,1", "0,0,\(image.width + 1),1",
                        "-1,0,1,1", "9223372036854775807,0,1,1", "0,0,1,-2",
                    ]),
                ]
            case 3: args += ["--threads", c.rng.pick(["0", "257", "-3", "x"])]
            case 4: args += ["--edges", c.rng.pick(["bounce", "", "CLAMP"])]
            case 5: args += ["--quality", "best"]
            case 6: args[1] = c.rng.pick([s.path("missing.png"), s.path("broken.png"), s.dir])
            case 7: args[3] = c.rng.pick([s.path("no/such/folder/out.png"), s.path("out.bmp"), s.dir])
            case 8: args += ["--mask", c.rng.pick([s.path("missing.png"), "top:0", "top:2", "left:0.5", s.path("broken.png")])]
            case 9: args += ["--mask-channel", c.rng.pick(["red", "alpha"])]  // alone, or unknown
            case 10: args += ["--extent", "expanded", "--region", "0,0,1,1"]
            default: args += ["--png-level", c.rng.pick(["10", "-1"])]
            }
            let before = Set(s.files)
            let run = try FrostRunner.run(args, timeout: 60)
            let line = "\(c): frost \(args.dropFirst().joined(separator: " "))"
            #expect(run.status != 0, "accepted: \(line)")
            #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("frost: error: "), "\(line) → \(run.stderr)")
            #expect(Set(s.files) == before, "files left behind: \(Set(s.files).subtracting(before)) by \(line)")
            #expect(!run.timedOut, "hung: \(line)")
        }
    }

    /// `frost material`, `render` and `curve` with random arguments, a fifth of them broken:
    /// valid ones write a decodable PNG of the promised size (or print samples), broken ones
    /// say so in one line and leave nothing.
    @Test("material, render and curve command lines: valid ones write what they say, broken ones one line and nothing written")
    func otherCommands() throws {
        let s = try Scratch()
        var setup = SeededGenerator(seed: 25_204)
        let inputs = try Self.inputs(s, &setup)
        let styles = ["systemMaterial", "systemThinMaterial", "systemUltraThinMaterial", "systemThickMaterial", "systemChromeMaterial", "dark", "extraLight"]
        let examples = ["content-card", "my-view", "showcase", "content-card-plain"]
        try PropertyRun.check("otherCommands", seed: 25_205, cases: 30) { c in
            let out = s.path("o\(c.index).png")
            let broken = c.rng.chance(0.25)
            var args: [String], size: (Int, Int)?
            switch c.index % 3 {
            case 0:
                let (input, image) = c.rng.pick(inputs)
                let scale = c.rng.pick([1, 2, 3])
                args = [
                    "material", input, "-o", out, "--style", c.rng.pick(styles), "--appearance", c.rng.pick(["light", "dark"]),
                    "--scale", "\(scale)",
                ]
                let x = Int.random(in: 0..<image.width, using: &c.rng), y = Int.random(in: 0..<image.height, using: &c.rng)
                let rw = Int.random(in: 1...(image.width - x), using: &c.rng), rh = Int.random(in: 1...(image.height - y), using: &c.rng)
                args += ["--rect", "\(x),\(y),\(rw),\(rh)"]
                if c.rng.chance(0.4) { args += ["--corner-radius", c.rng.pick(["0", "8", "200"])] }
                // A label needs room: one larger than its panel is refused (a documented error).
                if rw >= 70 * scale && rh >= 45 * scale && c.rng.chance(0.7) { args += ["--label", c.rng.pick(["Hi", "Wi-Fi", "é ✓"])] }
                size = (image.width, image.height)
                if broken {
                    switch Int.random(in: 0..<4, using: &c.rng) {
                    case 0: args[5] = c.rng.pick(["systemGlass", "", "x"])
                    case 1: args += ["--rect", "\(image.width),0,1,1"]
                    case 2: args += ["--corner-radius", c.rng.pick(["-1", "nan"])]
                    default: args += ["--scale", c.rng.pick(["0", "17", "-1"])]
                    }
                }
            case 1:
                let w = c.rng.pick([40, 120, 390]), h = c.rng.pick([30, 200, 600]), scale = c.rng.pick([1, 2])
                args = [
                    "render", "--example", c.rng.pick(examples), "-o", out, "--width", "\(w)", "--height", "\(h)", "--scale", "\(scale)",
                    "--appearance", c.rng.pick(["light", "dark"]),
                ]
                size = (w * scale, h * scale)
                if broken {
                    switch Int.random(in: 0..<4, using: &c.rng) {
                    case 0: args[2] = "no-such-example"
                    case 1: args[6] = c.rng.pick(["0", "-5", "nan", "1e9"])
                    case 2: args[10] = c.rng.pick(["0", "17"])
                    default: args += ["--tap", "No Such Button"]
                    }
                }
            default:
                args = [
                    "curve", c.rng.pick([".smooth", ".spring(duration: 0.4, bounce: 0.2)", ".easeInOut(duration: 0.3)", ".bouncy.delay(0.1)"]),
                    "--from", c.rng.pick(["0", "-3", "100"]), "--to", c.rng.pick(["1", "0", "250"]), "--fps", c.rng.pick(["60", "120"]),
                ]
                size = nil
                if broken {
                    switch Int.random(in: 0..<3, using: &c.rng) {
                    case 0: args[1] = c.rng.pick([".spring(bounce: 7)", ".linear(duration: -1)", ".nope", "((("])
                    case 1: args += ["--fps", c.rng.pick(["0", "-60", "7"])]
                    default: args += ["--until", c.rng.pick(["-1", "nan", "1e9"])]
                    }
                }
            }
            let before = Set(s.files)
            let run = try FrostRunner.run(args, in: s.dir, timeout: 120)
            let line = "\(c): frost \(args.joined(separator: " "))"
            #expect(!run.timedOut, "hung: \(line)")
            if broken {
                #expect(run.status != 0 && run.stderrLines.count == 1 && run.stderr.hasPrefix("frost: error: "), "\(line) → \(run.status) \(run.stderr)")
                #expect(Set(s.files) == before, "files left behind by \(line)")
                return
            }
            #expect(run.status == 0, "\(line) → \(run.stderr)")
            if let size {
                let image = try? ImageFile.read(out)
                #expect(image?.width == size.0 && image?.height == size.1, "\(line): wrote \(image.map { "\($0.width)x\($0.height)" } ?? "nothing readable")")
            } else {
                #expect(run.stdout.split(separator: "\n").count >= 2, "\(line): \(run.stdout.prefix(200))")
            }
        }
    }
}
