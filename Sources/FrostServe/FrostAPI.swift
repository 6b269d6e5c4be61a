import Foundation
import FrostImage
import FrostBlur
import FrostRaster
import FrostEffects
import FrostUI
import FrostExport
import FrostExamples

/// The HTTP API's work, apart from HTTP: each endpoint takes the query and body and gives the
/// answer's bytes and content type, or throws a ``Problem``. Stateless apart from the
/// ``ImageCache`` of decoded inputs; nothing is ever read from or written to a path a request
/// names. `frost-serve` puts these behind Hummingbird routes (ServeApp.swift).
public struct FrostAPI: Sendable {
    public var limits: ServeLimits
    public let cache: ImageCache
    /// What requests in flight hold (``ServeLimits/memoryBytes`` less the cache's quarter).
    public let budget: MemoryBudget
    /// Threads for one render (the gate bounds how many run at once).
    public var threads = 1

    public init(limits: ServeLimits = ServeLimits()) {
        self.limits = limits
        cache = ImageCache(capacity: limits.cacheEntries, maxBytes: limits.memoryBytes / 4)
        budget = MemoryBudget(capacity: limits.memoryBytes - limits.memoryBytes / 4)
    }

    /// An answer: status 200, a body and its type.
    public struct Answer: Sendable {
        public var contentType: String
        public var body: [UInt8]
    }

    public typealias Query = [String: String]

    // MARK: Inputs

    /// The body as an image (PNG or JPEG), checked against the limits before decoding, and
    /// decoded once per distinct content (the cache).
    func image(_ body: [UInt8]) throws -> FrostImage.Image {
        guard !body.isEmpty else { throw Problem.unreadableImage("the request body is empty; send PNG or JPEG bytes") }
        guard body.count <= limits.maxUploadBytes else {
            throw Problem.tooLarge("the image is \(body.count) bytes; the limit is \(limits.maxUploadBytes)", limit: limits.maxUploadBytes, unit: "bytes")
        }
        guard PNGCodec.matches(body) || JPEGCodec.matches(body) else {
            throw Problem.unreadableImage("the body is not PNG or JPEG data")
        }
        if let (w, h) = PNGCodec.dimensions(of: body) ?? JPEGCodec.dimensions(of: body), w * h > limits.maxPixels {
            throw Problem.tooLarge("the image is \(w)×\(h) px; the limit is \(limits.maxPixels) pixels", limit: limits.maxPixels, unit: "pixels")
        }
        if let (w, h) = PNGCodec.dimensions(of: body) ?? JPEGCodec.dimensions(of: body) {
            try MemoryBudget.take(w * h * 4, for: "decoding the \(w)×\(h) image")
        }
        return try cache.value(for: ImageCache.key(body)) {
            do {
                let image = PNGCodec.matches(body) ? try PNGCodec.decode(body, name: "the image", threads: 1) : try JPEGCodec.decode(body, name: "the image").0
                guard image.width * image.height <= limits.maxPixels else {
                    throw Problem.tooLarge(
                        "the image is \(image.width)×\(image.height) px; the limit is \(limits.maxPixels) pixels", limit: limits.maxPixels, unit: "pixels")
                }
                return image
            } catch let e as ImageError {
                throw Problem.unreadableImage(e.description)
            }
        }
    }

    static func number(_ q: Query, _ name: String, default value: Double? = nil, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = q[name] else { return value }
        guard let v = Double(text), v.isFinite else { throw Problem.badParameter(name, "'\(text)' is not a number") }
        guard range.contains(v) else {
            throw Problem.badParameter(name, "\(text) is out of range \(range.lowerBound.formatted0)…\(range.upperBound.formatted0)")
        }
        return v
    }

    /// Refuses a parameter the endpoint does not take: a misspelt `qualty=exact` would
    /// otherwise be ignored and the default used without a word.
    static func only(_ q: Query, _ known: [String]) throws {
        if let unknown = q.keys.sorted().first(where: { !known.contains($0) }) {
            throw Problem.badParameter(unknown, "not a parameter of this endpoint", valid: known)
        }
    }

