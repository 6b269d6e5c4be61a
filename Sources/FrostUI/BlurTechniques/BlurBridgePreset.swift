import FrostScene
import FrostMotion

// The blur bridge's presets and records (REFERENCE.md §3): a 4–8 pt blur raised while two
// differently sized states swap, cleared within ~300 ms, and `.automatic`, which picks one from
// the measured change. Frost's own technique; no SwiftUI counterpart.

/// The choreography of a blur bridge (REFERENCE.md §3, "The blur bridge"): a Gaussian blur raised
/// over ``blurDuration`` while two differently sized states swap over ``changeDuration``, then
/// cleared over ``blurDuration`` starting ``clearDelay`` after the change began — so the eye
/// cannot catch the layout seam. Every motion is a `.smooth` spring of that duration.
///
/// The four named presets carry REFERENCE.md's radii and on/off times; their change and
/// clear times are Frost's, chosen so that the blur is visibly on (σ > 0.5 pt) for at most
/// 300 ms — longer reads as loading or broken. ``visibleDuration`` says how long each holds.
///
/// | preset | σ (pt) | blur on/off | change | clear after | visibly blurred |
/// |---|---|---|---|---|---|
/// | ``textSwap`` | 4 | 0.10 s | 0.20 s | 0.10 s | 0.15 s |
/// | ``cardResize`` | 6 | 0.15 s | 0.30 s | 0.15 s | 0.24 s |
/// | ``fullReflow`` | 8 | 0.20 s | 0.35 s | 0.15 s | 0.28 s |
/// | ``imageSwap`` | 4 | 0.10 s | 0.25 s | 0.10 s | 0.15 s |
/// | seed defaults (``init(radius:blurDuration:changeDuration:clearDelay:)``) | 6 | 0.15 s | 0.30 s | 0.25 s | 0.34 s |
///
/// The seed's own ContentCard (blur on 0.15 s, clear 0.2 s after 0.25 s) holds σ > 0.5 pt for
/// about 0.38 s, and its `BlurTransitionHelper` defaults for 0.34 s: ``HostCore/blurDiagnostics``
/// reports both.
public struct BlurBridgePreset: Hashable, Sendable, CustomStringConvertible {
    /// The preset's name (`textSwap`, `cardResize`, `fullReflow`, `imageSwap`, `automatic` or `custom`).
    public let name: String
    /// The blur's σ at its peak, in points (SwiftUI's `blur(radius:)`), 0…8.
    public let radius: Double
    /// Seconds the blur takes to rise, and to clear (a `.smooth` spring of that duration).
    public let blurDuration: Double
    /// Seconds of the layout change's `.smooth` animation.
    public let changeDuration: Double
    /// Seconds after the change starts when the blur starts to clear.
    public let clearDelay: Double
    /// Whether the host picks the preset from the measured layout change (``automatic``).
    public var isAutomatic: Bool { name == "automatic" }

    /// The largest bridge blur, points: REFERENCE.md's full reflow (8 px), "the maximum".
    public static let maxRadius = 8.0
    /// The longest blur duration, change or delay a preset takes, seconds.
    public static let maxDuration = 1.0

    /// A custom choreography. Values are clamped: `radius` to 0…8 pt, times to 0…1 s; NaN takes
    /// the seed's defaults (6 pt, 0.15 / 0.3 / 0.25 s).
    public init(radius: Double = 6, blurDuration: Double = 0.15, changeDuration: Double = 0.3, clearDelay: Double = 0.25) {
        self.init(name: "custom", radius: radius, blurDuration: blurDuration, changeDuration: changeDuration, clearDelay: clearDelay)
    }

    init(name: String, radius: Double, blurDuration: Double, changeDuration: Double, clearDelay: Double) {
        func clamp(_ v: Double, _ fallback: Double, _ top: Double) -> Double { v.isNaN ? fallback : min(max(v, 0), top) }
        self.name = name
        self.radius = clamp(radius, 6, BlurBridgePreset.maxRadius)
        self.blurDuration = clamp(blurDuration, 0.15, BlurBridgePreset.maxDuration)
        self.changeDuration = clamp(changeDuration, 0.3, BlurBridgePreset.maxDuration)
        self.clearDelay = clamp(clearDelay, 0.25, BlurBridgePreset.maxDuration)
    }

    /// A label or short text swapped in place: 4 pt, on and off in 100 ms.
    public static let textSwap = BlurBridgePreset(name: "textSwap", radius: 4, blurDuration: 0.10, changeDuration: 0.20, clearDelay: 0.10)
    /// A card growing or shrinking by up to ~100 pt: 6 pt, 150 ms.
    public static let cardResize = BlurBridgePreset(name: "cardResize", radius: 6, blurDuration: 0.15, changeDuration: 0.30, clearDelay: 0.15)
    /// A larger or whole-screen reflow: 8 pt (the maximum), 200 ms.
    public static let fullReflow = BlurBridgePreset(name: "fullReflow", radius: 8, blurDuration: 0.20, changeDuration: 0.35, clearDelay: 0.15)
    /// One image replaced by another: 4 pt, 100 ms.
    public static let imageSwap = BlurBridgePreset(name: "imageSwap", radius: 4, blurDuration: 0.10, changeDuration: 0.25, clearDelay: 0.10)
    /// Chosen per bridged container from its measured layout change (see ``choose(for:)``).
    public static let automatic = BlurBridgePreset(name: "automatic", radius: 6, blurDuration: 0.15, changeDuration: 0.30, clearDelay: 0.15)

