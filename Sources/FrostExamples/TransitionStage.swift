import FrostUI

/// A stage on which a view comes and goes with a transition, for `frost transition`: `toggle()`
/// shows or hides the content (call it in a host's `perform`, with the animation).
public struct TransitionStage: View {
    let content: AnyView
    let transition: AnyTransition
    @State private var shown: Bool

    /// - Parameters:
    ///   - content: the view that comes and goes (nil: a blue card with a label).
    ///   - transition: how it comes and goes.
    ///   - shown: whether it is there at the start.
    public init(content: AnyView? = nil, transition: AnyTransition, shown: Bool) {
        self.content = content ?? AnyView(TransitionStage.card)
        self.transition = transition
        _shown = State(initialValue: shown)
    }

    public var body: some View {
        ZStack {
            if shown { content.transition(transition) }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }

    /// Shows the content if hidden, hides it if shown.
    public func toggle() { shown.toggle() }

    /// The default content: a rounded card, 160 × 100 pt.
    static var card: some View {
        RoundedRectangle(cornerRadius: 16).fill(Color.blue)
            .frame(width: 160, height: 100)
            .overlay { Text("Frost").font(.title2.bold()).foregroundStyle(.white) }
    }
}
