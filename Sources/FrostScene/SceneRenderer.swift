import FrostImage
import FrostRaster
import FrostCanvas
import FrostEffects
import FrostBlur

/// Turns a ``DisplayList`` into pixels on a `Canvas` (FrostCanvas): the renderer is the *how*,
/// the display list the *what*. Deterministic: the same list, size and scale give the same bytes.
///
/// Points become pixels by the display `scale`; text is set at that scale so it stays sharp;
/// blur and shadow radii (σ, points) are scaled by the transform in effect where they apply.
public struct SceneRenderer: Sendable {
    /// Pixels per point: 1, 2 or 3 on iOS (0 < scale ≤ 16).
    public var scale: Double
    /// The font text is set in (DejaVu Sans, and DejaVu Sans Bold for bold text, when nil).
    public var font: Font?
    public var boldFont: Font?
    /// Faces by the key text names in ``TextContent/face`` (other than the two system faces).
    public var faces: [String: Font] = [:]
    /// Text layouts and glyph masks kept between frames (nil: none kept).
    public var cache: RenderCache?
    /// Worker threads for the large pixel loops (1…64; the bytes do not depend on it).
    public var threads: Int = 1
    /// Shadows of enclosing `.shadow` effects, outermost first, still to be cast by each drawn
    /// child (SwiftUI shadows every leaf of a container separately; a compositing group, blur,
    /// mask, blend mode or colour effect flattens its subtree into one caster).
    var pendingShadows: [(color: Color, radius: Double, x: Double, y: Double)] = []

    public init(scale: Double = 1, font: Font? = nil, boldFont: Font? = nil, cache: RenderCache? = nil) {
        self.scale = scale; self.font = font; self.boldFont = boldFont; self.cache = cache
    }

    /// Renders `list` into a new image of `size` points × scale, over `background` (transparent
    /// when nil).
    public func render(_ list: DisplayList, size: Size, background: Color? = nil) throws -> Image {
        guard DisplayScale.isValid(scale) else {
            throw ImageError.parameterOutOfRange(name: "scale", value: "\(scale)", expected: "within \(DisplayScale.rangeDescription)")
        }
        guard size.isFinite, size.width > 0, size.height > 0 else { throw ImageError.nonFinite(what: "the scene size \(size)") }
        let w = Int((size.width * scale).rounded(.up)), h = Int((size.height * scale).rounded(.up))
        var canvas: Canvas
        // The first thing drawn may cover the whole frame opaquely (a page colour): then it is
        // the image's first fill and the background under it is never written.
        let firstFill = SceneRenderer.opaqueCover(list, size) ?? background
        if let firstFill, firstFill.opacity >= 1 {
            // An opaque background is the image's first fill: no transparent pass before it.
            let c = firstFill.premultipliedComponents
            canvas = Canvas(image: try Image(width: w, height: h, fill: RGBA8(UInt8(c[0] * 255 + 0.5), UInt8(c[1] * 255 + 0.5), UInt8(c[2] * 255 + 0.5), 255)))
        } else {
            canvas = try Canvas(width: w, height: h)
            if let background { try canvas.fill(with: background) }
        }
        canvas.threads = threads
        canvas.scaleBy(x: scale, y: scale)
        try draw(list, on: &canvas)
        return canvas.image
    }

    /// The colour of an opaque rectangle that the list draws first and that covers `size` from
    /// the origin (through plain groups only), if any.
    static func opaqueCover(_ list: DisplayList, _ size: Size) -> Color? {
        var items = list.items
        var origin = Point(x: 0, y: 0)
        while let first = items.first {
            origin = Point(x: origin.x + first.frame.minX, y: origin.y + first.frame.minY)
            switch first.content {
            case .group(let children):
                items = children.items
            case .shape(let s):
                guard case .solid(let c) = s.fill, c.opacity >= 1, s.stroke == nil,
                    let b = s.path.axisAlignedRectangle, origin.x + b.minX <= 0, origin.y + b.minY <= 0,
                    origin.x + b.maxX >= size.width, origin.y + b.maxY >= size.height
                else { return nil }
                return c
            default:
                return nil
            }
        }
        return nil
    }

    /// Draws `list` on `canvas` in its current user space (points, if the caller scaled it).
    public func draw(_ list: DisplayList, on canvas: inout Canvas) throws {
        for item in list.items { try draw(item, on: &canvas) }
    }

