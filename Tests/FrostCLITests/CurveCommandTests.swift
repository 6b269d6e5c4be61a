import Foundation
import Testing
import FrostMotion
import FrostImage
import FrostTestSupport

@Suite("frost curve", .hangLimit)
struct CurveCommandTests {
    @Test("curveNegativeFromIsAValue: --from -3 --to -1 --velocity -2 are numbers, not unknown options (found by the property suite)")
    func curveNegativeFromIsAValue() throws {
        let run = try FrostRunner.run(["curve", ".linear(duration: 1)", "--from", "-3", "--to", "-1", "--times", "0,0.5,1"])
        #expect(run.status == 0, "\(run.stderr)")
        let values = run.stdout.split(separator: "\n").dropFirst().map { Double($0.split(separator: ",")[1])! }
        #expect(values == [-3, -2, -1], "\(run.stdout)")
        // A negative release velocity is read as one: the spring starts moving backwards.
        let fling = try FrostRunner.run(["curve", ".smooth", "--velocity", "-2", "--times", "0"])
        #expect(fling.status == 0 && fling.stdout.hasSuffix(",0,-2\n"), "\(fling.stdout) \(fling.stderr)")
    }

    @Test("CSV samples equal the library's values; --settling prints SwiftUI's figure")
    func samples() throws {
        let run = try FrostRunner.run([
            "curve", ".spring(duration: 0.5, bounce: 0.3)", "--from", "10", "--to", "110",
            "--times", "0,0.1,0.25",
        ])
        #expect(run.status == 0)
        let lines = run.stdout.split(separator: "\n")
        #expect(lines.first == "t,value,velocity" && lines.count == 4)
        let spring = Spring(duration: 0.5, bounce: 0.3)
        for (line, t) in zip(lines.dropFirst(), [0, 0.1, 0.25]) {
            let fields = line.split(separator: ",").map { Double($0)! }
            #expect(abs(fields[1] - (10 + spring.value(target: 100, time: t))) < 1e-6)
            #expect(abs(fields[2] - spring.velocity(target: 100, time: t)) < 1e-5)
        }
        let settle = try FrostRunner.run(["curve", ".snappy", "--settling"])
        #expect(settle.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "0.876827")
        let grid = try FrostRunner.run(["curve", ".easeIn", "--fps", "120", "--format", "json"])
        #expect(grid.status == 0 && grid.stdout.contains("\"velocity\"") && grid.stdout.components(separatedBy: "\"t\"").count - 1 == 43)
    }

    @Test("retarget-10000-times: repeated --retarget flags equal one ';'-joined value, and 10,000 of them run (was quadratic)")
    func manyRetargets() throws {
        let separate = try FrostRunner.run([
            "curve", ".smooth", "--retarget", "at=0.2,to=2", "--retarget=at=0.1,to=3",
            "--retarget", "at=0.3,to=-1", "--times", "0,0.15,0.25,0.5",
        ])
        let joined = try FrostRunner.run([
            "curve", ".smooth", "--retarget", "at=0.1,to=3;at=0.2,to=2;at=0.3,to=-1",
            "--times", "0,0.15,0.25,0.5",
        ])
        #expect(separate.status == 0 && joined.status == 0)
        #expect(separate.stdout == joined.stdout)
        var args = ["curve", ".smooth", "--times", "0,5,20"]
        for i in 0..<10_000 { args += ["--retarget", "at=\(Double(i) / 1000),to=\(i % 7)"] }
        let many = try FrostRunner.run(args)
        #expect(many.status == 0)
        let last = try #require(many.stdout.split(separator: "\n").last?.split(separator: ",").compactMap { Double($0) })
        #expect(last.count == 3 && last[0] == 20 && last[1] == Double(9_999 % 7) && abs(last[2]) < 1e-9)
    }

    @Test("bad expressions and options: one line, exit 1")
    func badInput() throws {
        for args in [
            ["curve", ".sprng"], ["curve", ".smooth", "--fps", "30"], ["curve", ".smooth", "--retarget", "at=x"],
            ["curve", ".smooth", "--format", "xml"], ["curve", ".smooth", "--times", "0,-1"],
            ["curve", ".smooth", "--to", "nan"], ["curve", ".smooth", "--until", "1e9"],
        ] {
            let run = try FrostRunner.run(args)
            #expect(run.status != 0, "\(args)")
            #expect(run.stderr.hasPrefix("frost: error: ") && run.stderr.split(separator: "\n").count == 1, "\(args): \(run.stderr)")
        }
    }

    @Test("bench motion reports both kinds as JSON; bench still defaults to blur")
    func benchMotion() throws {
        let run = try FrostRunner.run(["bench", "motion", "--count", "200", "--frames", "3", "--json"])
        #expect(run.status == 0)
        for key in ["\"kind\": \"springs\"", "\"kind\": \"curves\"", "\"median_ms\"", "\"ns_per_animation\""] {
            #expect(run.stdout.contains(key), "\(key)")
        }
        let bad = try FrostRunner.run(["bench", "motion", "--count", "0"])
        #expect(bad.status != 0 && bad.stderr.hasPrefix("frost: error: "))
    }

