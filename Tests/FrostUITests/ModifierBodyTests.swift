import Testing
import FrostGeometry
import FrostScene
import FrostImage
@testable import FrostUI
import FrostTestSupport

// A custom ViewModifier's body: modifiers it applies around `content` reach the content, as
// they do when written on the view itself.

@Suite("FrostUI: custom view modifiers set their content's environment", .hangLimit)
struct ModifierBodyTests {
    struct Banner: ViewModifier {
        func body(content: Content) -> some View {
            content.font(.largeTitle.bold()).foregroundColor(.white).padding().background(Color.blue)
        }
    }

    struct Nested: ViewModifier {
        func body(content: Content) -> some View { content.modifier(Banner()).foregroundColor(.red) }
    }

    struct Tinted: ViewModifier {
        let color: FrostUI.Color
        func body(content: Content) -> some View { content.foregroundStyle(color) }
    }

    /// The texts drawn, with their fonts' sizes and their colours.
    func texts(_ view: some View) throws -> [String] {
        let host = try ViewHost(view, size: CGSize(width: 320, height: 200))
        var out: [String] = []
        func walk(_ list: DisplayList) {
            for item in list.items {
                switch item.content {
                case .text(let t): out.append("\(t.string) \(t.size) \(t.color)")
                case .group(let c), .effect(_, let c): walk(c)
                default: break
                }
            }
        }
        walk(try host.displayList())
        return out
    }

    @Test("content.font(.largeTitle.bold()).foregroundColor(.white) in a modifier's body draws the text as written on it directly, in the same pixels")
    func bodyModifiersReachContent() throws {
        let viaModifier = Text("Hello").modifier(Banner())
        let direct = Text("Hello").font(.largeTitle.bold()).foregroundColor(.white).padding().background(Color.blue)
        let a = try texts(viaModifier), b = try texts(direct)
        #expect(a == b && a.count == 1, "\(a) vs \(b)")
        #expect(a.first?.contains("34") == true, "\(a)")
        let hostA = try ViewHost(viaModifier, size: CGSize(width: 320, height: 200))
        let hostB = try ViewHost(direct, size: CGSize(width: 320, height: 200))
        #expect(try hostA.snapshot() == hostB.snapshot())
    }

    @Test("the innermost setting wins: a modifier's own colour beats one its caller applies outside it")
    func innermostWins() throws {
        let nested = try texts(Text("Hi").modifier(Nested()))
        let white = try texts(Text("Hi").font(.largeTitle.bold()).foregroundColor(.white))
        #expect(nested.map { $0.split(separator: " ").last } == white.map { $0.split(separator: " ").last }, "\(nested) vs \(white)")
        // A modifier with a stored property: each use draws its own.
        let two = try texts(
            VStack {
                Text("A").modifier(Tinted(color: .red)); Text("B").modifier(Tinted(color: .green))
            })
        #expect(two.count == 2 && two[0] != two[1].replacingOccurrences(of: "B", with: "A"), "\(two)")
    }
}