    /// A whole number (the document's `integer`): "1.5" and "1e3" are refused, not rounded.
    static func integer(_ q: Query, _ name: String, default value: Int? = nil, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = q[name] else { return value }
        guard let v = Int(text), !text.hasPrefix("+") else { throw Problem.badParameter(name, "'\(text)' is not a whole number") }
        guard range.contains(v) else { throw Problem.badParameter(name, "\(text) is out of range \(range.lowerBound)…\(range.upperBound)") }
        return v
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ q: Query, _ name: String, default value: T) throws -> T where T.RawValue == String {
        guard let text = q[name] else { return value }
        guard let v = T(rawValue: text) else {
            throw Problem.badParameter(name, "'\(text)' is not one of them", valid: T.allCases.map(\.rawValue))
        }
        return v
    }

    /// `x,y,w,h` in pixels: four whole numbers, no signs or spaces (the document's pattern),
    /// non-empty and inside the image.
    static func rect(_ q: Query, _ name: String, within image: FrostImage.Image) throws -> PixelRect? {
        guard let text = q[name] else { return nil }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        let n = parts.map { p -> Int? in
            let digits = p.drop { $0 == "0" }
            return !p.isEmpty && digits.count <= 9 && p.allSatisfy({ ("0"..."9").contains($0) }) ? Int(digits) ?? 0 : nil
        }
        guard n.count == 4, let x = n[0], let y = n[1], let w = n[2], let h = n[3], w > 0, h > 0 else {
            throw Problem.badParameter(name, "'\(text)' is not x,y,w,h in whole pixels with w and h at least 1")
        }
        let r = PixelRect(x: x, y: y, width: w, height: h)
        guard r.maxX <= image.width, r.maxY <= image.height else {
            throw Problem.badParameter(name, "\(text) is outside the \(image.width)×\(image.height) image")
        }
        return r
    }

    // MARK: Endpoints

    /// `POST /v1/blur?sigma=&edges=&quality=&region=`: the image blurred, as PNG.
    public func blur(query q: Query, body: [UInt8]) throws -> Answer {
        try FrostAPI.only(q, ["sigma", "edges", "quality", "region"])
        let sigma =
            try FrostAPI.number(q, "sigma", in: 0...limits.maxSigma)
            ?? { throw Problem.badParameter("sigma", "required (pixels, 0…\(limits.maxSigma.formatted0))") }()
        let edges: EdgeMode = try FrostAPI.choice(q, "edges", default: .clamp)
        let quality: BlurQuality = try FrostAPI.choice(q, "quality", default: .default)
        let image = try image(body)
        let region = try FrostAPI.rect(q, "region", within: image)
        // The output, the blur's float planes and the PNG.
        try MemoryBudget.take(image.width * image.height * 28, for: "blurring the \(image.width)×\(image.height) image")
        let out = try rendering { try GaussianBlur(sigma: sigma, edges: edges, quality: quality).apply(to: image, region: region, threads: threads) }
        return try png(out)
    }

    /// `POST /v1/material?style=&appearance=&rect=&vibrancy=&label=`: a material panel over the
    /// image, optionally with a label in a vibrancy style.
    public func material(query q: Query, body: [UInt8]) throws -> Answer {
        try FrostAPI.only(q, ["style", "appearance", "rect", "corner-radius", "vibrancy", "label"])
        let style = try FrostAPI.named(q["style"] ?? "systemMaterial", "style", valid: FrostAPI.materialNames) { try Material(named: $0) }
        let appearance: Appearance = try FrostAPI.choice(q, "appearance", default: .light)
        let vibrancy = try q["vibrancy"].map { v in try FrostAPI.named(v, "vibrancy", valid: Vibrancy.allCases.map(\.rawValue)) { try Vibrancy(named: $0) } }
        let image = try image(body)
        let rect = try FrostAPI.rect(q, "rect", within: image)
        let radius = try FrostAPI.number(q, "corner-radius", default: 0, in: 0...1000) ?? 0
        let label = q["label"]
        // Counted as JSON Schema's maxLength counts: in code points.
        if let label, label.unicodeScalars.count > 200 { throw Problem.badParameter("label", "at most 200 characters") }
        try MemoryBudget.take(image.width * image.height * 36, for: "a material over the \(image.width)×\(image.height) image")
        let out = try rendering { () throws -> FrostImage.Image in
            var result = try MaterialPanel(material: style, appearance: appearance, rect: rect, cornerRadius: radius).render(over: image, threads: threads)
            if let label, !label.isEmpty {
                let area = rect ?? image.bounds
                let layout = try TextLayout(label, font: try Font.dejaVuSans(), pointSize: 17, maxWidth: max(1, area.width - 16), alignment: .center)
                // Centred and clipped by the panel, as a label in a clipping UIVisualEffectView.
                let mask = try layout.mask()
                let w = min(mask.width, area.width), h = min(mask.height, area.height)
                if w > 0, h > 0 {
                    let visible = try mask.cropped(to: PixelRect(x: (mask.width - w) / 2, y: (mask.height - h) / 2, width: w, height: h))
                    result = try (vibrancy ?? .label).composite(
                        mask: visible, at: (area.x + (area.width - w) / 2, area.y + (area.height - h) / 2),
                        over: result, appearance: style.effectiveAppearance(for: appearance))
                }
            }
            return result
        }
        return try png(out)
    }