    @Test("bench materials runs both backdrops; unknown styles suggest the nearest")
    func benchMaterials() throws {
        let run = try FrostRunner.run(["bench", "materials", "--size", "120x90", "--repeat", "1"])
        #expect(run.status == 0 && run.stdout.contains(" full ") && run.stdout.contains(" reduced "))
        let bad = try FrostRunner.run(["bench", "materials", "--style", "thinMaterail", "--size", "10x10"])
        #expect(bad.status != 0 && bad.stderr.contains("did you mean 'thinMaterial'") && bad.stderrLines.count == 1)
    }
}

@Suite("frost render", .hangLimit)
struct RenderCommandTests {
    @Test("renders the built-in seed examples to PNG; taps run before rendering; bad names list the examples")
    func render() throws {
        let s = try Scratch()
        let list = try FrostRunner.run(["render", "--list"])
        #expect(
            list.stdout.split(separator: "\n") == [
                "content-card", "content-card-crossfade", "my-view", "specifying-transitions", "showcase",
                "scrolling-cards", "content-card-mid-bridge", "content-card-bridged", "content-card-plain", "settings", "inbox",
            ])
        // The display list prints instead of a PNG: frames in points, the blur the bridge raises.
        let printed = try FrostRunner.run(["render", "--example", "content-card-mid-bridge", "--print-display-list", "--width", "390", "--height", "320"])
        #expect(printed.status == 0 && printed.stdout.contains("blur 6") && printed.stdout.contains("text \"Project Status\""))
        // The everyday examples on a device: a tap flips the settings' Wi-Fi switch; unknown devices are named.
        let settings = try FrostRunner.run(["render", "--example", "settings", "--device", "iphone-se", "--tap", "Wi-Fi", "-o", s.path("s.png")])
        #expect(settings.status == 0, "\(settings.stderr)")
        let badDevice = try FrostRunner.run(["render", "--example", "inbox", "--device", "nokia-3310", "-o", s.path("n.png")])
        #expect(badDevice.status != 0 && badDevice.stderr.contains("iphone-se"))
        let plain = try FrostRunner.run(["render", "--example", "content-card", "-o", s.path("a.png"), "--width", "200", "--height", "150", "--scale", "1"])
        #expect(plain.status == 0)
        let tapped = try FrostRunner.run([
            "render", "--example", "content-card", "--tap", "More", "-o", s.path("b.png"),
            "--width", "200", "--height", "150", "--scale", "1",
        ])
        #expect(tapped.status == 0)
        let a = try ImageFile.read(s.path("a.png")), b = try ImageFile.read(s.path("b.png"))
        #expect(a.width == 200 && a.height == 150 && a != b)
        let bad = try FrostRunner.run(["render", "--example", "nope", "-o", s.path("c.png")])
        #expect(bad.status == 1 && bad.stderrLines.count == 1 && bad.stderr.contains("content-card"))
        let badTap = try FrostRunner.run(["render", "--example", "content-card", "--tap", "Nope", "-o", s.path("d.png"), "--scale", "1"])
        #expect(badTap.status == 1 && badTap.stderr.contains("'More'") && !FileManager.default.fileExists(atPath: s.path("d.png")))
    }

    /// The display list's opacities and blur radii (points), in order.
    static func effects(_ list: String, _ name: String) -> [Double] {
        list.split(separator: "\n").compactMap { line in
            guard let r = line.range(of: ") \(name) ") else { return nil }
            return Double(line[r.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
    }

    @Test(
        "renderAfterTapShowsTheSettledView: --tap More renders the detailed card once its transition has played, not the instant of the tap; --at picks an instant"
    )
    func renderAfterTapShowsTheSettledView() throws {
        let args = ["render", "--example", "content-card", "--tap", "More", "--width", "390", "--height", "320", "--scale", "1", "--print-display-list"]
        let settled = try FrostRunner.run(args)
        #expect(settled.status == 0, "\(settled.stderr)")
        // The detailed content is there, fully faded in and sharp (the blur bridge has cleared),
        // and the summary's progress bar has gone.
        #expect(settled.stdout.contains("text \"Completed\"") && settled.stdout.contains("text \"Less\""))
        #expect(!settled.stdout.contains("ProgressView"), "\(settled.stdout)")
        #expect(Self.effects(settled.stdout, "opacity").allSatisfy { $0 > 0.999 } && Self.effects(settled.stdout, "blur").allSatisfy { $0 < 0.05 })
        // At the tap's instant the old content still shows, blurred as the bridge starts.
        let instant = try FrostRunner.run(args + ["--at", "0"])
        #expect(instant.status == 0 && instant.stdout.contains("ProgressView"), "\(instant.stdout)")
        let mid = try FrostRunner.run(args + ["--at", "0.1"])
        #expect(Self.effects(mid.stdout, "blur").contains { $0 > 1 }, "mid-bridge: \(mid.stdout)")
        let bad = try FrostRunner.run(args + ["--at", "-1"])
        #expect(bad.status != 0 && bad.stderrLines.count == 1 && bad.stderr.contains("--at"))
    }
}
