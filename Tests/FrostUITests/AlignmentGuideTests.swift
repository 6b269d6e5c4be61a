import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

private struct ThirdGuide: AlignmentID {
    static func defaultValue(in d: ViewDimensions) -> CGFloat { d.width / 3 }
}

@Suite("FrostUI alignment guides (hand-computed)", .hangLimit)
struct AlignmentGuideTests {
    @Test("alignmentGuide(.leading) { $0[.trailing] } hangs a view left of its siblings' leading edge")
    func hanging() throws {
        let view = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 40, height: 10).alignmentGuide(.leading) { d in d[.trailing] }
            Color.blue.frame(width: 20, height: 10)
        }
        let f = shapeFrames(try ViewHost(view, size: CGSize(width: 200, height: 100)).displayList())
        // Width: the largest guide (40) + the largest remainder (20) = 60, centred: x 70.
        #expect(f == [Rect(x: 70, y: 40, width: 40, height: 10), Rect(x: 110, y: 50, width: 20, height: 10)], "\(f)")
    }

    @Test("a guide set inside padding is seen through it, moved by the padding")
    func throughPadding() throws {
        let view = VStack(alignment: .leading, spacing: 0) {
            Color.red.frame(width: 40, height: 10).alignmentGuide(.leading) { _ in 10 }.padding(.leading, 5)
            Color.blue.frame(width: 20, height: 10)
        }
        let f = shapeFrames(try ViewHost(view, size: CGSize(width: 200, height: 100)).displayList())
        // The padded view's leading guide is 5 + 10 = 15: the red box starts 10 left of blue.
        #expect(f[1].minX - f[0].minX == 10, "\(f)")
    }

    @Test("a custom AlignmentID aligns by its default where no child sets it")
    func customID() throws {
        let view = VStack(alignment: HorizontalAlignment(ThirdGuide.self), spacing: 0) {
            Color.red.frame(width: 30, height: 10)
            Color.blue.frame(width: 90, height: 10)
        }
        let f = shapeFrames(try ViewHost(view.fixedSize(), size: CGSize(width: 90, height: 20)).displayList())
        // Guides 10 and 30: width 30 + max(20, 60) = 90; red at 30 − 10 = 20, blue at 0.
        #expect(f == [Rect(x: 20, y: 0, width: 30, height: 10), Rect(x: 0, y: 10, width: 90, height: 10)], "\(f)")
    }

    @Test("ZStack: a negative leading guide moves a badge right of the leading edge")
    func zstack() throws {
        let view = ZStack(alignment: .leading) {
            Color.blue.frame(width: 100, height: 20)
            Color.red.frame(width: 10, height: 10).alignmentGuide(.leading) { _ in -20 }
        }
        let f = shapeFrames(try ViewHost(view, size: CGSize(width: 200, height: 100)).displayList())
        #expect(f == [Rect(x: 50, y: 40, width: 100, height: 20), Rect(x: 70, y: 45, width: 10, height: 10)], "\(f)")
    }
}
