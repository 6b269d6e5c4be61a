import Testing
import FrostGeometry
@testable import FrostLayout
import FrostTestSupport

/// A leaf that ignores its proposal (a short text, an icon).
private func fixed(_ w: Double, _ h: Double, _ name: String = "") -> LayoutNode {
    LayoutNode(.leaf { _ in Size(width: w, height: h) }, name: name)
}
private func color(_ name: String = "") -> LayoutNode { LayoutNode(.flexible, name: name) }

@Suite("Layout: SwiftUI's proposal protocol against hand-computed results", .hangLimit)
struct LayoutTests {
    @Test("objc.io: HStack(spacing: 0) { red.frame(maxWidth: 100); green.frame(minWidth: 100) }.frame(width: 150) → 75 and 100")
    func objcExample() {
        let red = color("red"), green = color("green")
        let stack = LayoutNode(
            .stack(.horizontal, alignment: .center, spacing: 0),
            children: [
                LayoutNode(.flexibleFrame(.init(maxWidth: 100)), children: [red]),
                LayoutNode(.flexibleFrame(.init(minWidth: 100)), children: [green]),
            ])
        let root = LayoutNode(.frame(width: 150, height: nil, alignment: .center), children: [stack])
        // At 2× the half-point edges are whole pixels (at 1× they round to −13…63).
        root.layout(proposal: ProposedSize(width: 400, height: 100), scale: 2)
        #expect(root.frame == Rect(x: 0, y: 0, width: 150, height: 100))
        #expect(red.frame.width == 75 && green.frame.width == 100)
        // The stack overflows (175 in 150) and is centred: it starts at −12.5.
        #expect(red.frame.minX == -12.5 && green.frame.minX == 62.5)
    }

    @Test("a padded card: HStack { Text; Spacer(); Text } puts the texts at the padding edges")
    func paddedCard() {
        let title = fixed(120, 22, "title"), more = fixed(40, 22, "more")
        let spacer = LayoutNode(.spacer(minLength: nil), name: "spacer")
        let row = LayoutNode(.stack(.horizontal, alignment: .center, spacing: nil), children: [title, spacer, more])
        let card = LayoutNode(.padding(EdgeInsets(16)), children: [row])
        card.layout(proposal: ProposedSize(width: 390, height: nil))
        #expect(card.frame == Rect(x: 0, y: 0, width: 390, height: 54))
        #expect(title.frame == Rect(x: 16, y: 16, width: 120, height: 22))
        #expect(spacer.frame == Rect(x: 136, y: 16 + 11, width: 198, height: 0))
        #expect(more.frame == Rect(x: 334, y: 16, width: 40, height: 22))
    }

    @Test("stacks: 8 pt default spacing, alignment, overflow; ZStack is the union of its children")
    func stacks() {
        let a = fixed(100, 20), b = fixed(50, 30)
        let v = LayoutNode(.stack(.vertical, alignment: .center, spacing: nil), children: [a, b])
        v.layout(proposal: .unspecified)
        #expect(v.frame.size == Size(width: 100, height: 58))
        #expect(b.frame == Rect(x: 25, y: 28, width: 50, height: 30))
        let leading = fixed(50, 30)
        let vl = LayoutNode(.stack(.vertical, alignment: .leading, spacing: 4), children: [fixed(100, 20), leading])
        vl.layout(proposal: .unspecified)
        #expect(leading.frame.minX == 0 && leading.frame.minY == 24)
        let p = fixed(50, 20), q = fixed(30, 40)
        let z = LayoutNode(.zstack(alignment: .center), children: [p, q])
        z.layout(proposal: ProposedSize(width: 200, height: 200))
        #expect(z.frame.size == Size(width: 50, height: 40))
        #expect(q.frame == Rect(x: 10, y: 0, width: 30, height: 40) && p.frame == Rect(x: 0, y: 10, width: 50, height: 20))
    }