    func draw(_ item: DisplayItem, on canvas: inout Canvas) throws {
        let saved = canvas.transform
        defer { canvas.transform = saved }
        canvas.translateBy(x: item.frame.minX, y: item.frame.minY)
        if case .effect(.retainedLayer, let children) = item.content {
            try drawRetained(item, children, on: &canvas)
            return
        }
        if !pendingShadows.isEmpty, casts(item.content) {
            try drawCasting(item, on: &canvas)
            return
        }
        switch item.content {
        case .shape(let s):
            if let vibrancy = s.vibrancy {
                try drawVibrant(s, vibrancy, on: &canvas)
            } else {
                if let fill = s.fill { try canvas.fill(s.path, with: fill, rule: s.rule) }
                if let stroke = s.stroke { try canvas.stroke(s.path, with: stroke, style: s.resolvedStrokeStyle) }
            }
        case .text(let t):
            try drawText(t, frame: item.frame, on: &canvas)
        case .image(let i):
            try canvas.draw(i.image, in: Rect(origin: .zero, size: item.frame.size))
        case .material(let m):
            try drawMaterial(m, frame: item.frame, on: &canvas)
        case .group(let children):
            try draw(children, on: &canvas)
        case .effect(let effect, let children):
            try apply(effect, to: children, on: &canvas)
        }
    }

    /// A shape on a material drawn as iOS draws vibrant content: its coverage (fill and stroke,
    /// rasterised in device pixels through the canvas's transform, paints' alpha included) is
    /// the mask through which the vibrancy matrix recolours what is beneath.
    func drawVibrant(_ s: ShapeContent, _ vibrancy: Vibrancy, on canvas: inout Canvas) throws {
        guard let b = s.path.controlBounds, b.isFinite else { return }
        let pad = s.strokeReach + 1
        let tr = canvas.transform
        let corners = [
            Point(x: b.minX - pad, y: b.minY - pad), Point(x: b.maxX + pad, y: b.minY - pad),
            Point(x: b.minX - pad, y: b.maxY + pad), Point(x: b.maxX + pad, y: b.maxY + pad),
        ].map { tr.apply(to: $0) }
        let clip = canvas.clipRect
        let minX = max(Double(clip.x), corners.map(\.x).min()!.rounded(.down)), minY = max(Double(clip.y), corners.map(\.y).min()!.rounded(.down))
        let maxX = min(Double(clip.x + clip.width), corners.map(\.x).max()!.rounded(.up)),
            maxY = min(Double(clip.y + clip.height), corners.map(\.y).max()!.rounded(.up))
        guard maxX > minX, maxY > minY else { return }
        var mask = try Canvas(width: Int(maxX - minX), height: Int(maxY - minY))
        mask.transform = tr.concatenating(AffineTransform2D(translationX: -minX, y: -minY))
        // Coverage only: the paints' own alpha scales it, their colour is replaced.
        func white(_ p: Paint) -> Paint { if case .solid(let c) = p { return .solid(Color(white: 1, opacity: c.opacity)) }; return .solid(Color(white: 1)) }
        if let fill = s.fill { try mask.fill(s.path, with: white(fill), rule: s.rule) }
        if let stroke = s.stroke { try mask.stroke(s.path, with: white(stroke), style: s.resolvedStrokeStyle) }
        let image = mask.image
        try canvas.withState { c in
            c.transform = .identity
            try vibrancy.draw(mask: image, at: Point(x: minX, y: minY), on: &c, appearance: s.vibrancyAppearance)
        }
    }

