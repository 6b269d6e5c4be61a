import Foundation
import FrostImage
import Testing
@testable import frost
import FrostUI
import FrostTestSupport

/// `frost bench` and `frost demo` end to end.
@Suite(.hangLimit) struct BenchAndDemoTests {
    @Test func benchJSON() throws {
        let run = try FrostRunner.run([
            "bench", "--sizes", "64x32", "--sigma", "2,30", "--quality", "default,realtime",
            "--threads", "1", "--repeat", "2", "--json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
        for row in rows {
            for key in ["width", "height", "sigma", "threads", "median_ms", "min_ms", "mpix_per_s"] {
                #expect(row[key] is NSNumber, "missing or not a number: \(key) in \(row)")
            }
            #expect(["default", "realtime"].contains(row["quality"] as? String ?? ""), "\(row)")
            #expect(row["width"] as? Int == 64 && row["height"] as? Int == 32)
            let median = try #require(row["median_ms"] as? Double), least = try #require(row["min_ms"] as? Double)
            #expect(least > 0 && least <= median)
        }
    }

    @Test func benchTableAndInput() throws {
        let s = try Scratch()
        let input = try s.image("in.png", width: 40, height: 30)
        let run = try FrostRunner.run(["bench", "--input", input, "--sigma", "4", "--repeat", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("40x30") && run.stdout.contains("memcpy"), "\(run.stdout)")
    }

    @Test(arguments: [
        ["bench", "--sizes", "0x10"], ["bench", "--sigma", "-2"], ["bench", "--repeat", "0"],
        ["bench", "--input", "missing.png"], ["bench", "--sizes", "big"],
    ])
    func benchBadArguments(arguments: [String]) throws {
        let s = try Scratch()
        let run = try FrostRunner.run(arguments, in: s.dir)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("frost: error: "), "\(run.stderr)")
    }

    @Test func benchMethodsTable() throws {
        let run = try FrostRunner.run(["bench", "methods", "--size", "64x48", "--radii", "0,1.5,3", "--repeat", "1", "--quality-size", "32", "--threads", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = run.stdoutLines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| method") }
        #expect(rows.count == 10, "\(run.stdout)")
        // The Gaussian moves with the exact one; one box pass rounds its width and jumps.
        func jump(_ name: String) -> Double? {
            rows.first { $0.hasPrefix("| " + name) }.flatMap { Double($0.components(separatedBy: "|").dropLast().last!.trimmingCharacters(in: .whitespaces)) }
        }
        let gaussian = try #require(jump("Gaussian (default)")), box = try #require(jump("box"))
        #expect(gaussian < 1 && box > 2 * gaussian, "\(rows)")
        #expect(rows.allSatisfy { $0.components(separatedBy: "|").count == 3 + 2 * 3 + 3 }, "\(rows)")
    }

    @Test(arguments: [
        ["--radii", "-1"], ["--radii", "1,x"], ["--radii", ""], ["--radii", "201"], ["--size", "0x10"],
        ["--quality-size", "8"], ["--repeat", "0"], ["--threads", "99"],
    ])
    func benchMethodsBadArguments(arguments: [String]) throws {
        let run = try FrostRunner.run(["bench", "methods"] + arguments)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("frost: error: "), "\(run.stderr)")
    }

    // `frost demo` itself runs in `.ci/run`, from the release build (a debug build took 140 s of
    // the unit tests): its files, `--verify`, and a broken entry caught are checked there.

    @Test func demoIntoUnwritablePlace() throws {
        let s = try Scratch()
        try s.write([1, 2, 3], to: "file")
        let run = try FrostRunner.run(["demo", "--out-dir", "file/sub"], in: s.dir)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
    }
}

/// `frost` as installed: one file copied anywhere, run from another folder (issue 41: the
/// sample photo was a resource bundle looked up beside the build folder, and an installed copy
/// trapped).
@Suite(.hangLimit) struct InstalledBinaryTests {
    @Test func aCopiedBinaryRunsTheSamplePhotoFromAnotherFolder() throws {
        let s = try Scratch()
        try FileManager.default.createDirectory(atPath: s.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: s.path("elsewhere"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FrostRunner.binary, toPath: s.path("bin/frost"))
        // `bench` without --input works on the built-in sample photo.
        let run = try FrostRunner.run(
            ["bench", "--sizes", "64x32", "--sigma", "2", "--repeat", "1"],
            in: s.path("elsewhere"), timeout: 120, binary: s.path("bin/frost"))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("64x32"), "\(run.stdout)")
        #expect(!run.stderr.contains("Fatal error"), "\(run.stderr)")
    }

    @Test func benchUITimesTheTwoCirclesAndRefusesAnUnknownCase() throws {
        let run = try FrostRunner.run(["bench", "ui", "--only", "circles", "--repeat", "1", "--threads", "1"], timeout: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("two translucent circles (390x200 pt at 3x): frame (layout + render)"), "\(run.stdout)")
        let bad = try FrostRunner.run(["bench", "ui", "--only", "circle"], timeout: 60)
        #expect(bad.status != 0 && bad.stderrLines.count == 1, "\(bad.stderr)")
        #expect(bad.stderr.contains("--only takes card, scroll, circles, layout and/or list"), "\(bad.stderr)")
    }

    @Test func theDemoSaysWhichSystemPackagesItMissedAndWhatTheyCost() {
        #expect(
            DemoCommand.systemReport(missing: [], lost: [:])
                == "system packages: fonts-dejavu-core, fonts-inter, fonts-noto-core, fonts-noto-cjk, fonts-noto-color-emoji, bootstrap-icons found")
        let report = DemoCommand.systemReport(
            missing: [SystemData.inter, SystemData.bootstrapIcons],
            lost: [SystemData.bootstrapIcons: ["settings-tap.apng", "everyday.png", "everyday.png"]])
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(report)")
        #expect(lines[0].hasPrefix("system packages not found: fonts-inter, bootstrap-icons"), "\(report)")
        #expect(lines[1] == "  fonts-inter (Inter, San Francisco's stand-in): nothing in this gallery needed it", "\(report)")
        #expect(
            lines[2]
                == "  bootstrap-icons (Bootstrap Icons, the SF Symbol look-alikes): SF Symbols drawn as dashed placeholders in 2 gallery files: everyday.png, settings-tap.apng",
            "\(report)")
    }
}

@Suite("frost: --scale is one option, with one rule, in every command", .hangLimit)
struct ScaleOptionTests {
    @Test("every command refuses a scale outside (0, 16] with the same one-line error, before doing any work; the help names the range")
    func oneRule() throws {
        let s = try Scratch()
        let input = try s.image("in.png", width: 16, height: 16)
        let commands: [[String]] = [
            ["blur", input, "-o", s.path("b.png"), "--sigma", "2"],
            ["material", input, "-o", s.path("m.png"), "--style", "thinMaterial", "--rect", "0,0,8,8"],
            ["effects", input, "-o", s.path("e.png"), "--preset", "dark"],
            ["legibility", input, "--rect", "0,0,8,8", "--style", "thinMaterial", "--text-color", "#000000"],
            ["render", "-o", s.path("r.png")],
            ["record", "--example", "content-card", "-o", s.path("r.apng")],
            ["bench", "ui"], ["bench", "text"], ["bench", "materials"], ["bench", "animation"],
        ]
        for command in commands {
            for bad in ["0", "16.5", "-1", "nan"] {
                let run = try FrostRunner.run(command + ["--scale=" + bad], timeout: 60)
                #expect(run.status != 0 && run.stderrLines.count == 1, "\(command) --scale \(bad): \(run.stderr)")
                #expect(run.stderr.contains("--scale must be in (0, 16]"), "\(command) --scale \(bad): \(run.stderr)")
            }
        }
        let help = try FrostRunner.run(["render", "--help"])
        #expect(help.stdout.contains("Display scale: pixels per point, in (0, 16]."))
    }
}
