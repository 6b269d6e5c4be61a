import Foundation
import Testing
import FrostUI
import FrostMotion
import FrostExamples
import FrostTestSupport

/// ``HostCore/settle(within:)``: the clock moved on until nothing moves (issue 31: a render after
/// taps shows the settled view).
@Suite("FrostUI: settling after interactions", .hangLimit)
struct HostSettlingTests {
    /// A tap that animates, whose completion starts a second animation.
    struct Chained: View {
        @State var x = 0.0
        @State var y = 0.0
        var body: some View {
            Rectangle().fill(Color.blue).frame(width: 20, height: 20).offset(x: x, y: y)
                .onTapGesture {
                    withAnimation(.linear(duration: 0.4)) {
                        x = 100
                    } completion: {
                        withAnimation(.easeInOut(duration: 0.3)) { y = 50 }
                    }
                }
        }
    }

    struct Forever: View {
        @State var on = false
        var body: some View {
            Circle().frame(width: 10, height: 10).opacity(on ? 0.2 : 1)
                .onTapGesture { withAnimation(.linear(duration: 0.5).repeatForever()) { on = true } }
        }
    }

    @Test("a completion that starts another animation is followed: settled at 0.4 + 0.3 s, at the final offsets")
    func chained() throws {
        let host = try ViewHost(Chained(), size: CGSize(width: 200, height: 120))
        #expect(try host.isSettled || host.settle() == 0)
        try host.tap("")
        #expect(!host.isSettled)
        let t = try host.settle()
        #expect(abs(t - 0.7) < 1e-3, "settled at \(t)")
        #expect(host.isSettled && host.now == t)
        let list = try host.displayList().description
        #expect(list.contains("transform [1, 0, 0, 1, 100, 50]"), "\(list)")
        // Already settled: no time passes.
        #expect(try host.settle() == t)
    }

    @Test("a tap's transition and the seed card's completions: settled once the blur bridge has cleared")
    func seedCard() throws {
        let host = try ViewHost(ContentCard(), size: CGSize(width: 390, height: 320), scale: 1)
        try host.tap("More")
        let t = try host.settle()
        #expect(t > 0.3 && t < 2, "settled at \(t)")
        let text = try host.displayList().description
        #expect(text.contains("text \"Completed\"") && !text.contains("ProgressView"))
    }

    @Test("an animation that never ends stops the search at the limit; a bad limit is a typed error")
    func neverEnding() throws {
        let host = try ViewHost(Forever(), size: CGSize(width: 50, height: 50))
        try host.tap("")
        #expect(try host.settle(within: 3) == 3)
        #expect(!host.isSettled)
        for bad in [0, -1, .nan, .infinity, 1e6] {
            #expect(throws: ViewHostError.self) { try host.settle(within: bad) }
        }
    }
}
