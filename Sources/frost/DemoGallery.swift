import Foundation
import FrostBlur
import FrostEffects
import FrostExamples
import FrostExport
import FrostImage
import FrostUI

/// In the command line tool, an image is pixels (FrostUI's `Image` view is named in full).
typealias Image = FrostImage.Image

/// The browsable gallery `frost demo` writes: every blur technique, transition and material,
/// each a labelled file with a caption in `index.html`.
struct DemoGallery {
    struct Entry { var file: String; var title: String; var caption: String }
    let folder: String
    private(set) var entries: [Entry] = []
    private(set) var notes: [String] = []
    static let fps = 30.0

    init(folder: String) { self.folder = folder }

    func path(_ name: String) -> String { URL(fileURLWithPath: folder).appendingPathComponent(name).path }

    mutating func add(_ file: String, _ title: String, _ caption: String) { entries.append(Entry(file: file, title: title, caption: caption)) }

    /// `image` with `text` under it (FrostUI: an Image and a Text in a VStack).
    static func labelled(_ image: Image, _ text: String) throws -> Image {
        let view = VStack(spacing: 2) {
            FrostUI.Image(pixels: image)
            Text(text).font(.caption).foregroundStyle(Color(white: 0.15))
        }
        return try ViewHost(view, size: CGSize(width: Double(image.width), height: Double(image.height) + 20), scale: 1).snapshot()
    }

    /// One frame per time: the tiles of every column side by side.
    static func sideBySide(_ columns: [[Image]], labels: [String]) throws -> [Image] {
        guard let count = columns.first?.count else { return [] }
        return try (0..<count).map { i in
            try Image.grid(zip(columns, labels).map { try labelled($0.0[i], $0.1) }, columns: columns.count, gap: 6, background: RGBA8(235, 235, 240))
        }
    }

    static func record<V: View>(_ host: ViewHost<V>, until end: Double) throws -> [Image] {
        try host.record(from: 0, to: end, fps: fps).map(\.image)
    }

    func writeAnimation(_ frames: [Image], _ name: String) throws {
        try APNG.write(frames.map { APNG.Frame($0, duration: 1 / DemoGallery.fps) }, to: path(name))
    }

    func writeFilmstrip(_ frames: [Image], every step: Int, _ name: String) throws {
        let picked = stride(from: 0, to: frames.count, by: step).map { (frames[$0], Double($0) / DemoGallery.fps) }
        try ImageFile.write(try Filmstrip.render(picked, columns: 6), to: path(name))
    }

    // MARK: Entries

    mutating func blurBridge() throws {
        let size = CGSize(width: 390, height: 320)
        func card(_ view: AnyView) throws -> [Image] {
            let h = try ViewHost(view, size: size, scale: 1)
            try h.tap("More", at: 0.1)
            return try DemoGallery.record(h, until: 0.8)
        }
        let pair = try DemoGallery.sideBySide(
            [try card(AnyView(ContentCardCrossfade())), try card(AnyView(ContentCard()))],
            labels: ["hard cross-fade", "blur bridge (the seed's ContentCard)"])
        try writeAnimation(pair, "bridge-vs-crossfade.apng")
        try writeFilmstrip(pair, every: 3, "bridge-vs-crossfade-filmstrip.png")
        add(
            "bridge-vs-crossfade.apng", "The blur bridge, against a hard cross-fade",
            "The seed's ContentCard toggled at 0.1 s: left, the cross-fade version (the layout seam shows); right, the bridged one (6 pt blur raised over the swap, then cleared)."
        )
        add("bridge-vs-crossfade-filmstrip.png", "The same, as a filmstrip", "Every tenth of a second of the animation above, with its time.")

        let names = ["none", "textSwap", "cardResize", "fullReflow", "imageSwap", "automatic"]
        var columns: [[Image]] = [], seams: [String] = []
        for name in names {
            let preset = name == "none" ? nil : BlurBridgePreset.named(name)
            let h = try ViewHost(BridgedContentCard(preset: preset), size: size, scale: 1)
            try h.tap("More", at: 0.1)
            let frames = try DemoGallery.record(h, until: 0.8)
            columns.append(frames)
            let seam = try SeamMeter.measure(frames).seam
            let chosen = h.blurBridges.first.map { name == "automatic" ? " → \($0.preset.name)" : "" } ?? ""
            seams.append("\(name)\(chosen): seam \(String(format: "%.2f", seam))")
        }
        let presets = try DemoGallery.sideBySide(columns, labels: seams)
        try writeAnimation(presets, "bridge-presets.apng")
        add(
            "bridge-presets.apng", "Blur bridge presets",
            "withBlurBridge(preset) on the same card: no bridge, textSwap (4 pt, 100 ms), cardResize (6 pt, 150 ms), fullReflow (8 pt, 200 ms), imageSwap (4 pt), and .automatic (picked from the measured change). Labels give the seam proxy (largest frame-to-frame change of the high-pass image, levels/px: lower hides the seam better)."
        )
    }