    /// A retained layer: its children drawn into cached tiles (in the layer's own pixels, at the
    /// display scale), composited at whole-pixel positions. Drawn directly (always, so the bytes
    /// never depend on the cache) when there is no cache, the position is not on whole pixels,
    /// the transform scales or rotates, shadows are pending, or the content reads its backdrop.
    func drawRetained(_ item: DisplayItem, _ children: DisplayList, on canvas: inout Canvas) throws {
        let t = canvas.transform, s = scale
        let whole =
            t.isRectilinear && abs(t.a - s) < 1e-9 && abs(t.d - s) < 1e-9
            && abs(t.tx - t.tx.rounded()) < 1e-6 && abs(t.ty - t.ty.rounded()) < 1e-6
        guard let cache, whole, pendingShadows.isEmpty else { try draw(children, on: &canvas); return }
        let layer = cache.retainedLayer(item.identity, list: children, scale: s)
        guard !layer.readsBackdrop else { try draw(children, on: &canvas); return }
        let ox = Int(t.tx.rounded()), oy = Int(t.ty.rounded())
        let width = Int((item.frame.width * s).rounded(.up)), height = Int((item.frame.height * s).rounded(.up))
        let clip = canvas.clipRect
        let visible = PixelRect(x: clip.x - ox, y: clip.y - oy, width: clip.width, height: clip.height)
            .clipped(to: PixelRect(x: 0, y: 0, width: width, height: height))
        guard !visible.isEmpty else { return }
        let n = RetainedLayer.tileSize
        var inner = self
        inner.pendingShadows = []
        for ty in (visible.y / n)...((visible.maxY - 1) / n) {
            for tx in (visible.x / n)...((visible.maxX - 1) / n) {
                let key = RetainedLayer.TileIndex(x: tx, y: ty)
                let tile: Image
                if let cached = layer.tile(key) {
                    tile = cached
                } else {
                    var tc = try Canvas(width: min(n, width - tx * n), height: min(n, height - ty * n))
                    tc.threads = threads
                    tc.transform = AffineTransform2D(scaleX: s, y: s).concatenating(AffineTransform2D(translationX: Double(-tx * n), y: Double(-ty * n)))
                    try inner.draw(children, on: &tc)
                    tile = tc.image
                    layer.store(tile, at: key)
                }
                try canvas.withState { c in
                    c.transform = .identity
                    try c.draw(tile, at: Point(x: Double(ox + tx * n), y: Double(oy + ty * n)))
                }
            }
        }
        layer.evict(keepingNear: RetainedLayer.TileIndex(x: visible.x / n, y: visible.y / n))
    }

    /// Whether `content` casts pending shadows as one: leaves, and effects that flatten their
    /// subtree (opacity, transforms, clips and plain groups pass the shadows on to their children).
    func casts(_ content: DisplayItem.Content) -> Bool {
        switch content {
        case .shape, .text, .image, .material: return true
        case .group: return false
        case .effect(let e, let children):
            switch e {
            case .blur, .compositingGroup, .mask, .blendMode, .colorMatrix, .snapshotBlur, .variableBlur, .crossFade, .filter: return true
            case .opacity:
                if children.items.count == 1, case .effect(.compositingGroup, _) = children.items[0].content { return true }
                return false
            case .transform, .clip, .shadow, .retainedLayer, .identity: return false
            }
        }
    }

    /// Draws `item` (already translated to its frame) under each pending shadow, outermost
    /// first: the outer shadow's caster is the item with the inner shadows.
    func drawCasting(_ item: DisplayItem, on canvas: inout Canvas) throws {
        var inner = self
        let shadow = inner.pendingShadows.removeFirst()
        let px = deviceScale(canvas.transform)
        let t = canvas.transform
        let offset = (t.a * shadow.x + t.c * shadow.y, t.b * shadow.x + t.d * shadow.y)
        let local = DisplayItem(identity: item.identity, frame: Rect(origin: .zero, size: item.frame.size), content: item.content)
        // A blurred view casting the last pending shadow: one reduced drawing serves both.
        if inner.pendingShadows.isEmpty, case .effect(.blur(let radius, false), let children) = item.content,
            try canvas.blurCastingShadow(
                sigma: max(0, radius) * px, shadowColor: shadow.color, shadowSigma: max(0, shadow.radius) * px,
                offset: offset, within: SceneRenderer.reach(of: children),
                { try inner.draw(children, on: &$0) })
        {
            return
        }
        try canvas.withShadow(
            color: shadow.color, sigma: max(0, shadow.radius) * px, offset: offset, quality: .realtime,
            within: SceneRenderer.reach(of: item.content, size: item.frame.size)
        ) {
            try inner.draw(local, on: &$0)
        }
    }