    /// `POST /v1/legibility?rect=&text-color=&appearance=`: WCAG contrast of a text colour over
    /// the region, alone and under each material, and the thinnest material reaching 4.5:1.
    public func legibility(query q: Query, body: [UInt8]) throws -> Answer {
        try FrostAPI.only(q, ["rect", "text-color", "appearance"])
        let image = try image(body)
        let rect = try FrostAPI.rect(q, "rect", within: image) ?? image.bounds
        let colourText = q["text-color"] ?? "#FFFFFF"
        let colour: FrostImage.Color
        // #RGB, #RRGGBB or #RRGGBBAA exactly (the library also trims spaces; the document's pattern does not).
        guard colourText.allSatisfy({ $0 == "#" || $0.isHexDigit && $0.isASCII }), let parsed = try? FrostImage.Color(hex: colourText) else {
            throw Problem.badParameter("text-color", "'\(colourText)' is not #RGB, #RRGGBB or #RRGGBBAA")
        }
        colour = parsed
        let appearance: Appearance = try FrostAPI.choice(q, "appearance", default: .light)
        try MemoryBudget.take(image.width * image.height * 36, for: "materials over the \(image.width)×\(image.height) image")
        let report = try rendering { () throws -> [String: Any] in
            let plain = try Legibility.contrast(of: colour, over: image, in: rect)
            var materials: [[String: Any]] = []
            for m in Material.allCases where m.rawValue.hasPrefix("system") && !m.rawValue.hasSuffix("Light") && !m.rawValue.hasSuffix("Dark") {
                let under = try MaterialPanel(material: m, appearance: appearance, rect: rect).render(over: image, threads: threads)
                let r = try Legibility.contrast(of: colour, over: under, in: rect)
                materials.append(["material": m.rawValue, "minimum": r.minimum.rounded4, "median": r.median.rounded4])
            }
            let best = try Legibility.recommend(text: colour, over: image, in: rect, appearance: appearance)
            let recommendation: Any =
                best.map {
                    [
                        "material": $0.material.rawValue, "vibrancy": $0.vibrancy?.rawValue as Any? ?? NSNull(),
                        "minimum": $0.report.minimum.rounded4,
                    ] as [String: Any]
                } ?? NSNull()
            return [
                "image": ["minimum": plain.minimum.rounded4, "median": plain.median.rounded4], "materials": materials,
                "recommendation": recommendation,
            ]
        }
        let json = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
        return Answer(contentType: "application/json", body: Array(json) + [10])
    }

