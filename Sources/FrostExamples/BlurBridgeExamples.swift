// Built into `frost render` from ../shared/seed-examples (the user's own examples), unchanged but for
// `public` on the views the CLI names.
// The user's examples for the blur bridge (seed "Use Blur to Bridge Imperfect Transition States"),
// ported to FrostUI. Only three things differ from the SwiftUI originals:
//   1. `import FrostUI` instead of `import SwiftUI`;
//   2. the third-party `@Equatable` macro on ContentCard is dropped;
//   3. the app's design tokens (Spacing, Radius) are defined here, as the app would.
// Both ContentCard versions are kept; the first is renamed ContentCardCrossfade.
import FrostUI

enum Spacing { static let sm: CGFloat = 8 }
enum Radius { static let sm: CGFloat = 8; static let lg: CGFloat = 16 }

/// Incorrect: hard crossfade between different-sized content (visible layout jump).
public struct ContentCardCrossfade: View {
    public init() {}
    @State private var isDetailed = false

    public var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Text("Project Status")
                    .font(.headline)
                Spacer()
                Button(isDetailed ? "Less" : "More") {
                    withAnimation(.smooth) {
                        isDetailed.toggle()
                    }
                }
                .font(.subheadline)
            }

            if isDetailed {
                // Detailed view: 3 rows of stats + chart placeholder
                VStack(alignment: .leading, spacing: 8) {
                    LabeledContent("Completed", value: "73%")
                    LabeledContent("In Progress", value: "18%")
                    LabeledContent("Blocked", value: "9%")

                    RoundedRectangle(cornerRadius: 8)
                        .fill(.blue.opacity(0.1))
                        .frame(height: 120)
                        .overlay {
                            Text("Chart Placeholder")
                                .foregroundStyle(.secondary)
                        }
                }
            } else {
                // Summary view: single progress bar
                ProgressView(value: 0.73)
                    .tint(.blue)
            }
        }
        .padding()
        .background(.background, in: RoundedRectangle(cornerRadius: 16))
        .shadow(color: .black.opacity(0.08), radius: 4, y: 2)
    }
}

/// Correct: blur bridges the layout jump during the transition.
public struct ContentCard: View {
    public init() {}
    @State private var isDetailed = false
    @State private var isTransitioning = false

    public var body: some View {
        VStack(alignment: .leading, spacing: Spacing.sm) {
            HStack {
                Text("Project Status")
                    .font(.headline)
                Spacer()
                Button(isDetailed ? "Less" : "More") {
                    withAnimation(.smooth(duration: 0.15)) {
                        isTransitioning = true
                    }
                    withAnimation(.smooth(duration: 0.3)) {
                        isDetailed.toggle()
                    }
                    withAnimation(.smooth(duration: 0.2).delay(0.25)) {
                        isTransitioning = false
                    }
                }
                .font(.subheadline)
            }

            Group {
                if isDetailed {
                    VStack(alignment: .leading, spacing: Spacing.sm) {
                        LabeledContent("Completed", value: "73%")
                        LabeledContent("In Progress", value: "18%")
                        LabeledContent("Blocked", value: "9%")

                        RoundedRectangle(cornerRadius: Radius.sm)
                            .fill(.blue.opacity(0.1))
                            .frame(height: 120)
                    }
                } else {
                    ProgressView(value: 0.73)
                        .tint(.blue)
                }
            }
            .blur(radius: isTransitioning ? 6 : 0)
        }
        .padding()
        .background(.background, in: RoundedRectangle(cornerRadius: Radius.lg))
    }
}

/// Reusable blur bridge modifier.
struct BlurBridge: ViewModifier {
    let isActive: Bool
    let radius: CGFloat

    func body(content: Content) -> some View {
        content
            .blur(radius: isActive ? radius : 0)
            .animation(.smooth(duration: 0.15), value: isActive)
    }
}

extension View {
    func blurBridge(isActive: Bool, radius: CGFloat = 6) -> some View {
        modifier(BlurBridge(isActive: isActive, radius: radius))
    }
}

/// Coordinated blur bridge with state helper.
struct BlurTransitionHelper {
    /// Executes a state change wrapped in a blur bridge.
    /// The blur activates, the change happens, then the blur clears.
    static func perform(
        blurBinding: Binding<Bool>,
        blurDuration: Double = 0.15,
        changeDuration: Double = 0.3,
        clearDelay: Double = 0.25,
        change: @escaping () -> Void
    ) {
        // Blur on
        withAnimation(.smooth(duration: blurDuration)) {
            blurBinding.wrappedValue = true
        }
        // Content change
        withAnimation(.smooth(duration: changeDuration)) {
            change()
        }
        // Blur off
        withAnimation(.smooth(duration: blurDuration).delay(clearDelay)) {
            blurBinding.wrappedValue = false
        }
    }
}