    /// Where content can draw, in its local points (nil when not known).
    static func reach(of content: DisplayItem.Content, size: Size) -> Rect? {
        let frame = Rect(origin: .zero, size: size)
        switch content {
        case .shape(let s):
            guard let b = s.path.controlBounds else { return frame }
            let pad = s.strokeReach + 1
            let x0 = min(frame.minX, b.minX) - pad, y0 = min(frame.minY, b.minY) - pad
            return Rect(x: x0, y: y0, width: max(frame.maxX, b.maxX) + pad - x0, height: max(frame.maxY, b.maxY) + pad - y0)
        case .text(let t):
            let margin = size.height + 2 * t.size
            return Rect(x: -size.width - margin, y: -margin, width: 3 * size.width + 2 * margin, height: size.height + 2 * margin)
        case .image, .material:
            return Rect(x: -1, y: -1, width: size.width + 2, height: size.height + 2)
        case .group(let children):
            return reach(of: children)
        case .effect(let effect, let children):
            guard let inner = reach(of: children) else { return nil }
            switch effect {
            case .transform(let t): return inner.applying(t)
            case .clip(let path, _): return path.controlBounds.map { inner.intersection($0.insetBy(dx: -1, dy: -1)) } ?? .zero
            case .blur(let radius, _): return inner.insetBy(dx: -4 * max(0, radius) - 1, dy: -4 * max(0, radius) - 1)
            case let .shadow(_, radius, x, y):
                let spread = 4 * max(0, radius) + max(abs(x), abs(y)) + 1
                return inner.insetBy(dx: -spread, dy: -spread)
            case .opacity, .mask, .compositingGroup, .blendMode, .colorMatrix, .retainedLayer, .identity: return inner
            case .filter(let f):
                let spread = max(0, f.base.reach.isFinite ? f.base.reach : 0)
                return spread == 0 ? inner : inner.insetBy(dx: -spread - 1, dy: -spread - 1)
            case .snapshotBlur(let radius, _, _): return inner.insetBy(dx: -4 * max(0, radius) - 1, dy: -4 * max(0, radius) - 1)
            case .variableBlur: return inner
            case .crossFade: return nil
            }
        }
    }

    /// Where a list can draw, in its parent's points: the union of its items' reaches (each at
    /// its frame's origin); nil when an item's reach is not finite. Bounds the layer an effect
    /// over a subtree draws into (a blur of a card need not cover the whole screen).
    static func reach(of list: DisplayList) -> Rect? {
        var out: Rect?
        for item in list.items {
            guard let r = reach(of: item.content, size: item.frame.size), r.isFinite else { return nil }
            guard !r.isEmpty else { continue }
            let placed = Rect(x: r.minX + item.frame.minX, y: r.minY + item.frame.minY, width: r.width, height: r.height)
            out = out.map { $0.union(placed) } ?? placed
        }
        return out ?? .zero
    }

    func apply(_ effect: DisplayEffect, to children: DisplayList, on canvas: inout Canvas) throws {
        let px = deviceScale(canvas.transform)
        switch effect {
        case .identity:
            try draw(children, on: &canvas)
        case .filter(let f):
            let scale = px, threads = self.threads
            try canvas.withFilter({ layer in
                var out = layer
                try f.base.apply(to: &out, scale: scale, threads: threads)
                return out
            }) { try draw(children, on: &$0) }
        case .opacity(let o):
            // An opacity over a compositing group fades the flattened group once.
            if children.items.count == 1, case .effect(.compositingGroup, let inner) = children.items[0].content {
                let frame = children.items[0].frame
                try canvas.withLayer(opacity: o) { layer in
                    layer.translateBy(x: frame.minX, y: frame.minY)
                    try draw(inner, on: &layer)
                }
                return
            }
            let saved = canvas.opacity
            defer { canvas.opacity = saved }
            canvas.opacity = saved * (o.isNaN ? 0 : min(max(o, 0), 1))
            try draw(children, on: &canvas)
        case .transform(let t):
            canvas.concatenate(t)
            try draw(children, on: &canvas)
        case .clip(let path, let rule):
            try canvas.withState { c in
                try c.clip(to: path, rule: rule)
                try draw(children, on: &c)
            }
        case .mask(let mask):
            try canvas.withMask({ try draw(mask, on: &$0) }, { try draw(children, on: &$0) })
        case .blur(let radius, let opaque):
            // Realtime quality: a view's blur is redrawn every frame (≥ 53 dB from exact, tested).
            try canvas.withBlur(
                sigma: max(0, radius) * px, opaque: opaque, quality: .realtime,
                within: SceneRenderer.reach(of: children)
            ) { try draw(children, on: &$0) }
        case let .shadow(color, radius, x, y):
            // Cast by each drawn child (see `pendingShadows`), not by the subtree as a whole.
            var casting = self
            casting.pendingShadows.append((color, radius, x, y))
            try casting.draw(children, on: &canvas)
        case .compositingGroup:
            try canvas.withLayer { try draw(children, on: &$0) }
        case .blendMode(let mode):
            try canvas.withLayer(blendMode: mode) { try draw(children, on: &$0) }
        case .retainedLayer:
            try draw(children, on: &canvas)
        case .colorMatrix(let matrix, _):
            // Per pixel: the bytes are the same for every thread count.
            let threads = self.threads
            try canvas.withFilter({ try matrix.process($0, threads: threads) }) { try draw(children, on: &$0) }
        case let .snapshotBlur(radius, snapshotScale, mix):
            try drawSnapshotBlur(children, radius: radius, snapshotScale: snapshotScale, mix: mix, on: &canvas)
        case let .crossFade(old, origin, mix):
            let m = mix.isNaN ? 0 : min(max(mix, 0), 1)
            if m < 1 {
                if m == 0 { try draw(children, on: &canvas) } else { try canvas.withLayer(opacity: 1 - m) { try draw(children, on: &$0) } }
            }
            guard m > 0 else { return }
            try canvas.withState { c in
                c.opacity *= m
                c.transform = .identity
                try c.draw(old.image, at: Point(x: origin.x.rounded(), y: origin.y.rounded()))
            }
        case let .variableBlur(maxRadius, mask, tint):
            try drawOffscreen(children, scale: 0, on: &canvas) { image, s in
                try VariableBlur(maxSigma: min(VariableBlur.maxSigma, max(0, maxRadius.isFinite ? maxRadius : 0) * s), mask: mask, tint: tint)
                    .apply(to: image, threads: threads)
            }
        }
    }