    /// `POST /v1/stages?count=&max-sigma=&spacing=&size=`: blurred stages of the image for a
    /// client to cross-fade by scroll position, each as a PNG: `count` evenly spaced from σ 0 to
    /// `max-sigma` (`spacing=linear`), or σ 0 then doubling from 1 up to `max-sigma`
    /// (`spacing=doubling`: 0, 1, 2, 4, 8, 16…, where a blur's look changes most). `size`
    /// (pixels, longest side) shrinks the image first.
    public func stages(query q: Query, body: [UInt8]) throws -> Answer {
        try FrostAPI.only(q, ["count", "max-sigma", "spacing", "size"])
        let count = try FrostAPI.integer(q, "count", default: 10, in: 1...limits.maxStages) ?? 10
        let maxSigma = try FrostAPI.number(q, "max-sigma", default: 30, in: 0...limits.maxSigma) ?? 30
        var image = try image(body)
        if let side = try FrostAPI.integer(q, "size", in: 16...4096), max(image.width, image.height) > side {
            let k = Double(side) / Double(max(image.width, image.height))
            image = try Resample.resized(
                image, width: max(1, Int((Double(image.width) * k).rounded())), height: max(1, Int((Double(image.height) * k).rounded())), threads: threads)
        }
        let spacing = q["spacing"] ?? "linear"
        let sigmas: [Double]
        switch spacing {
        case "linear": sigmas = (0..<count).map { count == 1 ? maxSigma : maxSigma * Double($0) / Double(count - 1) }
        case "doubling":
            var list = [0.0], s = 1.0
            while s < maxSigma, list.count < limits.maxStages { list.append(s); s *= 2 }
            if maxSigma > 0, list.count < limits.maxStages { list.append(maxSigma) }
            sigmas = list
        default: throw Problem.badParameter("spacing", "'\(spacing)' is not one of them", valid: ["linear", "doubling"])
        }
        try MemoryBudget.take(image.width * image.height * 28, for: "blurring the \(image.width)×\(image.height) image")
        let images = try rendering {
            try sigmas.map { s in
                try RenderThread.checkCancellation()
                let png = try PNGCodec.encode(try GaussianBlur(sigma: s, quality: .realtime).apply(to: image, threads: threads))
                // Kept, then as base64 in the JSON object and its serialisation.
                try MemoryBudget.take(png.count * 4, for: "\(sigmas.count) stages of \(image.width)×\(image.height)")
                return png
            }
        }
        let object: [String: Any] = [
            "sigmas": sigmas.map(\.rounded4), "width": image.width, "height": image.height,
            "images": images.map { "data:image/png;base64," + Data($0).base64EncodedString() },
        ]
        let json = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return Answer(contentType: "application/json", body: Array(json) + [10])
    }

    /// The `POST /v1/transition` request: a transition and an animation written as in SwiftUI,
    /// the example it applies to, and the file to make.
    public struct TransitionRequest: Sendable, Equatable {
        public var transition: String?
        public var animation: String?
        public var example: String?
        public var format: String?
        public var fps: Double?
        public var width: Double?
        public var height: Double?
        public var scale: Double?
        public var appearance: String?

        static let strings = ["transition", "animation", "example", "format", "appearance"]
        static let numbers = ["fps", "width", "height", "scale"]

        /// Parsed strictly, as the document's schema reads: an object whose members are known
        /// (a misspelt "tranistion" is an error, not a silent default) and of their type (no
        /// nulls, no booleans for numbers).
        init(json body: [UInt8]) throws {
            guard let object = (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] else {
                throw Problem(status: 400, slug: "invalid-json", title: "Invalid JSON", detail: "the body is not a JSON object")
            }
            let known = Self.strings + Self.numbers
            if let unknown = object.keys.sorted().first(where: { !known.contains($0) }) {
                throw Problem.badParameter(unknown, "not a member of a transition request", valid: known)
            }
            func string(_ key: String) throws -> String? {
                guard let v = object[key] else { return nil }
                guard let s = v as? String else { throw Problem.badParameter(key, "must be a string") }
                guard s.unicodeScalars.count <= 500 else { throw Problem.badParameter(key, "at most 500 characters") }
                return s
            }
            func number(_ key: String) throws -> Double? {
                guard let v = object[key] else { return nil }
                // JSON's true and false arrive as NSNumbers too, of Objective-C type char ("c").
                guard let n = v as? NSNumber, String(cString: n.objCType) != "c", n.doubleValue.isFinite
                else { throw Problem.badParameter(key, "must be a number") }
                return n.doubleValue
            }
            transition = try string("transition"); animation = try string("animation"); example = try string("example")
            format = try string("format"); appearance = try string("appearance")
            fps = try number("fps"); width = try number("width"); height = try number("height"); scale = try number("scale")
        }
    }

