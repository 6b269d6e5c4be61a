import Foundation
import FrostEffects
import FrostImage
import Testing
import FrostTestSupport

/// `frost material`, `materials`, `effects` and `legibility` end to end.
@Suite(.hangLimit) struct MaterialCommandTests {
    @Test func materialEqualsTheLibraryAndKeepsOutsidePixels() throws {
        let s = try Scratch()
        let input = try s.image("in.png", width: 160, height: 120)
        let run = try FrostRunner.run([
            "material", input, "-o", s.path("out.png"), "--style", "thinMaterial",
            "--appearance", "dark", "--rect", "20,20,100,60", "--corner-radius", "8", "--scale", "2",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let source = try ImageFile.read(input)
        let expected = try MaterialPanel(
            material: .systemThinMaterial, appearance: .dark,
            rect: PixelRect(x: 20, y: 20, width: 100, height: 60), cornerRadius: 8, scale: 2
        ).render(over: source)
        #expect(try ImageFile.read(s.path("out.png")) == expected)
        // A vibrant label changes pixels inside the panel only.
        let labelled = try FrostRunner.run([
            "material", input, "-o", s.path("label.png"), "--style", "thinMaterial",
            "--rect", "20,20,100,60", "--label", "Hé", "--font-size", "20",
            "--vibrancy", "secondaryLabel",
        ])
        #expect(labelled.status == 0, "\(labelled.stderr)")
        let plain = try MaterialPanel(material: .systemThinMaterial, rect: PixelRect(x: 20, y: 20, width: 100, height: 60)).render(over: source)
        let out = try ImageFile.read(s.path("label.png"))
        #expect(out != plain && out[5, 5] == source[5, 5])
    }

    @Test(arguments: [
        (["--style", "thinMaterail"], "did you mean 'thinMaterial'"),
        (["--style", "thin", "--rect", "150,100,50,50"], "reaches outside"),
        (["--style", "thin", "--corner-radius=-3"], "corner radius"),
        (["--style", "thin", "--label", "x", "--font", "/nope/font.ttf"], "no such font file"),
        (["--style", "thin", "--label", ""], "the text is empty"),
        (["--style", "thin", "--label", "x", "--vibrancy", "lable"], "did you mean 'label'"),
        (["--style", "thin", "--label", String(repeating: "W", count: 400), "--font-size", "60"], "does not fit"),
        (["--style", "thin", "--rect", "1,2,3"], "--rect must be"),
    ])
    func materialBadInput(extra: [String], message: String) throws {
        let s = try Scratch()
        let input = try s.image("in.png", width: 160, height: 120)
        let run = try FrostRunner.run(["material", input, "-o", s.path("out.png")] + extra)
        #expect(run.status != 0)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("frost: error: ") && run.stderr.contains(message), "\(run.stderr)")
        #expect(s.files == ["in.png"])
    }

    @Test func effectsSheetAndLegibility() throws {
        let s = try Scratch()
        let input = try s.image("in.png", width: 160, height: 120)
        let dark = try FrostRunner.run(["effects", input, "-o", s.path("dark.png"), "--preset", "dark"])
        #expect(dark.status == 0, "\(dark.stderr)")
        #expect(try ImageFile.read(s.path("dark.png")) == ImageEffects.dark.apply(to: try ImageFile.read(input)))
        let tint = try FrostRunner.run(["effects", input, "-o", s.path("tint.png"), "--preset", "tint=#1E90FF", "--radius", "4"])
        #expect(tint.status == 0, "\(tint.stderr)")
        for (args, message) in [
            (["--preset", "blue"], "--preset must be"), (["--preset", "tint=#12"], "is not a colour"),
            (["--preset", "light", "--radius", "-1"], "radius"),
        ] {
            let bad = try FrostRunner.run(["effects", input, "-o", s.path("bad.png")] + args)
            #expect(bad.status != 0 && bad.stderr.contains(message) && bad.stderrLines.count == 1, "\(bad.stderr)")
        }
        let sheet = try FrostRunner.run(["materials", input, "-o", s.path("sheet.png"), "--appearance", "light"])
        #expect(sheet.status == 0, "\(sheet.stderr)")
        #expect(try ImageFile.read(s.path("sheet.png")).width > 160 * 5)
        let report = try FrostRunner.run([
            "legibility", input, "--rect", "10,10,100,60", "--text-color", "#000000",
            "--style", "thickMaterial",
        ])
        #expect(
            report.status == 0 && report.stdout.contains("image: min") && report.stdout.contains("systemThickMaterial: min")
                && report.stdout.contains("recommended:"), "\(report.stdout)\(report.stderr)")
        let badColour = try FrostRunner.run(["legibility", input, "--rect", "10,10,100,60", "--text-color", "black"])
        #expect(badColour.status != 0 && badColour.stderr.contains("'black' is not a colour"))
        // Under the glyphs of a text; the recommendation may switch to vibrant labels.
        let glyphs = try FrostRunner.run([
            "legibility", input, "--rect", "10,10,140,60", "--text-color", "#808080",
            "--text", "Hello", "--font-size", "20",
        ])
        #expect(
            glyphs.status == 0 && glyphs.stdout.contains("under the glyphs") && glyphs.stdout.contains("recommended:"),
            "\(glyphs.stdout)\(glyphs.stderr)")
        let tooBig = try FrostRunner.run([
            "legibility", input, "--rect", "10,10,40,20", "--text-color", "#000000",
            "--text", "far too long a sentence", "--font-size", "30",
        ])
        #expect(tooBig.status != 0 && tooBig.stderr.contains("does not fit"), "\(tooBig.stderr)")
    }
}