    mutating func transitions() throws {
        let host = try ViewHost(MyView(), size: CGSize(width: 390, height: 160), scale: 1)
        try host.tap("", at: 0.1)
        try writeAnimation(try DemoGallery.record(host, until: 1.0), "my-view.apng")
        add(
            "my-view.apng", "The seed's MyView",
            "if/else makes two views: the circle on the left fades out while the one on the right fades in (SwiftUI's structural identity), tapped at 0.1 s.")

        let all: [(String, AnyTransition)] = [
            (".opacity", .opacity), (".scale", .scale), (".scale(0.5, .topLeading)", .scale(0.5, anchor: .topLeading)),
            (".offset(x: 60)", .offset(x: 60)), (".move(edge: .leading)", .move(edge: .leading)), (".move(edge: .bottom)", .move(edge: .bottom)),
            (".slide", .slide), (".push(from: .trailing)", .push(from: .trailing)), (".blurReplace", .blurReplace),
            (".blurReplace(.upUp)", .blurReplace(.upUp)), (".move + .opacity", .move(edge: .leading).combined(with: .opacity)),
            (".asymmetric(slide, opacity)", .asymmetric(insertion: .slide, removal: .opacity)),
            ("MyTransition()", SeedTransitions.custom), (".myTransition (modifier)", SeedTransitions.modifier),
        ]
        var columns: [[Image]] = []
        for (_, transition) in all {
            let card = AnyView(RoundedRectangle(cornerRadius: 12).fill(Color.blue).frame(width: 90, height: 60))
            let stage = TransitionStage(content: card, transition: transition, shown: false)
            let h = try ViewHost(stage, size: CGSize(width: 170, height: 110), scale: 1)
            let t = Transaction(animation: .easeInOut(duration: 0.5))
            try h.perform(at: 0.1, t) { stage.toggle() }
            try h.perform(at: 0.9, t) { stage.toggle() }
            columns.append(try DemoGallery.record(h, until: 1.5))
        }
        let frames = try (0..<columns[0].count).map { i in
            try Image.grid(zip(columns, all).map { try DemoGallery.labelled($0.0[i], $0.1.0) }, columns: 5, gap: 6, background: RGBA8(235, 235, 240))
        }
        try writeAnimation(frames, "transitions.apng")
        add(
            "transitions.apng", "Every built-in transition, and the seed's custom ones",
            "Each card is inserted at 0.1 s and removed at 0.9 s with .easeInOut(duration: 0.5): REFERENCE.md's definitions, combined and asymmetric, the Transition protocol (MyTransition) and a modifier transition."
        )
    }

