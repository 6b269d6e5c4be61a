import Foundation
import FrostImage
import Testing

/// `frost bench` and `frost demo` end to end.
@Suite(.timeLimit(.minutes(10))) struct BenchAndDemoTests {
    @Test func benchJSON() throws {
        let run = try FrostRunner.run(["bench", "--sizes", "64x32", "--sigma", "2,30", "--quality", "default,realtime",
                                       "--threads", "1", "--repeat", "2", "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
        for row in rows {
            for key in ["width", "height", "sigma", "quality", "threads", "median_ms", "min_ms", "mpix_per_s"] {
                #expect(row[key] != nil, "missing \(key) in \(row)")
            }
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

    @Test(arguments: [["bench", "--sizes", "0x10"], ["bench", "--sigma", "-2"], ["bench", "--repeat", "0"],
                      ["bench", "--input", "missing.png"], ["bench", "--sizes", "big"]])
    func benchBadArguments(arguments: [String]) throws {
        let s = try Scratch()
        let run = try FrostRunner.run(arguments, in: s.dir)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("frost: error: "), "\(run.stderr)")
    }

    @Test func demoWritesShowcase() throws {
        let s = try Scratch()
        let run = try FrostRunner.run(["demo"], in: s.dir)
        #expect(run.status == 0, "\(run.stderr)")
        let names = (try FileManager.default.contentsOfDirectory(atPath: s.path("frost-demo"))).sorted()
        #expect(names == ["astronaut-sigma-0.png", "astronaut-sigma-2.png", "astronaut-sigma-32.png", "astronaut-sigma-8.png",
                          "blur-sigmas.png", "blurable.apng", "bridge-presets.apng", "bridge-vs-crossfade-filmstrip.png",
                          "bridge-vs-crossfade.apng", "contact-sheet.png", "edge-modes.png", "index.html", "interactive.apng",
                          "materials.png", "my-view.apng", "progressive.png", "region-blur.png", "scroll-blur.apng", "transitions.apng"])
        #expect(run.stdout.contains("frost-demo/index.html"))
        // The gallery checks itself: every entry exists and decodes; a broken entry is caught.
        let verify = try FrostRunner.run(["demo", "--verify", "frost-demo"], in: s.dir)
        #expect(verify.status == 0 && verify.stdout.contains("14 gallery files"), "\(verify.stdout) \(verify.stderr)")
        try s.write([0x89, 0x50, 0x4E], to: "frost-demo/blurable.apng")
        let broken = try FrostRunner.run(["demo", "--verify", "frost-demo"], in: s.dir)
        #expect(broken.status != 0 && broken.stderrLines.count == 1 && broken.stderr.contains("blurable.apng"), "\(broken.stderr)")
        let original = try SampleImages.astronaut()
        #expect(try ImageFile.read(s.path("frost-demo/astronaut-sigma-0.png")) == original)
        #expect(try ImageFile.read(s.path("frost-demo/astronaut-sigma-8.png")) != original)
    }

    @Test func demoIntoUnwritablePlace() throws {
        let s = try Scratch()
        try s.write([1, 2, 3], to: "file")
        let run = try FrostRunner.run(["demo", "--out-dir", "file/sub"], in: s.dir)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
    }
}
