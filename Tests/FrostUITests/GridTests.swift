import Testing
import FrostGeometry
import FrostScene
@testable import FrostUI
import FrostTestSupport

@Suite("FrostUI Grid: shared columns, spans, alignment, unsized cells (hand-computed)", .hangLimit)
struct GridTests {
    @Test("columns as wide as their widest cell, rows as tall as their tallest, 8 pt apart, centred in cells")
    func columns() throws {
        let grid = Grid {
            GridRow {
                Color.red.frame(width: 20, height: 10); Color.red.frame(width: 50, height: 30)
            }
            GridRow {
                Color.blue.frame(width: 40, height: 20); Color.blue.frame(width: 10, height: 10)
            }
        }
        let f = shapeFrames(try ViewHost(grid.fixedSize(), size: CGSize(width: 200, height: 200)).displayList())
        // Grid: columns 40 and 50 (+8) = 98 wide; rows 30 and 20 (+8) = 58 tall; centred in 200².
        let x0 = (200.0 - 98) / 2, y0 = (200.0 - 58) / 2
        #expect(
            f == [
                Rect(x: x0 + 10, y: y0 + 10, width: 20, height: 10), Rect(x: x0 + 48, y: y0, width: 50, height: 30),
                Rect(x: x0, y: y0 + 38, width: 40, height: 20), Rect(x: x0 + 68, y: y0 + 43, width: 10, height: 10),
            ], "\(f)")
    }

    @Test("a view outside a row spans the grid; gridCellColumns spans columns; gridColumnAlignment aligns a column")
    func spansAndAlignment() throws {
        let grid = Grid(horizontalSpacing: 10, verticalSpacing: 0) {
            GridRow {
                Color.red.frame(width: 30, height: 10).gridColumnAlignment(.leading); Color.red.frame(width: 60, height: 10)
            }
            Color.green.frame(height: 4).gridCellUnsizedAxes(.horizontal)
            GridRow {
                Color.blue.frame(width: 10, height: 10); Color.blue.frame(width: 10, height: 10)
            }
            GridRow { Color.gray.frame(width: 50, height: 10).gridCellColumns(2) }
        }
        let f = shapeFrames(try ViewHost(grid.fixedSize(), size: CGSize(width: 100, height: 100)).displayList())
        // Columns 30 and 60, 10 apart: 100 wide, at x 0.
        #expect(f.count == 6)
        // Rows 10 + 4 + 10 + 10 = 34 pt, centred in 100: from y 33.
        #expect(f[2] == Rect(x: 0, y: 33 + 10, width: 100, height: 4), "the spanning colour takes the grid's width: \(f[2])")
        #expect(f[3].minX == 0, "column 0 is leading-aligned: \(f[3])")
        #expect(f[4].minX == 40 + 25, "column 1 stays centred: \(f[4])")
        #expect(f[5].minX == 25 && f[5].width == 50, "a two-column cell is centred across 100 pt: \(f[5])")
    }

    @Test("flexible cells share the width the rigid columns leave")
    func flexibleColumns() throws {
        let grid = Grid(horizontalSpacing: 0) {
            GridRow {
                Color.red.frame(width: 40, height: 10); Color.blue.frame(height: 10); Color.green.frame(height: 10)
            }
        }
        let f = shapeFrames(try ViewHost(grid, size: CGSize(width: 200, height: 50)).displayList())
        #expect(f.map(\.width) == [40, 80, 80] && f.map(\.minX) == [0, 40, 120], "\(f)")
    }
}
