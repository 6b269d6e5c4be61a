import FrostGeometry
import FrostScene

// Reproduces SwiftUI's `KeyframeAnimator` and `.keyframeAnimator(…)`: content drawn with a value
// that keyframes move over time, looping (`repeating: true`), paused at the timeline's start
// (`repeating: false`), or played once from the current value each time a trigger changes.
// As in SwiftUI the content is evaluated for every frame: while an animator plays, the host
// re-resolves the view at each instant it is asked to draw (a commit without animation), so
// the content is exactly `content(value(t))` at every frame and replays give the same bytes.
// Complete, with one difference: a commit for a frame jumps the animated values *inside* the
// animator's content, so an explicit animation running there at the same time is cut short.

/// What a host keeps for one animator identity between commits.
final class KeyframeAnimatorEntry {
    /// When the timeline now playing started (host seconds), nil when none plays.
    var start: Double?
    /// The value the playing timeline started from.
    var from: Any
    /// The value shown while nothing plays (the initial value, then each run's end value).
    var rest: Any
    /// The trigger last seen (trigger form).
    var trigger: Any?
    init(_ value: Any) { from = value; rest = value }
}

/// The animators of one host run, by identity; entries of views gone are dropped after the
/// commit that no longer met them.
final class KeyframeAnimators: HostFeature {
    var entries: [SceneIdentity: KeyframeAnimatorEntry] = [:]
    init() {}
}

extension HostCore {
    var keyframeAnimators: KeyframeAnimators { session.features[KeyframeAnimators.self] }

    /// After a commit: forgets animators the committed tree no longer has.
    func pruneKeyframeAnimators() {
        guard session.features.contains(KeyframeAnimators.self) else { return }
        let seen = pass.animatorsSeen
        keyframeAnimators.entries = keyframeAnimators.entries.filter { seen.contains($0.key) }
    }

    /// Whether an animator is still moving after ``now`` (its frames need resolving).
    var hasLiveAnimators: Bool { pass.animatorsLiveUntil > now }
}

/// How an animator plays.
enum KeyframePlayMode {
    /// Loop while true; show the timeline's start while false.
    case repeating(Bool)
    /// Play once each time the trigger changes: the value and whether it equals the last one.
    case trigger(Any, (Any?) -> Bool)
}

/// The machinery both the view and the modifier use: the value at the host's clock, then the
/// content drawn with it.
struct _KeyframeDriver<Value>: PrimitiveView {
    let initialValue: Value
    let mode: KeyframePlayMode
    let keyframes: (Value) -> [_KeyframeTrackPlayer<Value>]
    let render: (Value, ResolveContext) -> [Element]

    /// The value a run started from `from` shows `t` seconds in, and the run's length.
    func play(from: Value, at t: Double) -> (value: Value, duration: Double) {
        let tracks = keyframes(from)
        var v = from
        for track in tracks { track.apply(&v, from, t) }
        return (v, tracks.map { $0.duration(from) }.max() ?? 0)
    }

    func resolve(_ context: ResolveContext) -> [Element] {
        let host = context.host, now = host.now
        host.pass.animatorsSeen.insert(context.identity)
        let entry: KeyframeAnimatorEntry
        if let e = host.keyframeAnimators.entries[context.identity], e.rest is Value {
            entry = e
        } else {
            entry = KeyframeAnimatorEntry(initialValue)
            host.keyframeAnimators.entries[context.identity] = entry
        }
        let value: Value
        switch mode {
        case .repeating(let on):
            guard on else {
                entry.start = nil
                value = play(from: initialValue, at: 0).value
                break
            }
            let start = entry.start ?? now
            entry.start = start
            let run = play(from: initialValue, at: 0)
            guard run.duration > 0 else { value = run.value; break }
            let t = (now - start).truncatingRemainder(dividingBy: run.duration)
            value = play(from: initialValue, at: t).value
            host.pass.animatorsLiveUntil = .infinity
        case let .trigger(trigger, isSame):
            if entry.trigger != nil, !isSame(entry.trigger) {
                // A new run starts from wherever the value is now (mid-run included), as
                // SwiftUI passes the current value to the keyframes.
                entry.from = current(entry, at: now)
                entry.start = now
            }
            entry.trigger = trigger
            value = current(entry, at: now)
            if let start = entry.start {
                let end = start + play(from: entry.from as! Value, at: 0).duration
                if now >= end {
                    entry.rest = value; entry.start = nil
                } else {
                    host.pass.animatorsLiveUntil = max(host.pass.animatorsLiveUntil, end)
                }
            }
        }
        return render(value, context.child("keyframes"))
    }

