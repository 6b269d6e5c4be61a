import FrostUI

/// A showcase screen for `frost render --example showcase`: text styles, shapes, a material bar
/// over colour, shadows and a blur.
public struct Showcase: View {
    public init() {}
    public var body: some View {
        ZStack(alignment: .top) {
            VStack(spacing: 16) {
                HStack(spacing: 12) {
                    Circle().fill(Color.blue).frame(width: 60, height: 60)
                    RoundedRectangle(cornerRadius: 14).fill(Color.orange).frame(width: 60, height: 60)
                    Capsule().fill(Color.green).frame(width: 90, height: 40)
                }
                .padding(.top, 90)
                Text("Frost").font(.largeTitle)
                Text("SwiftUI's views, rendered on Linux").font(.subheadline).foregroundStyle(.secondary)
                RoundedRectangle(cornerRadius: 16)
                    .fill(Color.red)
                    .frame(width: 200, height: 80)
                    .shadow(color: Color(white: 0, opacity: 0.3), radius: 8, y: 4)
                Text("Blurred").font(.title).blur(radius: 3)
                Spacer()
            }
            .frame(maxWidth: .infinity)
            Rectangle().fill(.regularMaterial).frame(height: 70)
                .overlay { Text("Materials").font(.headline) }
        }
    }
}

/// The built-in examples by their CLI names.
public enum BuiltInExample: String, CaseIterable, Sendable {
    case contentCard = "content-card", contentCardCrossfade = "content-card-crossfade"
    case myView = "my-view", specifyingTransitions = "specifying-transitions", showcase

    /// The example as a view.
    public var view: AnyView {
        switch self {
        case .contentCard: return AnyView(ContentCard())
        case .contentCardCrossfade: return AnyView(ContentCardCrossfade())
        case .myView: return AnyView(MyView())
        case .specifyingTransitions: return AnyView(SpecifyingTransitions())
        case .showcase: return AnyView(Showcase())
        }
    }
}