    /// The named presets, in REFERENCE.md's order.
    public static let named: [BlurBridgePreset] = [.textSwap, .cardResize, .fullReflow, .imageSwap]

    /// The named preset called `name` (also `automatic`), nil when there is none.
    public static func named(_ name: String) -> BlurBridgePreset? {
        (named + [.automatic]).first { $0.name.lowercased() == name.lowercased() }
    }

    /// Height or width change (points) up to which a change counts as a text swap, and up to
    /// which it counts as a card resize (REFERENCE.md: card resize "masks height jumps up to
    /// ~100 pt"); larger changes, or a container covering ≥ 90 % of the screen, are a full reflow.
    public static let textSwapLimit = 24.0, cardResizeLimit = 100.0, fullScreenFraction = 0.9

    /// The preset ``automatic`` picks for `change`:
    /// - an image inserted, removed or moved inside the container → ``imageSwap``;
    /// - size change and content movement both ≤ 24 pt → ``textSwap``;
    /// - both ≤ 100 pt, and the container under 90 % of the screen → ``cardResize``;
    /// - otherwise → ``fullReflow``.
    public static func choose(for change: BlurBridgeChange) -> BlurBridgePreset {
        let extent = max(change.sizeChange, change.contentMovement)
        if change.swapsImage { return .imageSwap }
        if extent <= textSwapLimit { return .textSwap }
        if extent <= cardResizeLimit, change.screenFraction < fullScreenFraction { return .cardResize }
        return .fullReflow
    }

    /// The σ (points) below which a blur does not read as blurred.
    public static let visibleRadius = 0.5
    /// The longest a bridge may keep blur visibly on (REFERENCE.md: "never hold blur longer
    /// than ~300 ms: it reads as loading or broken"), seconds.
    public static let maxVisibleDuration = 0.3

    /// Seconds the blur's σ stays above ``visibleRadius`` in this choreography (from the
    /// springs themselves, sampled every 0.5 ms).
    public var visibleDuration: Double {
        var blur = AnimatedValue(0.0)
        try? blur.set(radius, animation: .smooth(duration: blurDuration), at: 0)
        try? blur.set(0, animation: .smooth(duration: blurDuration).delay(clearDelay), at: 0)
        return BlurBridgePreset.visibleSpans(of: blur, from: 0, limit: 5).first.map { ($0.upperBound ?? 5) - $0.lowerBound } ?? 0
    }

    /// Spans (seconds) where `value` is above ``visibleRadius`` from `start` until it comes to
    /// rest (at most `limit` seconds on); an open end (nil) when it is still above at rest.
    static func visibleSpans(
        of value: AnimatedValue<Double>, from start: Double, limit: Double,
        step: Double = 0.0005
    ) -> [(lowerBound: Double, upperBound: Double?)] {
        var spans: [(lowerBound: Double, upperBound: Double?)] = []
        var t = start, up: Double?
        let end = start + limit
        while t <= end {
            let on = value.value(at: t) > visibleRadius
            if on, up == nil { up = t }
            if !on, let u = up { spans.append((u, t)); up = nil }
            if value.isComplete(at: t) { break }
            t += step
        }
        if let u = up { spans.append((u, value.value(at: t) > visibleRadius ? nil : t)) }
        return spans
    }

    public var description: String {
        "\(name) (σ \(radius) pt, blur \(Int((blurDuration * 1000).rounded())) ms, change \(Int((changeDuration * 1000).rounded())) ms, clear after \(Int((clearDelay * 1000).rounded())) ms)"
    }
}

/// The layout change of one bridged container in one commit, as ``BlurBridgePreset/automatic``
/// measures it (points).
public struct BlurBridgeChange: Hashable, Sendable {
    /// The container's identity.
    public var container: SceneIdentity
    /// The larger of its width and height changes.
    public var sizeChange: Double
    /// How far the content that stays moved inside it, at most (frame origins relative to the
    /// container), or the size of content that appeared or went, whichever is larger.
    public var contentMovement: Double
    /// Whether an image appeared, went or moved inside it.
    public var swapsImage: Bool
    /// The container's area after the change over the host's (0…1).
    public var screenFraction: Double

    public init(container: SceneIdentity, sizeChange: Double, contentMovement: Double, swapsImage: Bool, screenFraction: Double) {
        self.container = container; self.sizeChange = sizeChange; self.contentMovement = contentMovement
        self.swapsImage = swapsImage; self.screenFraction = screenFraction
    }
}

/// One bridge the host ran: when, on which container, with which preset, for what change.
public struct BlurBridgeRecord: Hashable, Sendable {
    /// Host seconds when the change committed.
    public var time: Double
    public var change: BlurBridgeChange
    /// The preset the bridge ran (the chosen one when asked for ``BlurBridgePreset/automatic``).
    public var preset: BlurBridgePreset
}
