import FrostUI

/// The seed's ContentCard with its toggle run through Frost's blur bridge API instead of three
/// hand-written `withAnimation` calls: `withBlurBridge(preset)` on a `.blurBridgeContainer()`
/// around the swapped content. With `preset` nil the same change runs as a plain
/// `withAnimation(.smooth(duration: 0.3))` — no bridge — for comparisons (`frost bridge --report`).
public struct BridgedContentCard: View {
    let preset: BlurBridgePreset?
    @State private var isDetailed = false

    public init(preset: BlurBridgePreset? = .automatic) { self.preset = preset }

    public var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            HStack {
                Text("Project Status")
                    .font(.headline)
                Spacer()
                Button(isDetailed ? "Less" : "More") {
                    if let preset {
                        withBlurBridge(preset) { isDetailed.toggle() }
                    } else {
                        withAnimation(.smooth(duration: 0.3)) { isDetailed.toggle() }
                    }
                }
                .font(.subheadline)
            }
            Group {
                if isDetailed {
                    VStack(alignment: .leading, spacing: 8) {
                        LabeledContent("Completed", value: "73%")
                        LabeledContent("In Progress", value: "18%")
                        LabeledContent("Blocked", value: "9%")
                        RoundedRectangle(cornerRadius: 8)
                            .fill(.blue.opacity(0.1))
                            .frame(height: 120)
                    }
                } else {
                    ProgressView(value: 0.73)
                        .tint(.blue)
                }
            }
            .blurBridgeContainer()
        }
        .padding()
        .background(.background, in: RoundedRectangle(cornerRadius: 16))
    }
}
