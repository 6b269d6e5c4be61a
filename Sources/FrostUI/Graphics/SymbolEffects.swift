import FrostMotion

// Reproduces SwiftUI's `.symbolEffect(_:options:value:)` (discrete: plays when the value
// changes) and `.symbolEffect(_:options:isActive:)` (indefinite: runs while active), with
// `symbolEffectsRemoved`. The effects move the whole modified view (SwiftUI moves only the SF
// Symbols inside it; here the icons are single-layer, so `byLayer`, `iterative` and the other
// layer options draw as the whole symbol). Apple publishes no curves for these: the timings
// below were chosen to read like iOS 18's at 60 fps and are stated per effect — bounce ≈ 0.7 s
// (a 15 % squash, then a spring that overshoots), wiggle 0.5 s (±12°), rotate 1 s per turn,
// pulse and variable colour 1 s and 0.9 s (alpha down to 0.35 and 0.5), breathe 2 s (+8 %),
// scale ±20 % and appear/disappear on a 0.35 s spring. Discrete runs use the keyframe animator,
// so every frame is exact and deterministic on the host's clock.

/// A symbol animation, as SwiftUI's symbol effects (`.bounce`, `.pulse`, `.variableColor`…).
public struct SymbolEffectKind: Sendable, Equatable {
    enum Name: Sendable { case bounce, pulse, variableColor, scale, appear, disappear, wiggle, rotate, breathe }
    let name: Name
    /// −1 for `.down` (and counter-clockwise or left), +1 otherwise.
    var direction = 1.0

    public static let bounce = SymbolEffectKind(name: .bounce), pulse = SymbolEffectKind(name: .pulse)
    public static let variableColor = SymbolEffectKind(name: .variableColor), scale = SymbolEffectKind(name: .scale)
    public static let appear = SymbolEffectKind(name: .appear), disappear = SymbolEffectKind(name: .disappear)
    public static let wiggle = SymbolEffectKind(name: .wiggle), rotate = SymbolEffectKind(name: .rotate), breathe = SymbolEffectKind(name: .breathe)

    private func directed(_ d: Double) -> SymbolEffectKind {
        var c = self
        c.direction = d
        return c
    }
    public var up: SymbolEffectKind { directed(1) }
    public var down: SymbolEffectKind { directed(-1) }
    public var clockwise: SymbolEffectKind { directed(1) }
    public var counterClockwise: SymbolEffectKind { directed(-1) }
    public var left: SymbolEffectKind { directed(-1) }
    public var right: SymbolEffectKind { directed(1) }
    public var forward: SymbolEffectKind { directed(1) }
    public var backward: SymbolEffectKind { directed(-1) }
    // Layer choices: the icons here have one layer, so these draw as the whole symbol.
    public var byLayer: SymbolEffectKind { self }
    public var wholeSymbol: SymbolEffectKind { self }
    public var iterative: SymbolEffectKind { self }
    public var cumulative: SymbolEffectKind { self }
    public var reversing: SymbolEffectKind { self }
    public var nonReversing: SymbolEffectKind { self }
    public var hideInactiveLayers: SymbolEffectKind { self }
    public var dimInactiveLayers: SymbolEffectKind { self }
    public var plain: SymbolEffectKind { self }
}

/// Options of a symbol effect, as SwiftUI's `SymbolEffectOptions`: how often a run repeats and
/// how fast it plays.
public struct SymbolEffectOptions: Sendable, Equatable {
    /// Runs per trigger (nil: the effect's own, once for a discrete run); `Int.max` loops.
    var count: Int?
    /// Playback rate (> 0; 2 is twice as fast).
    var rate = 1.0

    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions(count: .max)
    public static let nonRepeating = SymbolEffectOptions(count: 1)
    /// Plays each run `count` times (at least once).
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions(count: max(1, count)) }
    /// Plays at `speed` times the normal rate (non-positive or non-finite: normal).
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions().speed(speed) }
    public func `repeat`(_ count: Int) -> SymbolEffectOptions {
        var c = self
        c.count = max(1, count)
        return c
    }
    public func speed(_ speed: Double) -> SymbolEffectOptions {
        var c = self
        c.rate = speed.isFinite && speed > 0 ? speed : 1
        return c
    }
}

/// What a symbol effect moves: scale, alpha and rotation (degrees) about the centre.
struct SymbolMotion {
    var scale = 1.0
    var opacity = 1.0
    var degrees = 0.0
}

extension SymbolEffectKind {
    /// Whether this effect is a motion played over time (the others are states: scale, appear,
    /// disappear).
    var isTimed: Bool { ![.scale, .appear, .disappear].contains(name) }

