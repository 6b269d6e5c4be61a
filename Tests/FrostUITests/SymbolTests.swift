import Foundation
import Testing
import FrostGeometry
import FrostScene
import FrostRaster
@testable import FrostUI
import FrostTestSupport

/// SF Symbols through their look-alikes: the table, sizes, variants, colours, baselines and
/// the placeholder.
@Suite("SF Symbols", .hangLimit)
struct SymbolTests {
    static let installed = SymbolLibrary.shared.iconFolder != nil

    /// The symbol's shapes and frame in a host.
    func symbol(_ view: some View, size: CGSize = CGSize(width: 300, height: 200)) throws -> [(content: DisplayItem.Content, frame: Rect)] {
        try leaves(ViewHost(view, size: size).displayList())
    }
    /// The shapes of every leaf (a symbol of several outlines is a group of shapes).
    func shapes(_ items: [(content: DisplayItem.Content, frame: Rect)]) -> [ShapeContent] { items.flatMap { shapes($0.content) } }
    func shapes(_ content: DisplayItem.Content) -> [ShapeContent] {
        switch content {
        case .shape(let s): return [s]
        case .group(let list): return list.items.flatMap { shapes($0.content) }
        default: return []
        }
    }

    @Test func tableCoversTheCommonNamesAndEveryTargetExists() throws {
        let table = SymbolLibrary.lookAlikes
        // Every data line of the compiled-in table parsed (symbol-names.txt: 623 names).
        #expect(table.count == 623)
        #expect(table.keys.allSatisfy { !$0.isEmpty && !$0.contains(" ") } && table.values.allSatisfy { !$0.isEmpty && !$0.hasSuffix(".svg") })
        for name in [
            "heart", "heart.fill", "star.fill", "gear", "person.circle", "house", "magnifyingglass", "checkmark.circle.fill",
            "chevron.right", "plus", "xmark", "trash", "square.and.arrow.up", "bell", "envelope", "wifi", "lock.fill",
        ] {
            #expect(table[name] != nil, "\(name)")
        }
        guard let folder = SymbolLibrary.shared.iconFolder else { return }
        let missing = Set(table.values).filter { !FileManager.default.fileExists(atPath: folder + "/" + $0 + ".svg") }
        #expect(missing.isEmpty, "\(missing.sorted())")
    }

    @Test(.enabled(if: SymbolTests.installed, "bootstrap-icons is not installed"))
    func sizeFollowsFontAndImageScale() throws {
        // circle.fill is the full 16-unit box: 1 em at medium scale.
        let body = try symbol(Image(systemName: "circle.fill")).first!.frame
        #expect(abs(body.width - 17) < 1e-9 && abs(body.height - 17) < 1e-9, "\(body)")
        let big = try symbol(Image(systemName: "circle.fill").font(.system(size: 34))).first!.frame
        #expect(abs(big.width - 34) < 1e-9)
        let title = try symbol(Image(systemName: "circle.fill").font(.title)).first!.frame
        #expect(abs(title.width - 28) < 1e-9)
        let large = try symbol(Image(systemName: "circle.fill").imageScale(.large)).first!.frame
        let small = try symbol(VStack { Image(systemName: "circle.fill") }.imageScale(.small)).first!.frame
        // Frames land on the host's pixel grid (1×): each edge rounds, so ±1 pt.
        #expect(abs(large.width - 17 * 1.29) <= 1, "\(large)")
        #expect(abs(small.width - 17 * 0.783) <= 1, "\(small)")
        // A narrow symbol's frame is its own ink, not the box.
        let chevron = try symbol(Image(systemName: "chevron.right")).first!.frame
        #expect(chevron.width < 10 && chevron.height > chevron.width, "\(chevron)")
        // resizable() stretches to the space offered.
        let stretched = try symbol(Image(systemName: "heart.fill").resizable().frame(width: 60, height: 30)).first!.frame
        #expect(stretched.size == Size(width: 60, height: 30))
    }

    @Test(.enabled(if: SymbolTests.installed, "bootstrap-icons is not installed"))
    func coloursAndVariants() throws {
        // Colours pass through the animatable (linear, premultiplied) form: compare as printed.
        func colour(_ items: [(content: DisplayItem.Content, frame: Rect)]) -> String? { shapes(items).first?.fill.map { "\($0)" } }
        #expect(colour(try symbol(Image(systemName: "heart.fill").foregroundStyle(.red))) == "\(Paint.solid(FrostUI.Color.red.resolved(EnvironmentValues())))")
        // Default: the primary label colour; in a button: the tint.
        #expect(colour(try symbol(Image(systemName: "heart.fill"))) == "\(Paint.solid(FrostGeometry.Color(white: 0)))")
        #expect(
            colour(try symbol(Button(action: {}) { Image(systemName: "heart.fill") }))
                == "\(Paint.solid(FrostUI.Color.accentColor.resolved(EnvironmentValues())))")
        // Variants: .fill, .circle.fill apply where the table has the name.
        #expect(SymbolVariants.fill.applied(to: "heart") == "heart.fill")
        #expect(SymbolVariants.circle.fill.applied(to: "checkmark") == "checkmark.circle.fill")
        #expect(SymbolVariants.fill.applied(to: "chevron.right") == "chevron.right")
        let filled = try symbol(Image(systemName: "heart").symbolVariant(.fill))
        #expect(shapes(filled).first?.name == "symbol heart.fill")
        // Fill rules come from the icon: person.circle has an even-odd outline.
        let person = try symbol(Image(systemName: "person.circle"))
        #expect(shapes(person).map(\.rule) == [.nonZero, .evenOdd])
    }

    @Test(.enabled(if: SymbolTests.installed, "bootstrap-icons is not installed"))
    func centresOnTheCapHeightInBaselineRows() throws {
        let row = HStack(alignment: .firstTextBaseline) {
            Image(systemName: "circle.fill"); Text("Hg")
        }
        let items = try symbol(row)
        let circle = items.first { if case .shape = $0.content { true } else if case .group = $0.content { true } else { false } }!.frame
        let text = items.first { if case .text = $0.content { true } else { false } }!.frame
        // The text's baseline is at its top + SF's ascender (rounded to the pixel grid at 1×).
        let baseline = text.minY + (17 * Font.sfAscender).rounded()
        let capMiddle = baseline - 17 * Image.sfCapHeight / 2
        // Within a pixel: both frames land on the 1× grid.
        #expect(abs(circle.midY - capMiddle) <= 1, "\(circle) \(text)")
    }

    @Test func unknownNamesAndAMissingSetDrawAPlaceholderOfSymbolSize() throws {
        let unknown = try symbol(Image(systemName: "no.such.symbol.anywhere"))
        #expect(unknown.count == 1)
        #expect(abs(unknown[0].frame.width - 17) < 1e-9 && abs(unknown[0].frame.height - 17) < 1e-9)
        #expect(shapes(unknown[0].content).first?.name == "symbol placeholder")
        // A library with no icon set resolves every name to the placeholder.
        let empty = SymbolLibrary(searchPaths: ["/nonexistent/frost-symbols"])
        #expect(empty.iconFolder == nil)
        if case .placeholder = empty.resolve("heart.fill") {} else { Issue.record("expected a placeholder") }
    }
}