    /// ``DisplayEffect/snapshotBlur(radius:snapshotScale:mix:)``: the children cross-faded with
    /// a blurred copy of themselves rendered at the snapshot scale (as UIKit's Blurable renders
    /// the view's layer into a 1× image, blurs it with CIGaussianBlur and swaps it in).
    func drawSnapshotBlur(_ children: DisplayList, radius: Double, snapshotScale: Double, mix: Double, on canvas: inout Canvas) throws {
        let m = mix.isNaN ? 0 : min(max(mix, 0), 1)
        if m < 1 {
            if m == 0 { try draw(children, on: &canvas) } else { try canvas.withLayer(opacity: 1 - m) { try draw(children, on: &$0) } }
        }
        guard m > 0 else { return }
        try drawOffscreen(children, scale: snapshotScale, opacity: m, on: &canvas) { image, s in
            let sigma = max(0, radius.isFinite ? radius : 0) * s
            return sigma < GaussianBlur.negligibleSigma
                ? image
                : try GaussianBlur(sigma: min(sigma, GaussianBlur.maxSigma), edges: .transparent).apply(to: image, threads: threads)
        }
    }

    /// The children rendered offscreen over their frame (the effect's item) at `scale` pixels
    /// per point (0: the device's), passed through `filter(image, scale)`, and drawn back over
    /// that frame with `opacity`.
    func drawOffscreen(
        _ children: DisplayList, scale: Double, opacity: Double = 1, on canvas: inout Canvas,
        _ filter: (Image, Double) throws -> Image
    ) throws {
        let size = children.items.count == 1 ? children.items[0].frame.size : (SceneRenderer.reach(of: children)?.size ?? .zero)
        guard size.width > 0, size.height > 0, size.isFinite else { return }
        let s = scale > 0 && scale.isFinite ? min(scale, DisplayScale.maximum) : deviceScale(canvas.transform)
        let w = max(1, Int((size.width * s).rounded(.up))), h = max(1, Int((size.height * s).rounded(.up)))
        var offscreen = try Canvas(width: w, height: h)
        offscreen.threads = threads
        offscreen.scaleBy(x: s, y: s)
        var inner = self
        inner.pendingShadows = []
        try inner.draw(children, on: &offscreen)
        let filtered = try filter(offscreen.image, s)
        try canvas.withState { c in
            c.opacity *= opacity
            try c.draw(filtered, in: Rect(x: 0, y: 0, width: Double(w) / s, height: Double(h) / s))
        }
    }

    /// The material panel at the item's device rectangle (rounded out to whole pixels).
    func drawMaterial(_ m: MaterialContent, frame: Rect, on canvas: inout Canvas) throws {
        let t = canvas.transform
        let device = Rect(origin: .zero, size: frame.size).applying(t)
        let x0 = Int(device.minX.rounded()), y0 = Int(device.minY.rounded())
        let x1 = Int(device.maxX.rounded()), y1 = Int(device.maxY.rounded())
        let rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).clipped(to: canvas.bounds)
        guard !rect.isEmpty else { return }
        let px = deviceScale(t)
        try MaterialPanel(
            material: m.material, appearance: m.appearance, rect: rect, cornerRadius: m.cornerRadius,
            continuousCorners: m.continuousCorners, scale: px, backdrop: .reduced
        ).draw(on: &canvas)
    }

    /// Pixels per user unit under `t`: √|det|, the geometric mean of its two scales.
    func deviceScale(_ t: AffineTransform2D) -> Double {
        let d = abs(t.determinant).squareRoot()
        return d.isFinite && d > 0 ? d : scale
    }
}