    /// The value of a trigger-form animator at `time`: its run's, or its resting value.
    func current(_ entry: KeyframeAnimatorEntry, at time: Double) -> Value {
        guard let start = entry.start, let from = entry.from as? Value else { return entry.rest as! Value }
        return play(from: from, at: time - start).value
    }
}

/// A view whose content is drawn with a value that keyframes move over time, as SwiftUI's
/// `KeyframeAnimator`.
public struct KeyframeAnimator<Value, KeyframePath: Keyframes, Content: View>: View, PrimitiveView where KeyframePath.Value == Value {
    public typealias Body = Never
    let driver: _KeyframeDriver<Value>

    /// Plays the keyframes in a loop from `initialValue` (`repeating: true`), or shows the
    /// timeline's start (`false`).
    /// - Parameters:
    ///   - initialValue: the value each run starts from.
    ///   - repeating: whether the keyframes play (looping) now.
    ///   - content: the view for a value.
    ///   - keyframes: the tracks, given the value a run starts from.
    public init(
        initialValue: Value, repeating: Bool = true, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        driver = _KeyframeDriver(
            initialValue: initialValue, mode: .repeating(repeating), keyframes: { keyframes($0)._tracks },
            render: { value, context in resolveView(content(value), context) })
    }

    /// Plays the keyframes once, from the current value, each time `trigger` changes; shows
    /// `initialValue` until the first change and each run's end value after it.
    /// - Parameters:
    ///   - initialValue: the value before any run.
    ///   - trigger: a value whose changes start a run.
    ///   - content: the view for a value.
    ///   - keyframes: the tracks, given the value the run starts from.
    public init<T: Equatable>(
        initialValue: Value, trigger: T, @ViewBuilder content: @escaping (Value) -> Content,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> KeyframePath
    ) {
        driver = _KeyframeDriver(
            initialValue: initialValue, mode: .trigger(trigger, { ($0 as? T) == trigger }), keyframes: { keyframes($0)._tracks },
            render: { value, context in resolveView(content(value), context) })
    }

    func resolve(_ context: ResolveContext) -> [Element] { driver.resolve(context) }
}

extension View {
    /// Draws this view through `content` with a value keyframes move, looping while
    /// `repeating` (SwiftUI's `keyframeAnimator(initialValue:repeating:content:keyframes:)`).
    /// - Parameters:
    ///   - initialValue: the value each run starts from.
    ///   - repeating: whether the keyframes play (looping) now.
    ///   - content: this view (the placeholder) and the value, giving the view drawn.
    ///   - keyframes: the tracks, given the value a run starts from.
    public func keyframeAnimator<Value, Modified: View, K: Keyframes>(
        initialValue: Value, repeating: Bool = true,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Modified,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K
    ) -> some View where K.Value == Value {
        _KeyframeDriver(
            initialValue: initialValue, mode: .repeating(repeating), keyframes: { keyframes($0)._tracks },
            render: placeholderRender(content))
    }

    /// Draws this view through `content` with a value keyframes move once each time `trigger`
    /// changes (SwiftUI's `keyframeAnimator(initialValue:trigger:content:keyframes:)`).
    /// - Parameters:
    ///   - initialValue: the value before any run.
    ///   - trigger: a value whose changes start a run.
    ///   - content: this view (the placeholder) and the value, giving the view drawn.
    ///   - keyframes: the tracks, given the value the run starts from.
    public func keyframeAnimator<Value, T: Equatable, Modified: View, K: Keyframes>(
        initialValue: Value, trigger: T,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Value) -> Modified,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K
    ) -> some View where K.Value == Value {
        _KeyframeDriver(
            initialValue: initialValue, mode: .trigger(trigger, { ($0 as? T) == trigger }), keyframes: { keyframes($0)._tracks },
            render: placeholderRender(content))
    }

    /// Resolves `content(placeholder, value)` with the placeholder standing for this view.
    func placeholderRender<Value, Modified: View>(
        _ content: @escaping (PlaceholderContentView<Self>, Value) -> Modified
    ) -> (Value, ResolveContext) -> [Element] {
        { value, context in
            // The placeholder stands for this view, which may itself be an outer modifier's
            // content: it resolves with the context it was given.
            let outer = context.modifierContent
            var c = context
            c.modifierContent = { inner in
                var x = inner.child("content")
                x.modifierContent = outer
                return resolveView(self, x)
            }
            return resolveView(content(PlaceholderContentView<Self>(), value), c)
        }
    }
}

extension _KeyframeDriver: View {
    typealias Body = Never
}