    /// The everyday-views examples on an iPhone 13's screen at 1×, light and dark, and a
    /// recorded tap on the settings' Wi-Fi switch.
    mutating func everyday() throws {
        let device = DevicePreset.iPhone13
        func screen(_ view: AnyView, _ scheme: ColorScheme) throws -> ViewHost<AnyView> {
            let h = try ViewHost(view, size: device.size, scale: 1, colorScheme: scheme)
            h.safeAreaInsets = device.safeAreaInsets
            return h
        }
        var cells: [Image] = []
        for (name, view) in [("settings", AnyView(SettingsExample())), ("inbox", AnyView(InboxExample()))] {
            for scheme in [ColorScheme.light, .dark] {
                cells.append(try DemoGallery.labelled(try screen(view, scheme).snapshot(), "\(name), \(scheme == .light ? "light" : "dark")"))
            }
        }
        try ImageFile.write(try Image.grid(cells, columns: 4, gap: 8, background: RGBA8(235, 235, 240)), to: path("everyday.png"))
        add(
            "everyday.png", "Everyday views with iOS's look",
            "frost render --example settings and --example inbox: a grouped Form with every control in a NavigationStack, and a plain List with a toolbar in a TabView (the bar in the .bar material, a badge), light and dark; SF Symbols are Bootstrap Icons look-alikes."
        )
        let h = try screen(AnyView(SettingsExample()), .light)
        try h.tap("Wi-Fi", at: 0.2)
        try h.tap("Cellular", at: 1.0)
        try h.tap("Settings", at: 1.9)
        try writeAnimation(try DemoGallery.record(h, until: 2.6), "settings-tap.apng")
        add(
            "settings-tap.apng", "A scripted tap on a switch, a push and a pop",
            "frost record --example settings --tap Wi-Fi@0.2 --tap Cellular@1 --tap Settings@1.9 --until 2.6: the knob slides and the track recolours with the system spring, as UISwitch animates; Cellular pushes its screen, which slides in over the form as the form moves a third of the way left and dims, and the back button pops it."
        )
        let bridged = try screen(AnyView(SettingsExample()), .light)
        try bridged.scroll(to: CGPoint(x: 0, y: 420))
        try bridged.tap("Show Details", at: 0.2)
        try writeAnimation(try DemoGallery.record(bridged, until: 1.0), "settings-bridge.apng")
        add(
            "settings-bridge.apng", "The blur bridge on a form",
            "Storage's progress bar swaps for three rows with withBlurBridge inside the grouped form (scrolled to it): the rows blur while the card grows, then sharpen."
        )
    }

    /// The inbox presenting: a sheet, a confirmation dialog inside it, then an alert.
    mutating func presentations() throws {
        let device = DevicePreset.iPhone13
        let h = try ViewHost(AnyView(InboxExample()), size: device.size, scale: 1)
        h.safeAreaInsets = device.safeAreaInsets
        try h.advance(to: 0.3)
        try h.tapView("compose")
        try h.advance(to: 1.3)
        try h.tap("Cancel")
        try h.advance(to: 2.0)
        try h.tap("Delete Draft")
        try h.advance(to: 2.8)
        try h.tap("Edit")
        try writeAnimation(try DemoGallery.record(h, until: 3.6), "presentations.apng")
        add(
            "presentations.apng", "Sheets, dialogs and alerts",
            "The inbox's compose button presents a sheet (the inbox shrinks behind it over black, as a page sheet does); Cancel raises a confirmation dialog over the sheet; Delete Draft dismisses both; Edit shows an alert on its material. Taps on the host's clock; each presentation moves with its own spring."
        )
    }

    mutating func blurable() throws {
        let h = try ViewHost(SegmentedRowScreen(), size: CGSize(width: 390, height: 150), scale: 2)
        let row = try h.view("segments")
        try h.advance(to: 0.2)
        row.blur(blurRadius: 3)
        try h.advance(to: 1.0)
        row.unBlur()
        let frames = try (0..<Int(1.4 * DemoGallery.fps)).map { try h.frame(at: Double($0) / DemoGallery.fps) }
        try writeAnimation(frames, "blurable.apng")
        add(
            "blurable.apng", "Blurable",
            "host.view(\"segments\").blur(blurRadius: 3) at 0.2 s and unBlur() at 1.0 s: a 1× snapshot of the row, blurred, cross-faded 0.2 s ease-in in its own slot — the stack does not move."
        )
    }

