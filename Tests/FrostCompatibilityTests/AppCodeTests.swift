import Combine
import FrostImage
import FrostScene
import FrostTestSupport
import OSLog
import SwiftUI
import Testing
import UIKit

// App code as it is written for iOS — UIKit and Combine beside SwiftUI, a colour extension on
// UIColor, asset catalogue colours, a timer driving a counter — compiled with the imports
// untouched and drawn by a FrostUI host.

extension UIColor {
    /// Apps add this to UIColor more than anything else.
    convenience init(hex: String) {
        let digits = hex.trimmingCharacters(in: CharacterSet.alphanumerics.inverted)
        var value: UInt64 = 0
        Scanner(string: digits).scanHexInt64(&value)
        self.init(red: CGFloat((value >> 16) & 0xFF) / 255, green: CGFloat((value >> 8) & 0xFF) / 255, blue: CGFloat(value & 0xFF) / 255, alpha: 1)
    }
}

private let log = Logger(subsystem: "com.example.app", category: "tests")

final class TickModel: ObservableObject {
    @Published var ticks = 0
}

struct TimerCounter: View {
    @State private var count = 0
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    var body: some View {
        Text("\(count)")
            .onReceive(timer) { _ in
                count += 1
                log.debug("tick \(count, privacy: .public)")
            }
    }
}

struct ScreenWidth: View {
    var body: some View {
        Text("\(Int(UIScreen.main.bounds.width)) \(UIDevice.current.userInterfaceIdiom == .pad ? "pad" : "phone")")
    }
}

struct Brand: View {
    var body: some View {
        SwiftUI.Color("Brand").frame(width: 10, height: 10)
    }
}

struct MapPlaceholder: UIViewRepresentable {
    func makeUIView(context: Context) -> UILabel { UILabel() }
    func updateUIView(_ uiView: UILabel, context: Context) {}
}

@Suite("App code with UIKit and Combine", .hangLimit)
struct AppCodeTests {
    static let catalog = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/Assets.xcassets")
    init() { AssetCatalog.register(Self.catalog) }

    @Test("A timer made with Timer.publish ticks on the host's clock: 2.5 s shows 2, rewinding to 1 s shows 1")
    func timerOnHostClock() throws {
        let host = try ViewHost(TimerCounter(), size: CGSize(width: 100, height: 40))
        #expect(textStrings(try host.displayList(at: 0)) == ["0"])
        #expect(textStrings(try host.displayList(at: 2.5)) == ["2"])
        #expect(textStrings(try host.displayList(at: 1)) == ["1"])
        #expect(textStrings(try host.displayList(at: 10)) == ["10"])
    }

    @Test("UIScreen and UIDevice answer from the host: the host's width, and the preview device's idiom")
    func screen() throws {
        let host = try ViewHost(ScreenWidth(), size: CGSize(width: 320, height: 100))
        #expect(textStrings(try host.displayList()) == ["320 phone"])
        let pad = try HostScreen.with(HostScreen(.iPad)) { try ViewHost(ScreenWidth(), device: .iPad) }
        let list = try HostScreen.with(HostScreen(.iPad)) { try pad.displayList() }
        #expect(textStrings(list) == ["820 pad"])
    }

    @Test("UIColor is an open class: an extension's convenience init, components, alpha, dynamic colours")
    func uiColor() {
        let c = UIColor(hex: "#3366CC")
        var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
        c.getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(abs(r - 0.2) < 1e-9 && abs(g - 0.4) < 1e-9 && abs(b - 0.8) < 1e-9 && a == 1)
        c.withAlphaComponent(0.5).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(a == 0.5 && abs(b - 0.8) < 1e-9)
        let dynamic = UIColor { $0.userInterfaceStyle == .dark ? .white : .black }
        dynamic.resolvedColor(with: UITraitCollection(userInterfaceStyle: .dark)).getRed(&r, green: &g, blue: &b, alpha: &a)
        #expect(r == 1 && g == 1 && b == 1)
        #expect(UIColor(named: "Brand") != nil)
        #expect(UIColor(named: "NoSuchColour") == nil)
    }

