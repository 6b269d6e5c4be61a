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
    case scrollingCards = "scrolling-cards", contentCardMidBridge = "content-card-mid-bridge"
    case contentCardBridged = "content-card-bridged", contentCardPlain = "content-card-plain"
    case settings, inbox

    /// The example as a view.
    public var view: AnyView {
        switch self {
        case .contentCard: return AnyView(ContentCard())
        case .contentCardCrossfade: return AnyView(ContentCardCrossfade())
        case .myView: return AnyView(MyView())
        case .specifyingTransitions: return AnyView(SpecifyingTransitions())
        case .showcase: return AnyView(Showcase())
        case .scrollingCards: return AnyView(ScrollingCards())
        case .contentCardMidBridge: return AnyView(BridgedCardFrame())
        case .contentCardBridged: return AnyView(BridgedContentCard(preset: .automatic))
        case .contentCardPlain: return AnyView(BridgedContentCard(preset: nil))
        case .settings: return AnyView(SettingsExample())
        case .inbox: return AnyView(InboxExample())
        }
    }
}

/// The seed's detailed ContentCard frozen mid-bridge (content blurred 6 pt), for `frost bench ui`.
public struct BridgedCardFrame: View {
    public init() {}
    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text("Project Status").font(.headline)
                Spacer()
                Button("Less") {}.font(.subheadline)
            }
            VStack(alignment: .leading, spacing: 8) {
                LabeledContent("Completed", value: "73%")
                LabeledContent("In Progress", value: "18%")
                LabeledContent("Blocked", value: "9%")
                RoundedRectangle(cornerRadius: 8).fill(Color.blue.opacity(0.1)).frame(height: 120)
                    .overlay { Text("Chart Placeholder").foregroundStyle(.secondary) }
            }
            .blur(radius: 6)
        }
        .padding()
        .background(.background, in: RoundedRectangle(cornerRadius: 16))
        .shadow(color: .black.opacity(0.08), radius: 4, y: 2)
        .padding()
    }
}

/// A phone screen for `frost bench ui`: a scroll view of 12 cards of text under a
/// `.regularMaterial` bar (iOS's navigation bar), sized for 393 × 852 pt (iPhone 15 Pro).
public struct ScrollingCards: View {
    public init() {}
    public var body: some View {
        ZStack(alignment: .top) {
            ScrollView {
                VStack(spacing: 12) {
                    ForEach(0..<12) { i in
                        VStack(alignment: .leading, spacing: 6) {
                            HStack {
                                Text("Card \(i + 1)").font(.headline)
                                Spacer()
                                Text("\(10 + 7 * i) min").font(.subheadline).foregroundStyle(.secondary)
                            }
                            Text(
                                "Frost renders SwiftUI's views on Linux: stacks, text, shapes and materials, laid out by the same rules and drawn headlessly to pixels."
                            )
                            .font(.body)
                            ProgressView(value: Double(i + 1), total: 12)
                        }
                        .padding()
                        .background(Color(white: 0.97), in: RoundedRectangle(cornerRadius: 16))
                    }
                }
                .padding(.horizontal)
                .padding(.top, 110)
            }
            Rectangle().fill(.regularMaterial).frame(height: 100)
                .overlay(alignment: .bottom) { Text("Inbox").font(.headline).padding(.bottom, 12) }
        }
        // An opaque page, as iOS grouped screens have (a translucent one costs one more blend of
        // every pixel: about 2 ms at this size).
        .background(Color(red: 0.84, green: 0.9, blue: 1))
    }
}

/// Two overlapping translucent circles on white, 390 × 200 pt (1170 × 600 px at 3×): the
/// fixed cost of a small scene for `frost bench ui --only circles` (Skia draws its twin in
/// `Benchmarks/compare_skia.py`).
public struct TwoCircles: View {
    public init() {}
    public var body: some View {
        ZStack {
            Circle().fill(Color.blue.opacity(0.5)).frame(width: 160, height: 160).offset(x: -50)
            Circle().fill(Color.red.opacity(0.5)).frame(width: 160, height: 160).offset(x: 50)
        }
        .frame(width: 390, height: 200)
        .background(Color.white)
    }
}

/// `count` rows of text and a colour swatch, for the linear-layout benchmark.
public struct ManyRows: View {
    let count: Int
    public init(count: Int) { self.count = count }
    public var body: some View {
        VStack(spacing: 2) {
            ForEach(0..<count) { i in
                HStack {
                    Text("Row \(i)"); Spacer(); Color.blue.frame(width: 20, height: 10)
                }
            }
        }
    }
}

/// `depth` nested stacks with padding, for the deep-nesting benchmark.
public struct Nested: View {
    let depth: Int
    public init(depth: Int) { self.depth = depth }
    public var body: some View {
        if depth == 0 {
            Text("leaf")
        } else {
            HStack {
                Color.red.frame(width: 2, height: 2); Nested(depth: depth - 1).padding(1)
            }
        }
    }
}
