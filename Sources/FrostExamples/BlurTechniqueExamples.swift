import FrostUI

/// A segmented-control-like row inside a stack, for Blurable (`host.view("segments").blur(blurRadius: 2)`).
public struct SegmentedRowScreen: View {
    public init() {}
    public var body: some View {
        VStack(spacing: 14) {
            Text("Calendar").font(.headline)
            HStack(spacing: 4) {
                ForEach(["Day", "Week", "Month", "Year"], id: \.self) { label in
                    Text(label)
                        .font(.subheadline)
                        .padding(.horizontal, 12)
                        .padding(.vertical, 6)
                        .background(label == "Week" ? Color.blue : Color.blue.opacity(0.12), in: Capsule())
                        .foregroundStyle(label == "Week" ? Color.white : Color.blue)
                }
            }
            .accessibilityIdentifier("segments")
            Text("The row above is blurred and un-blurred in place: the stack does not move.")
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
        .padding()
    }
}

/// A list whose rows blur as they scroll out at the top and in at the bottom (iOS 17's
/// `scrollTransition { content, phase in content.blur(radius: phase.isIdentity ? 0 : 10) }`).
public struct ScrollBlurList: View {
    public init() {}
    public var body: some View {
        ScrollView {
            VStack(spacing: 10) {
                ForEach(0..<16) { i in
                    HStack {
                        Circle().fill(Color.blue.opacity(0.3 + 0.04 * Double(i))).frame(width: 36, height: 36)
                        VStack(alignment: .leading, spacing: 2) {
                            Text("Message \(i + 1)").font(.headline)
                            Text("Blurred as it scrolls out of view").font(.subheadline).foregroundStyle(.secondary)
                        }
                        Spacer()
                    }
                    .padding(12)
                    .background(Color(white: 0.95), in: RoundedRectangle(cornerRadius: 12))
                    .scrollTransition { content, phase in
                        content.blur(radius: phase.isIdentity ? 0 : 10).opacity(phase.isIdentity ? 1 : 0.6)
                    }
                }
            }
            .padding()
        }
    }
}

/// The seed's custom transitions, for tools that show them.
public enum SeedTransitions {
    /// `MyTransition` (the `Transition` protocol: opacity and a half turn by phase).
    public static var custom: AnyTransition { AnyTransition(MyTransition()) }
    /// `.myTransition` (`AnyTransition.modifier(active:identity:)` with `MyViewModifier`).
    public static var modifier: AnyTransition { .myTransition }
}

/// The interactive-blur document's scroll-driven picture: a photo behind an invisible scroll
/// view, blurred by how far the scroll view is scrolled (σ = offset / 20 pt, at most 20 pt), as
/// a profile header blurs when the page is pulled up. Written with `onScrollGeometryChange`
/// and `.blur`, as on iOS 18; the title fades as the blur rises.
public struct ScrollPositionBlur: View {
    let photo: Image
    @State private var offset: CGFloat = 0
    /// - Parameter photo: the picture (filled into the view).
    public init(photo: Image) { self.photo = photo }

    /// The blur radius (points) for a scroll offset (points).
    public static func radius(forOffset offset: CGFloat) -> CGFloat { min(20, max(0, offset / 20)) }

    public var body: some View {
        ZStack {
            photo.resizable().scaledToFill()
                .blur(radius: ScrollPositionBlur.radius(forOffset: offset))
                .clipped()
            Text("Scroll to blur")
                .font(.largeTitle.bold())
                .foregroundStyle(.white)
                .opacity(1 - Double(ScrollPositionBlur.radius(forOffset: offset)) / 20)
            ScrollView {
                Color.clear.frame(height: 2000)
            }
            .onScrollGeometryChange(for: CGFloat.self, of: { $0.contentOffset.y }) { _, y in offset = y }
        }
    }
}

/// Every vibrancy style a view draws with, on a material over a photo (the materials and
/// vibrancy document): label styles for secondary, tertiary and quaternary text, fill styles for
/// shapes in those styles, the separator style for a divider — or, with `vibrant` false, the
/// same content drawn beside the material (a sibling in a ZStack, as iOS leaves it plain).
public struct VibrancySampler: View {
    let photo: Image
    let material: MaterialStyle
    let vibrant: Bool
    /// - Parameters:
    ///   - photo: the busy backdrop.
    ///   - material: the material under the content.
    ///   - vibrant: on the material (vibrant) or beside it (plain).
    public init(photo: Image, material: MaterialStyle, vibrant: Bool) { self.photo = photo; self.material = material; self.vibrant = vibrant }

    var rows: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text("Primary").font(.headline)
            Text("Secondary label").foregroundStyle(.secondary)
            Text("Tertiary label").foregroundStyle(.tertiary)
            Text("Quaternary label").foregroundStyle(.quaternary)
            Divider()
            HStack(spacing: 8) {
                RoundedRectangle(cornerRadius: 6).fill(.secondary).frame(width: 36, height: 24)
                RoundedRectangle(cornerRadius: 6).fill(.tertiary).frame(width: 36, height: 24)
                RoundedRectangle(cornerRadius: 6).fill(.quaternary).frame(width: 36, height: 24)
                Circle().stroke(.secondary, lineWidth: 3).frame(width: 24, height: 24)
            }
        }
        .padding(14)
        .frame(width: 210, height: 180, alignment: .topLeading)
    }

    public var body: some View {
        ZStack {
            photo.resizable().scaledToFill().clipped()
            if vibrant {
                rows.background(material, in: RoundedRectangle(cornerRadius: 16))
            } else {
                ZStack {
                    RoundedRectangle(cornerRadius: 16).fill(material).frame(width: 210, height: 180); rows
                }
            }
        }
    }
}