    mutating func interactive(_ photo: Image) throws {
        let small = try Resample.area(try photo.cropped(to: PixelRect(x: 96, y: 0, width: 384, height: 256)), factorX: 2, factorY: 2)
        let top = 12.0
        var columns: [[Image]] = [], labels: [String] = []
        let times = (0...Int(DemoGallery.fps)).map { Double($0) / DemoGallery.fps }
        let truths = try times.map { try GaussianBlur(sigma: top * $0, quality: .exact).apply(to: small) }
        for schedule in [BlurStages.Schedule.uniform(1), .uniform(3), .uniform(10), .uniform(50), .doubling] {
            let stages = try BlurStages.prepare(small, maxSigma: top, schedule: schedule)
            let frames = try times.map { try stages.frame(at: $0) }
            columns.append(frames)
            let worst = try zip(frames, truths).map { try $0.psnr(against: $1) }.min() ?? 0
            labels.append("\(schedule): worst \(String(format: "%.0f", min(worst, 99))) dB")
        }
        let live = try LiveBlur(maxSigma: top)
        columns.append(try times.map { try live.frame(of: small, at: $0) })
        labels.append("live (realtime)")
        let frames = try DemoGallery.sideBySide(columns, labels: labels)
        try writeAnimation(frames, "interactive.apng")
        add(
            "interactive.apng", "Interactive blur: stages against live",
            "A scroll from progress 0 to 1 in one second, σ 0…12 px: 1, 3, 10 and 50 precomputed stages (stage i with stage i+1 over it at alpha x − i), doubling stages (σ 0, 2, 4, 8, 12) and live blur. Labels give each one's worst PSNR against a true blur."
        )
    }

    /// Scrolls `host` down `distance` points from 0.2 s over 1.5 s, ease-in-out, one offset per frame (a finger's drag).
    static func scriptScroll<V: View>(_ host: ViewHost<V>, distance: Double) throws {
        let steps = Int(1.5 * fps)
        for i in 0...steps {
            let p = Double(i) / Double(steps)
            try host.scroll(to: CGPoint(x: 0, y: distance * (0.5 - 0.5 * cos(.pi * p))), at: 0.2 + 1.5 * p)
        }
    }

    mutating func scrollBlur() throws {
        let h = try ViewHost(ScrollBlurList(), size: CGSize(width: 390, height: 420), scale: 1)
        try DemoGallery.scriptScroll(h, distance: 420)
        try writeAnimation(try DemoGallery.record(h, until: 1.9), "scroll-blur.apng")
        add(
            "scroll-blur.apng", "Scroll-driven blur",
            "scrollTransition { content, phase in content.blur(radius: phase.isIdentity ? 0 : 10) } on each row, scrolled along a scripted path: rows blur as they leave at the top and arrive at the bottom (.interactive, ease-in-out)."
        )
    }

    mutating func scrollPositionBlur(_ photo: Image) throws {
        let small = try Resample.area(photo, factorX: 2, factorY: 2)
        let h = try ViewHost(ScrollPositionBlur(photo: FrostUI.Image(pixels: small)), size: CGSize(width: 390, height: 260), scale: 1)
        try DemoGallery.scriptScroll(h, distance: 400)
        try writeAnimation(try DemoGallery.record(h, until: 1.9), "scroll-position-blur.apng")
        add(
            "scroll-position-blur.apng", "Blur driven by the scroll position",
            "A photo behind an invisible ScrollView: .onScrollGeometryChange(for: CGFloat.self, of: { $0.contentOffset.y }) { _, y in offset = y } sets state, and .blur(radius: min(20, offset / 20)) follows it — scrolled 0 → 400 pt along a scripted path."
        )
    }

    /// A finger pulls down over a photo and lets go: the blur follows the drag, then springs back.
    mutating func pullDownBlur(_ photo: Image) throws {
        let small = try Resample.area(photo, factorX: 2, factorY: 2)
        let h = try ViewHost(PullDownBlur(photo: FrostUI.Image(pixels: small)), size: CGSize(width: 390, height: 260), scale: 1)
        // Down 180 pt in 0.6 s, speeding up to the release (a flick), from 0.2 s.
        try h.drag(from: CGPoint(x: 195, y: 40), to: CGPoint(x: 195, y: 220), duration: 0.6, profile: .easeIn, at: 0.2)
        try writeAnimation(try DemoGallery.record(h, until: 1.6), "pull-down-blur.apng")
        add(
            "pull-down-blur.apng", "Blur driven by a drag",
            "iOS 8's pull-down over a photo, as an app writes it: DragGesture(minimumDistance: 0).onChanged sets the pull, .blur(radius: 20 × pull / 200) follows the finger (sampled at 120 Hz on the host's clock), and .onEnded springs the blur back with withAnimation(.interpolatingSpring(…, initialVelocity:)) starting at the finger's speed."
        )
    }