    @Test("flexible frames by Apple's rule; fixed frames; padding; fixedSize; layout priority")
    func frames() {
        func flex(_ f: LayoutNode.FlexibleFrame, _ child: LayoutNode, _ p: ProposedSize) -> Size {
            LayoutNode(.flexibleFrame(f), children: [child]).sizeThatFits(p)
        }
        #expect(flex(.init(minWidth: 100), fixed(20, 10), ProposedSize(width: 300, height: 50)).width == 100)
        #expect(flex(.init(maxWidth: .infinity), fixed(20, 10), ProposedSize(width: 300, height: 50)).width == 300)
        #expect(flex(.init(maxWidth: .infinity), fixed(20, 10), .unspecified).width == 20)
        #expect(flex(.init(minWidth: 40, maxWidth: 80), fixed(20, 10), ProposedSize(width: 300, height: 50)).width == 80)
        #expect(flex(.init(minWidth: 40, maxWidth: 80), fixed(20, 10), ProposedSize(width: 10, height: 50)).width == 40)
        #expect(flex(.init(idealWidth: 64), color(), .unspecified).width == 64)
        // Fixed frame: a nil dimension keeps the child's.
        #expect(
            LayoutNode(.frame(width: 30, height: nil, alignment: .center), children: [fixed(10, 12)]).sizeThatFits(.infinity)
                == Size(width: 30, height: 12))
        // Padding proposes less and reports more.
        #expect(
            LayoutNode(.padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)), children: [color()])
                .sizeThatFits(ProposedSize(width: 100, height: 50)) == Size(width: 100, height: 50))
        // A wrapping text: as wide as offered up to its ideal 200 pt; fixedSize asks for the ideal.
        let text = LayoutNode(.leaf { p in Size(width: min(200, p.width ?? 200), height: p.width.map { $0 < 200 ? 44 : 22 } ?? 22) })
        let boxed = LayoutNode(.frame(width: 100, height: nil, alignment: .center), children: [text])
        boxed.layout(proposal: .infinity)
        #expect(text.frame.size == Size(width: 100, height: 44))
        let fixedText = LayoutNode(.leaf { p in Size(width: min(200, p.width ?? 200), height: 22) })
        let boxedFixed = LayoutNode(
            .frame(width: 100, height: nil, alignment: .center),
            children: [LayoutNode(.fixedSize(horizontal: true, vertical: true), children: [fixedText])])
        boxedFixed.layout(proposal: .infinity)
        #expect(fixedText.frame == Rect(x: -50, y: 0, width: 200, height: 22))
        // Priority: the higher one is sized first and takes everything a colour can.
        let low = color("low"), high = LayoutNode(.flexible, name: "high", priority: 1)
        let row = LayoutNode(.stack(.horizontal, alignment: .center, spacing: 0), children: [low, high])
        row.layout(proposal: ProposedSize(width: 100, height: 10))
        #expect(high.frame.width == 100 && low.frame.width == 0)
    }

    @Test("frames round to whole pixels at the display scale")
    func pixelRounding() {
        let leaf = fixed(10.3, 5)
        let root = LayoutNode(.padding(EdgeInsets(top: 0, leading: 0.26, bottom: 0, trailing: 0)), children: [leaf])
        root.layout(proposal: .unspecified, scale: 2)
        #expect(leaf.frame == Rect(x: 0.5, y: 0, width: 10, height: 5))
        root.invalidate()
        root.layout(proposal: .unspecified, scale: 3)
        #expect(abs(leaf.frame.minX - 1.0 / 3) < 1e-12 && abs(leaf.frame.maxX - 32.0 / 3) < 1e-12)
    }

    @Test("layout cost grows linearly: 1,000 siblings and 50-deep nesting, counted in measurements")
    func linear() {
        func wide(_ n: Int) -> LayoutNode {
            LayoutNode(
                .stack(.vertical, alignment: .leading, spacing: nil),
                children: (0..<n).map { i in
                    LayoutNode(
                        .stack(.horizontal, alignment: .center, spacing: nil),
                        children: [fixed(Double(i % 90), 20), LayoutNode(.spacer(minLength: nil)), color()])
                })
        }
        func deep(_ depth: Int) -> LayoutNode {
            var node = color()
            for d in 0..<depth {
                node =
                    d % 2 == 0
                    ? LayoutNode(.stack(.horizontal, alignment: .center, spacing: nil), children: [fixed(10, 10), node])
                    : LayoutNode(
                        .padding(EdgeInsets(2)), children: [LayoutNode(.stack(.vertical, alignment: .center, spacing: nil), children: [node, fixed(5, 5)])])
            }
            return node
        }
        func nodes(_ n: LayoutNode) -> Int { 1 + n.children.reduce(0) { $0 + nodes($1) } }
        for tree in [wide(500), wide(1000), deep(25), deep(50)] {
            tree.layout(proposal: ProposedSize(width: 390, height: .infinity))
            // A bounded number of sizes per node (0, ∞, the offer, …), whatever the size of the tree.
            let perNode = Double(tree.totalMeasurements) / Double(nodes(tree))
            #expect(perNode <= 8, "\(tree.totalMeasurements) measurements for \(nodes(tree)) nodes")
        }
        // Twice the rows, twice the work (± a few): linear, not quadratic.
        let (a, b) = (wide(500), wide(1000))
        a.layout(proposal: ProposedSize(width: 390, height: .infinity)); b.layout(proposal: ProposedSize(width: 390, height: .infinity))
        #expect(abs(Double(b.totalMeasurements) / Double(a.totalMeasurements) - 2) < 0.05)
        let tree = deep(50)
        tree.layout(proposal: ProposedSize(width: 390, height: 844))
        #expect(tree.totalMeasurements < 20 * 150)  // a handful per node, not 2^depth
    }
}