    /// One run of the effect's keyframes, `count` times over, at `rate`.
    func keyframes(count: Int, rate: Double) -> _KeyframeTracks<SymbolMotion> {
        let n = max(1, count), k = 1 / rate, d = direction
        func times(_ body: () -> [KeyframeSegment<Double>]) -> [KeyframeSegment<Double>] { (0..<n).flatMap { _ in body() } }
        var scale: [KeyframeSegment<Double>] = [], opacity: [KeyframeSegment<Double>] = [], degrees: [KeyframeSegment<Double>] = []
        switch name {
        case .bounce:
            // A squash (up) or a swell (down), then a bouncy spring back that overshoots.
            scale = times {
                [
                    .linear(1 - 0.15 * d, duration: 0.1 * k, curve: .easeOut),
                    // Over the spring's settling time (ε = 0.001), then exactly at rest.
                    .spring(1, spring: Spring(duration: 0.35 * k, bounce: 0.5), startVelocity: 3 * d / k), .move(1),
                ]
            }
        case .wiggle:
            degrees = times {
                [
                    .cubic(-12 * d, duration: 0.1 * k), .cubic(10 * d, duration: 0.15 * k), .cubic(-6 * d, duration: 0.12 * k),
                    .cubic(0, duration: 0.13 * k),
                ]
            }
        case .rotate:
            // From 0 each run: a run ends at a whole turn, which draws as no turn.
            degrees = [.move(0)] + (1...n).map { .linear(360 * d * Double($0), duration: 1 * k) }
        case .pulse:
            opacity = times { [.linear(0.35, duration: 0.5 * k, curve: .easeInOut), .linear(1, duration: 0.5 * k, curve: .easeInOut)] }
        case .variableColor:
            opacity = times { [.linear(0.5, duration: 0.45 * k, curve: .easeInOut), .linear(1, duration: 0.45 * k, curve: .easeInOut)] }
        case .breathe:
            scale = times { [.linear(1.08, duration: 1 * k, curve: .easeInOut), .linear(1, duration: 1 * k, curve: .easeInOut)] }
            opacity = times { [.linear(0.85, duration: 1 * k, curve: .easeInOut), .linear(1, duration: 1 * k, curve: .easeInOut)] }
        case .scale, .appear, .disappear: break
        }
        func track(_ path: WritableKeyPath<SymbolMotion, Double>, _ segments: [KeyframeSegment<Double>]) -> [_KeyframeTrackPlayer<SymbolMotion>] {
            segments.isEmpty ? [] : KeyframeTrack(path) { _KeyframeList(_segments: segments) }._tracks
        }
        return _KeyframeTracks(tracks: track(\.scale, scale) + track(\.opacity, opacity) + track(\.degrees, degrees))
    }
}

/// Draws `content` with a symbol motion.
private func moved(_ content: some View, _ m: SymbolMotion) -> some View {
    content.scaleEffect(m.scale).opacity(m.opacity).rotationEffect(.degrees(m.degrees))
}

/// A symbol effect around a view (both forms).
struct _SymbolEffectView<Base: View>: View, PrimitiveView {
    typealias Body = Never
    let base: Base
    let effect: SymbolEffectKind
    let options: SymbolEffectOptions
    /// The value form's trigger, or nil for the isActive form.
    let trigger: AnyEquatableValue?
    let isActive: Bool

    func resolve(_ context: ResolveContext) -> [Element] {
        if context.environment.symbolEffectsRemoved { return resolveView(base, context.child("symbol")) }
        let effect = effect, options = options
        if !effect.isTimed {
            // States: held while active, eased in and out on a spring.
            let shown = effect.name == .appear ? isActive : effect.name == .disappear ? !isActive : true
            let scale = effect.name == .scale ? (isActive ? 1 + 0.2 * effect.direction : 1) : (shown ? 1 : 0.5)
            let view = base.scaleEffect(scale).opacity(shown ? 1 : 0).animation(.spring(duration: 0.35 / options.rate), value: isActive)
            return resolveView(view, context.child("symbol"))
        }
        let mode: KeyframePlayMode
        let count: Int
        if let trigger {
            mode = .trigger(trigger, { ($0 as? AnyEquatableValue) == trigger })
            count = min(options.count ?? 1, 1000)
        } else {
            // While active an indefinite run loops (one run per loop); inactive, it rests.
            mode = .repeating(isActive)
            count = options.count == .max ? 1 : min(options.count ?? 1, 1000)
        }
        let driver = _KeyframeDriver(
            initialValue: SymbolMotion(), mode: mode, keyframes: { _ in effect.keyframes(count: count, rate: options.rate)._tracks },
            render: { m, c in resolveView(moved(base, m), c) })
        return driver.resolve(context)
    }
}

extension EnvironmentValues {
    /// Whether symbol effects below are switched off (``View/symbolEffectsRemoved(_:)``).
    public var symbolEffectsRemoved: Bool {
        get { self[SymbolEffectsRemovedKey.self] }
        set { self[SymbolEffectsRemovedKey.self] = newValue }
    }
}
private enum SymbolEffectsRemovedKey: EnvironmentKey { static var defaultValue: Bool { false } }

extension View {
    /// Runs `effect` while `isActive` (SwiftUI's indefinite symbol effects): pulse, variable
    /// colour, breathe, bounce, wiggle and rotate loop; scale, appear and disappear hold their
    /// state, springing in and out.
    /// - Parameters:
    ///   - effect: the effect (`.pulse`, `.scale.up`, `.rotate.clockwise`…).
    ///   - options: repeat count and speed.
    ///   - isActive: whether the effect runs now.
    public func symbolEffect(_ effect: SymbolEffectKind, options: SymbolEffectOptions = .default, isActive: Bool = true) -> some View {
        _SymbolEffectView(base: self, effect: effect, options: options, trigger: nil, isActive: isActive)
    }

    /// Plays `effect` once (or `options`' count) each time `value` changes (SwiftUI's discrete
    /// symbol effects: bounce, wiggle, rotate, pulse, variable colour, breathe).
    /// - Parameters:
    ///   - effect: the effect (`.bounce`, `.bounce.down`, `.wiggle`…).
    ///   - options: repeat count and speed.
    ///   - value: a value whose changes start a run.
    public func symbolEffect<U: Equatable>(_ effect: SymbolEffectKind, options: SymbolEffectOptions = .default, value: U) -> some View {
        _SymbolEffectView(base: self, effect: effect, options: options, trigger: AnyEquatableValue(value), isActive: true)
    }

    /// Switches off the symbol effects below this view (`isEnabled`), as SwiftUI's.
    public func symbolEffectsRemoved(_ isEnabled: Bool = true) -> some View {
        environment(\.symbolEffectsRemoved, isEnabled)
    }
}
