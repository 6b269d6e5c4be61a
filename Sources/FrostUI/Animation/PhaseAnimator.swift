import FrostMotion

// Reproduces SwiftUI's `PhaseAnimator` and `.phaseAnimator(…)`: content drawn for one phase at a
// time, moving to the next phase with the animation the `animation` closure gives for it as soon
// as the previous change is logically complete (a spring's perceptual duration, a curve's end)
// — looping for ever, or once through every phase and back to the first each time a trigger
// changes. Built on state and `withAnimation(_:completionCriteria:_:completion:)`, so the phase
// changes are ordinary animated commits: frames, replays and settling behave as for any other.
// Complete. A loop whose every phase change takes no time would spin without the clock moving:
// it stays in the first phase instead (SwiftUI would redraw it every frame for nothing).

/// Steps `content` through `phases`; the shared machinery of the view and the modifier.
struct _PhaseDriver<Phase: Equatable, Content: View>: View {
    let phases: [Phase]
    /// nil: loop for ever; otherwise the trigger and whether it equals another value.
    let trigger: AnyEquatableValue?
    let animation: (Phase) -> Animation?
    let content: (Phase) -> Content

    @State private var index = 0
    /// Bumped by each trigger change: completions of an older run stop there.
    @State private var run = 0

    var body: some View {
        // No phases draws nothing (SwiftUI traps).
        if let phase = phases.isEmpty ? nil : phases[min(index, phases.count - 1)] {
            content(phase)
                .onAppear { if trigger == nil { startLoop() } }
                .onChange(of: trigger) { _, _ in
                    guard trigger != nil, phases.count > 1 else { return }
                    run += 1
                    advance(to: 1, run: run)
                }
        }
    }

    /// Whether a loop through every phase takes time (else it would spin at one instant).
    private var loopTakesTime: Bool {
        phases.contains { phase in
            guard let a = animation(phase) else { return false }
            return a.logicalDuration.map { $0 > 0 } ?? true
        }
    }

    private func startLoop() {
        guard phases.count > 1, loopTakesTime else { return }
        advance(to: 1, run: run)
    }

    /// Enters phase `k` with its animation, then moves on when that is logically complete.
    private func advance(to k: Int, run token: Int) {
        let phase = phases[k]
        withAnimation(animation(phase), completionCriteria: .logicallyComplete) {
            index = k
        } completion: {
            guard run == token else { return }
            let next = (k + 1) % phases.count
            // The triggered form ends back in the first phase.
            if trigger != nil, k == 0 { return }
            advance(to: next, run: token)
        }
    }
}

/// A trigger value compared by `==` whatever its type (for `onChange`).
struct AnyEquatableValue: Equatable {
    let value: Any
    let equals: (Any) -> Bool
    init<T: Equatable>(_ v: T) { value = v; equals = { ($0 as? T) == v } }
    static func == (a: AnyEquatableValue, b: AnyEquatableValue) -> Bool { a.equals(b.value) }
}

/// A view that cycles its content through phases, as SwiftUI's `PhaseAnimator`.
public struct PhaseAnimator<Phase: Equatable, Content: View>: View {
    let driver: _PhaseDriver<Phase, Content>

    /// Loops through `phases` for ever, starting when the view appears.
    /// - Parameters:
    ///   - phases: at least one phase; the content starts in the first.
    ///   - content: the view for a phase.
    ///   - animation: the animation into each phase (default `.default`; nil jumps).
    public init<S: Sequence>(
        _ phases: S, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) where S.Element == Phase {
        driver = _PhaseDriver(phases: Array(phases), trigger: nil, animation: animation, content: content)
    }

    /// Runs once through `phases` and back to the first each time `trigger` changes.
    /// - Parameters:
    ///   - phases: at least one phase; the content rests in the first.
    ///   - trigger: a value whose changes start a run.
    ///   - content: the view for a phase.
    ///   - animation: the animation into each phase (default `.default`; nil jumps).
    public init<S: Sequence, T: Equatable>(
        _ phases: S, trigger: T, @ViewBuilder content: @escaping (Phase) -> Content,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) where S.Element == Phase {
        driver = _PhaseDriver(phases: Array(phases), trigger: AnyEquatableValue(trigger), animation: animation, content: content)
    }

    public var body: some View { driver }
}

extension View {
    /// Cycles this view through `phases` for ever (SwiftUI's `phaseAnimator(_:content:animation:)`).
    /// - Parameters:
    ///   - phases: at least one phase.
    ///   - content: this view (the placeholder) and the phase, giving the view drawn.
    ///   - animation: the animation into each phase (default `.default`; nil jumps).
    public func phaseAnimator<Phase: Equatable, Modified: View>(
        _ phases: some Sequence<Phase>, @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Modified,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        _PhaseDriver(phases: Array(phases), trigger: nil, animation: animation, content: { phase in _Placeholding(base: self, content: content, phase: phase) })
    }

    /// Runs this view once through `phases` each time `trigger` changes (SwiftUI's
    /// `phaseAnimator(_:trigger:content:animation:)`).
    /// - Parameters:
    ///   - phases: at least one phase.
    ///   - trigger: a value whose changes start a run.
    ///   - content: this view (the placeholder) and the phase, giving the view drawn.
    ///   - animation: the animation into each phase (default `.default`; nil jumps).
    public func phaseAnimator<Phase: Equatable, Modified: View>(
        _ phases: some Sequence<Phase>, trigger: some Equatable,
        @ViewBuilder content: @escaping (PlaceholderContentView<Self>, Phase) -> Modified,
        animation: @escaping (Phase) -> Animation? = { _ in .default }
    ) -> some View {
        _PhaseDriver(
            phases: Array(phases), trigger: AnyEquatableValue(trigger), animation: animation,
            content: { phase in _Placeholding(base: self, content: content, phase: phase) })
    }
}

/// `content(placeholder, value)` with the placeholder standing for `base`.
struct _Placeholding<Base: View, Value, Modified: View>: View, PrimitiveView {
    typealias Body = Never
    let base: Base
    let content: (PlaceholderContentView<Base>, Value) -> Modified
    let phase: Value
    func resolve(_ context: ResolveContext) -> [Element] { base.placeholderRender(content)(phase, context) }
}
