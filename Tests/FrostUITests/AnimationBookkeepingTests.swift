import Testing
import FrostTestSupport
@testable import FrostUI

/// The engine's bookkeeping stays as small as what is pending (issue 42: one entry per
/// animated commit, kept for the host's life).
@Suite("Animation engine bookkeeping", .hangLimit)
struct AnimationBookkeepingTests {
    struct Toggler: View {
        @State var on = false
        @State var done = 0
        var body: some View {
            VStack {
                Rectangle().frame(width: on ? 80 : 20, height: 10)
                Button("Flip") { withAnimation(.linear(duration: 0.5)) { on.toggle() } }
                Button("Flip and count") {
                    withAnimation(.linear(duration: 0.5)) {
                        on.toggle()
                    } completion: {
                        done += 1
                    }
                }
                Text("done \(done)")
            }
        }
    }

    @Test("animated commits without completions leave no owner entries behind; one with a completion keeps its own until it runs")
    func ownerSlotsStaySmall() throws {
        let host = try ViewHost(Toggler(), size: CGSize(width: 200, height: 120))
        for i in 0..<60 { try host.tap("Flip", at: Double(i) * 0.1) }
        _ = try host.displayList(at: 6)
        #expect(host.engine.ownerSlots.count <= 1, "\(host.engine.ownerSlots.count) entries after 60 animated commits")
        try host.tap("Flip and count", at: 6.1)
        for i in 0..<5 { try host.tap("Flip", at: 6.2 + Double(i) * 0.01) }
        _ = try host.displayList(at: 6.3)
        #expect(!host.engine.pending.isEmpty && host.engine.ownerSlots.count <= 2, "the counted commit's entry waits for its completion")
        #expect(textStrings(try host.displayList(at: 8)).contains("done 1"), "and the completion still runs")
        #expect(host.engine.pending.isEmpty && host.engine.ownerSlots.count <= 1)
    }
}