    @Test("Asset colours: 8-bit, hex and float components; a dark appearance; a system reference; a missing name is magenta")
    func assetColours() throws {
        func pixel(_ scheme: ColorScheme, _ view: some View) throws -> RGBA8 {
            let host = try ViewHost(view, size: CGSize(width: 10, height: 10), colorScheme: scheme)
            return try host.frame(at: 0)[5, 5]
        }
        #expect(try pixel(.light, Brand()) == RGBA8(255, 128, 64))
        #expect(try pixel(.dark, Brand()) == RGBA8(0, 0, 255))
        #expect(try pixel(.light, SwiftUI.Color("AccentColor")) == RGBA8(0x34, 0xC7, 0x59))
        #expect(try pixel(.light, SwiftUI.Color("NoSuchColour")) == RGBA8(255, 0, 255))
    }

    @Test("Asset images: the 2× file on a 2× screen, drawn at its point size; namespaced names; vector-only sets show the placeholder")
    func assetImages() throws {
        let host = try ViewHost(SwiftUI.Image("Icons/Dot"), size: CGSize(width: 10, height: 10), scale: 2)
        let image = try host.frame(at: 0)
        try #require(image.width == 20, "a 10 pt host at 2×")
        #expect(image[1, 1] == RGBA8(0, 0, 255) && image[18, 18] == RGBA8(0, 0, 255), "the 2× file (blue), filling the 10 pt image")
        let one = try ViewHost(SwiftUI.Image("Icons/Dot"), size: CGSize(width: 10, height: 10), scale: 1).frame(at: 0)
        #expect(one[5, 5] == RGBA8(255, 0, 0), "the 1× file (red) on a 1× screen")
        let missing = try ViewHost(SwiftUI.Image("Vector"), size: CGSize(width: 32, height: 32))
        let p = try missing.frame(at: 0)
        #expect(p[1, 1] == RGBA8(255, 0, 255), "the checkerboard placeholder")
        #expect(UIImage(named: "Icons/Dot")?.size == CGSize(width: 10, height: 10))
    }

    @Test("A UIViewRepresentable draws a labelled placeholder of the size offered")
    func representable() throws {
        let host = try ViewHost(MapPlaceholder().frame(width: 120, height: 60), size: CGSize(width: 200, height: 100))
        #expect(textStrings(try host.displayList()) == ["MapPlaceholder", "UILabel"])
    }

    @Test("UIBezierPath with chosen rounded corners, as SwiftUI's Path: square where not rounded")
    func bezier() throws {
        let path = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), byRoundingCorners: [.topLeft], cornerRadii: CGSize(width: 20, height: 20))
        let shape = Path(path.cgPath)
        let box = shape.boundingRect
        #expect(abs(box.minX) < 1e-9 && abs(box.minY) < 1e-9 && abs(box.width - 40) < 1e-9 && abs(box.height - 40) < 1e-9)
        let host = try ViewHost(shape.fill(SwiftUI.Color.black).frame(width: 40, height: 40), size: CGSize(width: 40, height: 40))
        let img = try host.frame(at: 0)
        let black = RGBA8(0, 0, 0)
        #expect(img[1, 1] == RGBA8(255, 255, 255), "the rounded top-left corner is cut (the background shows)")
        #expect(img[38, 1] == black && img[1, 38] == black && img[38, 38] == black, "the other corners are square")
    }

    @Test("An ObservableObject declared in a file that imports only Combine drives a SwiftUI view")
    func combineModel() throws {
        struct Counter: View {
            @ObservedObject var model: TickModel
            var body: some View { Text("\(model.ticks)") }
        }
        let model = TickModel()
        let host = try ViewHost(Counter(model: model), size: CGSize(width: 50, height: 20))
        model.ticks = 4
        #expect(textStrings(try host.displayList()) == ["4"])
    }
}

func textStrings(_ list: DisplayList) -> [String] {
    func walk(_ l: DisplayList) -> [String] {
        l.items.flatMap { item -> [String] in
            switch item.content {
            case .text(let t): return [t.string]
            case .group(let c), .effect(_, let c): return walk(c)
            default: return []
            }
        }
    }
    return walk(list)
}