    mutating func methods(_ photo: Image) throws {
        let small = try Resample.resized(photo, width: 160, height: 160)
        let radii: [Double] = [0, 1, 2, 5, 20]
        var cells: [Image] = []
        for method in BlurMethod.allCases {
            let prepared = try BlurMethod.Prepared(method, image: small, maxRadius: radii.max()!, threads: nil)
            for r in radii { cells.append(try DemoGallery.labelled(try prepared.blur(radius: r, threads: nil), "\(method.shortName), r = \(r.shortText)")) }
        }
        try ImageFile.write(try Image.grid(cells, columns: radii.count, gap: 4, background: RGBA8(235, 235, 240)), to: path("methods.png"))
        add(
            "methods.png", "Blur methods at radii 0, 1, 2, 5 and 20",
            "Each row a method of the interactive-blur document at σ = r px (frost bench methods): the Gaussian at default and realtime quality, one box pass, a tent, Apple's ImageEffects (three boxes), 1, 3, 10 and 50 precomputed stages and doubling stages (prepared up to 20, cross-faded). Few stages show a cross-fade of two blurs rather than a blur."
        )
    }

    mutating func vibrancy(_ photo: Image) throws {
        let small = FrostUI.Image(pixels: try Resample.area(photo, factorX: 2, factorY: 2))
        let materials: [(String, MaterialStyle)] = [
            ("ultraThin", .ultraThinMaterial), ("thin", .thinMaterial), ("regular", .regularMaterial),
            ("thick", .thickMaterial), ("ultraThick", .ultraThickMaterial),
        ]
        var cells: [Image] = []
        for scheme in [ColorScheme.light, .dark] {
            for (name, material) in materials {
                for vibrant in [true, false] {
                    let host = try ViewHost(
                        VibrancySampler(photo: small, material: material, vibrant: vibrant),
                        size: CGSize(width: 240, height: 210), scale: 1, colorScheme: scheme)
                    cells.append(try DemoGallery.labelled(try host.snapshot(), "\(name), \(scheme), \(vibrant ? "vibrant" : "plain twin")"))
                }
            }
        }
        try ImageFile.write(try Image.grid(cells, columns: 4, gap: 6, background: RGBA8(235, 235, 240)), to: path("vibrancy.png"))
        add(
            "vibrancy.png", "Vibrancy on every view over a material",
            "Each material, light and dark, over the photo: secondary/tertiary/quaternary text (label styles), shapes filled and stroked in those styles (fill styles) and a Divider (separator style) drawn vibrant on the material, beside a plain twin drawn next to the material instead of on it."
        )
    }

    mutating func progressive(_ photo: Image) throws {
        let top = try VariableBlur(maxSigma: 40, mask: .topEdge(fraction: 0.5), tint: Color(white: 1, opacity: 0.2)).apply(to: photo)
        let bottom = try VariableBlur(maxSigma: 40, mask: .bottomEdge(fraction: 0.4)).apply(to: photo)
        let sheet = try Image.grid(
            [
                try DemoGallery.labelled(top, "top edge, σ 40 px, white tint 20 %"),
                try DemoGallery.labelled(bottom, "bottom edge, σ 40 px"),
            ], columns: 2, gap: 8, background: RGBA8(235, 235, 240))
        try ImageFile.write(sheet, to: path("progressive.png"))
        add(
            "progressive.png", "Progressive (variable) blur",
            "σ = 40 px × a gradient mask, as iOS's variable blur behind bars: no steps or streaks where the mask changes (true Gaussians at half-octave σ, mixed per pixel)."
        )
    }