    /// `POST /v1/transition` (JSON): a card inserted with the transition and animation, or one of
    /// the examples (`content-card`, `content-card-bridged`) tapped, recorded as APNG, GIF, or
    /// `frames` (JSON: the fps and every frame as a PNG data URL, for a scrubber).
    public func transition(body: [UInt8]) throws -> Answer {
        guard body.count <= 64 << 10 else { throw Problem.tooLarge("the JSON is \(body.count) bytes; the limit is 65536", limit: 65536, unit: "bytes") }
        let request = try TransitionRequest(json: body)
        let fps = request.fps ?? 30, width = request.width ?? 320, height = request.height ?? 220, scale = request.scale ?? 1
        guard fps.isFinite, fps >= 1, fps <= 120 else { throw Problem.badParameter("fps", "must be 1…120") }
        guard width >= 16, width <= 1024, height >= 16, height <= 1024 else { throw Problem.badParameter("width/height", "must be 16…1024 points") }
        guard scale >= 0.5, scale <= 3 else { throw Problem.badParameter("scale", "must be 0.5…3") }
        guard request.appearance == nil || ["light", "dark"].contains(request.appearance!) else {
            throw Problem.badParameter("appearance", "'\(request.appearance!)' is not one of them", valid: ["light", "dark"])
        }
        let format = request.format ?? "apng"
        guard ["apng", "gif", "frames"].contains(format) else {
            throw Problem.badParameter("format", "'\(format)' is not one of them", valid: ["apng", "gif", "frames"])
        }
        let scheme: ColorScheme = request.appearance == "dark" ? .dark : .light
        let animation: Animation
        do { animation = try Animation.parse(request.animation ?? ".smooth(duration: 0.4)") } catch {
            throw Problem.badParameter("animation", "\(error)")
        }
        guard let duration = animation.duration, duration <= 10 else { throw Problem.badParameter("animation", "must end within 10 s (no repeatForever)") }
        // Either a card inserted with the transition, or an example tapped ("More").
        let view: AnyView
        var stage: TransitionStage?
        switch request.example ?? "card" {
        case "card":
            let transition: AnyTransition
            do { transition = try AnyTransition.parse(request.transition ?? ".opacity") } catch { throw Problem.badParameter("transition", "\(error)") }
            stage = TransitionStage(content: AnyView(ServeCard()), transition: transition, shown: false)
            view = AnyView(stage!)
        case "content-card": view = AnyView(ContentCardCrossfade())
        case "content-card-bridged": view = AnyView(ContentCard())
        case let other: throw Problem.badParameter("example", "'\(other)' is not one of them", valid: ["card", "content-card", "content-card-bridged"])
        }
        // Limits after every parameter is known good: a 413 means only the size is too much.
        let framePixels = Int((width * scale).rounded(.up)) * Int((height * scale).rounded(.up))
        guard framePixels <= limits.maxPixels else {
            throw Problem.tooLarge("a frame is \(framePixels) pixels; the limit is \(limits.maxPixels)", limit: limits.maxPixels, unit: "pixels")
        }
        let span = max(duration, 1 / fps) + 0.1
        let frames = Int((span * fps).rounded(.up)) + 1
        guard frames <= limits.maxFrames else {
            throw Problem.tooLarge("\(frames) frames at \(fps) fps; the limit is \(limits.maxFrames)", limit: limits.maxFrames, unit: "frames")
        }
        let pixelsWide = Int((width * scale).rounded(.up)), pixelsHigh = Int((height * scale).rounded(.up))
        // The renderer's layers and the frame being drawn; GIF keeps every frame (its palette
        // is chosen over all of them), APNG and `frames` keep only the encoded ones.
        try MemoryBudget.take(framePixels * 64, for: "drawing \(pixelsWide)×\(pixelsHigh) frames")
        if format == "gif" { try MemoryBudget.take(framePixels * 4 * frames, for: "\(frames) GIF frames of \(pixelsWide)×\(pixelsHigh)") }
        let bytes = try rendering { () throws -> [UInt8] in
            let host = try ViewHost(view, size: CGSize(width: width, height: height), scale: CGFloat(scale), colorScheme: scheme)
            if let stage { try host.perform(at: 0, Transaction(animation: animation)) { stage.toggle() } } else { try host.tap("More", at: 0) }
            let times = try HostCore.frameTimes(from: 0, to: span, fps: fps)
            // Each frame is drawn, encoded and dropped before the next (the answer is
            // abandoned at the first check after its deadline).
            func drawn(_ each: (FrostImage.Image) throws -> Void) throws {
                for t in times {
                    try RenderThread.checkCancellation()
                    try each(try host.frame(at: t))
                }
            }
            switch format {
            case "frames":
                var urls: [String] = []
                try drawn { image in
                    let png = try PNGCodec.encode(image, threads: threads)
                    // The PNG as base64, then again in the JSON object and its serialisation.
                    try MemoryBudget.take(png.count * 4, for: "\(frames) frames of \(pixelsWide)×\(pixelsHigh)")
                    urls.append("data:image/png;base64," + Data(png).base64EncodedString())
                }
                let object: [String: Any] = ["fps": fps, "frames": urls]
                return Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) + [10]
            case "gif":
                var kept: [GIF.Frame] = []
                try drawn { kept.append(GIF.Frame($0, duration: 1 / fps)) }
                return try GIF.encode(kept, threads: threads).bytes
            default:
                var writer = try APNG.Writer(width: pixelsWide, height: pixelsHigh)
                try drawn { image in
                    let added = try writer.append(APNG.Frame(image, duration: 1 / fps))
                    try MemoryBudget.take(added * 2, for: "\(frames) APNG frames of \(pixelsWide)×\(pixelsHigh)")
                }
                return try writer.finish()
            }
        }
        return Answer(contentType: ["gif": "image/gif", "frames": "application/json"][format] ?? "image/apng", body: bytes)
    }

    /// The built-in sample photo as PNG (the page's default image), encoded once.
    public func sample() throws -> Answer { Answer(contentType: "image/png", body: try FrostAPI.samplePNG.get()) }
    private static let samplePNG = Result(catching: { try PNGCodec.encode(try SampleImages.astronaut(), threads: 1) })

    // MARK: Helpers

    /// The `style` names: UIKit's `UIBlurEffect.Style` names and SwiftUI's `Material` names
    /// (`ultraThinMaterial` … `ultraThickMaterial`, `bar`), as FrostUI maps them.
    static let materialNames =
        Material.allCases.map(\.rawValue) + ["ultraThinMaterial", "thinMaterial", "regularMaterial", "thickMaterial", "ultraThickMaterial", "bar"]

    /// A name as the API spells it (exactly one of `valid`, as the document's enum): the
    /// library's looser reading (any case, aliases) and its nearest-name message make the error.
    static func named<T>(_ text: String, _ parameter: String, valid: [String], _ make: (String) throws -> T) throws -> T {
        do {
            let value = try make(text)
            guard valid.contains(text) else {
                throw Problem.badParameter(
                    parameter, "'\(text)' is not one of them (names are exact; did you mean \(String(describing: value))?)", valid: valid)
            }
            return value
        } catch let e as ImageError {
            throw Problem.badParameter(parameter, e.description, valid: valid)
        }
    }

    /// Runs a render, turning the library's errors into 422 problems.
    func rendering<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let p as Problem { throw p } catch let e as ImageError {
            throw Problem.unprocessable(e.description)
        } catch let e as ViewHostError {
            throw Problem.unprocessable(e.description)
        } catch {
            throw Problem.unprocessable("\(error)")
        }
    }

    func png(_ image: FrostImage.Image) throws -> Answer {
        Answer(contentType: "image/png", body: try rendering { try PNGCodec.encode(image, threads: 1) })
    }
}

/// The card `POST /v1/transition` inserts.
struct ServeCard: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Frost").font(.headline)
            Text("A card, inserted with your transition.").font(.subheadline).foregroundStyle(.secondary)
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16, style: .continuous))
    }
}

extension Double {
    /// Four significant digits (JSON reports); non-finite values as 0.
    var rounded4: Double { isFinite ? (Double(String(format: "%.4g", self)) ?? 0) : 0 }
    var formatted0: String { rounded() == self ? String(Int(self)) : String(self) }
}
