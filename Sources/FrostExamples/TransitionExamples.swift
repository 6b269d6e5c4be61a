// Built into `frost render` from ../shared/seed-examples (the user's own examples), unchanged but for
// `public` on the views the CLI names.
// The user's examples for transitions (seed "SwiftUI Transition"), ported to FrostUI:
// `import FrostUI` instead of `import SwiftUI`; the usage snippets are wrapped in a view so they compile.
import FrostUI

public struct MyView: View {
    public init() {}

    @State private var condition: Bool = true

    public var body: some View {
        Group {
            if condition {
                blueCircle
                    .offset(x: -100)
            } else {
                blueCircle
                    .offset(x: 100)
            }
        }
        .onTapGesture {
            withAnimation {
                condition.toggle()
            }
        }
    }

    private var blueCircle: some View {
        Circle()
            .fill(Color.blue)
            .frame(width: 100, height: 100)
    }
}

/// The "Specifying Transitions" snippets, each on a view that comes and goes.
public struct SpecifyingTransitions: View {
    public init() {}
    @State private var isShown = true

    public var body: some View {
        VStack {
            if isShown {
                MyView()
                    .transition(.slide)

                MyView()
                    .transition(.move(edge: .leading).combined(with: .opacity))

                MyView()
                    .transition(.asymmetric(insertion: .slide, removal: .opacity))

                MyView()
                    .transition(MyTransition())

                MyView()
                    .transition(.myTransition)
            }
        }
        .onTapGesture {
            withAnimation {
                isShown.toggle()
            }
        }
    }
}

struct MyTransition: Transition {

    func body(content: Content, phase: TransitionPhase) -> some View {
        content
            .opacity(phase.isIdentity ? 1.0 : 0.0)
            .rotationEffect(phase.rotation)
    }
}

fileprivate extension TransitionPhase {

    var rotation: Angle {
        switch self {
        case .willAppear:
            .degrees(180)
        case .identity:
            .zero
        case .didDisappear:
            .degrees(-180)
        }
    }
}

struct MyViewModifier: ViewModifier {

    let isIdentity: Bool

    @State private var idealSize: CGSize = .zero

    func body(content: Content) -> some View {
        content
            .rotationEffect(.degrees(isIdentity ? 0 : 180))
            .opacity(isIdentity ? 1 : 0)
    }
}

extension AnyTransition {

    static let myTransition: AnyTransition = .modifier(
        active: MyViewModifier(isIdentity: false),
        identity: MyViewModifier(isIdentity: true)
    )
}