    mutating func stills(_ blurred: [Image], sigmas: [Double], edges: [Image]) throws {
        let sheet = try Image.grid(
            zip(blurred, sigmas).map { try DemoGallery.labelled($0.0, "σ \(Int($0.1)) px") }, columns: 2, gap: 8,
            background: RGBA8(235, 235, 240))
        try ImageFile.write(sheet, to: path("blur-sigmas.png"))
        add(
            "blur-sigmas.png", "Gaussian blur",
            "The sample photo (NASA, public domain) at σ 0, 2, 8 and 32 px, default quality (≥ 45 dB against an exact float64 Gaussian).")
        let modes = try Image.grid(
            zip(edges, EdgeMode.allCases).map { try DemoGallery.labelled($0.0, $0.1.rawValue) }, columns: 4, gap: 8,
            background: RGBA8(235, 235, 240))
        try ImageFile.write(modes, to: path("edge-modes.png"))
        add(
            "edge-modes.png", "Edge modes",
            "σ 24 px with each edge mode, labelled: clamp (CoreImage's clampedToExtent), mirror (CSS backdrop-filter), wrap, transparent (edges fade).")
        add("region-blur.png", "Region blur", "σ 12 px inside one rectangle; every pixel outside it is byte-identical.")
        add("materials.png", "Materials and vibrancy", "Every UIBlurEffect style over the photo, light and dark, each with a vibrant label.")
        add("contact-sheet.png", "Contact sheet", "The stills together.")
    }

    /// index.html: every entry with its title and caption.
    func writeIndex() throws {
        func escape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        }
        var html = """
            <!doctype html><meta charset="utf-8"><title>Frost gallery</title>
            <style>body{font:15px -apple-system,system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
            figure{margin:2em 0}img{max-width:100%;border:1px solid #ddd}figcaption{color:#555;margin-top:.4em}</style>
            <h1>Frost gallery</h1><p>Written by <code>frost demo</code>: blur, materials, transitions and the blur techniques, rendered headlessly.</p>

            """
        for e in entries {
            html +=
                "<figure id=\"\(escape(e.file))\"><h2>\(escape(e.title))</h2><img src=\"\(escape(e.file))\" alt=\"\(escape(e.title))\"><figcaption>\(escape(e.caption))</figcaption></figure>\n"
        }
        try Data(html.utf8).write(to: URL(fileURLWithPath: path("index.html")), options: .atomic)
    }

    /// Checks a written gallery: every file `index.html` names exists and decodes, and every
    /// APNG has more than one frame. Returns the files checked.
    static func verify(_ folder: String) throws -> [String] {
        let index = URL(fileURLWithPath: folder).appendingPathComponent("index.html").path
        guard let html = FileManager.default.contents(atPath: index).map({ String(decoding: $0, as: UTF8.self) }) else {
            throw CLIError("\(index): no gallery index")
        }
        let files = html.components(separatedBy: "<img src=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
        guard !files.isEmpty else { throw CLIError("\(index) names no files") }
        for f in files {
            let p = URL(fileURLWithPath: folder).appendingPathComponent(f).path
            // ImageError names the file itself.
            do { _ = try ImageFile.read(p) } catch { throw CLIError(error.description) }
            if f.hasSuffix(".apng") {
                let frames = DemoGallery.chunkCount("fcTL", in: FileManager.default.contents(atPath: p) ?? Data())
                guard frames > 1 else { throw CLIError("\(p): an animation with \(frames) frame(s)") }
            }
        }
        return files
    }
}

extension DemoGallery {
    /// How many chunks of `type` a PNG file holds (walking its chunks; 0 when it is not a PNG).
    static func chunkCount(_ type: String, in data: Data) -> Int {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, bytes[1] == 0x50, bytes[2] == 0x4E, bytes[3] == 0x47 else { return 0 }
        var i = 8, n = 0
        let want = Array(type.utf8)
        while i + 8 <= bytes.count {
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if Array(bytes[(i + 4)..<(i + 8)]) == want { n += 1 }
            i += 12 + length
        }
        return n
    }
}
