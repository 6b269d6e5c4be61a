import Testing
import Foundation
import FrostUI
import FrostPreviewHost
import FrostImage
import FrostScene
import FrostTestSupport

private struct Badge: View {
    var text = "New"
    var body: some View { Text(text).padding(8).background(Color.blue, in: Capsule()) }
}

private struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            Badge().previewDisplayName("Default")
            Badge(text: "Dark").preferredColorScheme(.dark)
            Badge(text: "Wide").previewLayout(.fixed(width: 200, height: 60)).previewDisplayName("Inner wins")
        }
        .previewLayout(.sizeThatFits)
        .previewDisplayName("Outer")
    }
}

private struct Devices_Previews: PreviewProvider {
    static var previews: some View {
        ForEach(["iPhone SE (3rd generation)", "iPad Pro (11-inch)"], id: \.self) { name in
            Badge().previewDevice(PreviewDevice(rawValue: name)).previewInterfaceOrientation(.landscapeLeft)
        }
    }
}

/// Previews as data: splitting a provider's `previews` like Xcode, settings inherited from the
/// outside in, `#Preview`'s traits, and the preview host's jobs and renders.
@Suite("Previews", .hangLimit)
struct PreviewTests {
    @Test("a Group of previews is one preview per member; the innermost setting wins; outer modifiers apply to each")
    func splitting() {
        let items = PreviewItem.items(of: Badge_Previews.previews)
        #expect(items.count == 3)
        #expect(items.map(\.settings.name) == ["Default", "Outer", "Inner wins"])
        #expect(items.map(\.settings.layout) == [.sizeThatFits, .sizeThatFits, .fixed(width: 200, height: 60)])
        #expect(items.map(\.settings.colorScheme) == [nil, .dark, nil])
        let devices = PreviewItem.items(of: Devices_Previews.previews)
        #expect(devices.map { $0.settings.device?.preset.name } == ["iPhone SE", "iPad"])
        #expect(devices.allSatisfy { $0.settings.orientation == .landscapeLeft })
        // A single view is one preview with no settings.
        #expect(PreviewItem.items(of: Badge()).count == 1 && PreviewItem.items(of: Badge())[0].settings == PreviewSettings())
    }

    @Test("#Preview's value: name and traits, its body split the same way")
    func blocks() {
        let p = Preview("Card", traits: .sizeThatFitsLayout, .landscapeRight) { Badge() }
        #expect(p.items.count == 1 && p.items[0].settings == PreviewSettings(name: "Card", layout: .sizeThatFits, orientation: .landscapeRight))
        let fixed = Preview(traits: .fixedLayout(width: 100, height: 50)) {
            Badge(); Badge().previewDisplayName("Second")
        }
        #expect(fixed.items.map(\.settings.name) == [nil, "Second"] && fixed.items.allSatisfy { $0.settings.layout == .fixed(width: 100, height: 50) })
    }

    @MainActor @Test("jobs: unique file names, providers numbered by member, both appearances, a preview's own scheme kept")
    func jobs() {
        var options = PreviewHost.Options(outDirectory: URL(fileURLWithPath: "/tmp"))
        options.appearances = [.light, .dark]
        let entries = [
            PreviewHost.Entry(provider: Badge_Previews.self, file: "Badge.swift", line: 10),
            PreviewHost.Entry(preview: { Preview { Badge() } }, file: "Badge.swift", line: 30),
            PreviewHost.Entry(preview: { Preview("Default") { Badge() } }, file: "Badge.swift", line: 40),
        ]
        let jobs = PreviewHost.jobs(entries, options: options)
        #expect(
            jobs.map(\.fileName) == [
                "Default.light.png", "Default.dark.png", "Outer.dark.png", "Inner-wins.light.png", "Inner-wins.dark.png",
                "Badge-30.light.png", "Badge-30.dark.png", "Default.light-2.png", "Default.dark-2.png",
            ])
        #expect(jobs.map(\.source)[5] == "Badge.swift:30")
        options.appearances = [.light]
        let unnamed = PreviewHost.jobs([PreviewHost.Entry(provider: Devices_Previews.self, file: "D.swift", line: 1)], options: options)
        #expect(unnamed.map(\.fileName) == ["Devices_Previews-1.png", "Devices_Previews-2.png"])
    }

    @Test("renders: a device's screen at its scale (rotated for landscape), the ideal size, a fixed size")
    func renders() throws {
        let options = PreviewHost.Options(outDirectory: URL(fileURLWithPath: "/tmp"))
        func size(_ settings: PreviewSettings) throws -> (Int, Int) {
            let image = try PreviewHost.render(PreviewItem(settings: settings, view: AnyView(Badge())), scheme: .light, options: options)
            return (image.width, image.height)
        }
        #expect(try size(PreviewSettings()) == (1170, 2532))
        #expect(try size(PreviewSettings(device: "iPhone SE", orientation: .landscapeLeft)) == (1334, 750))
        #expect(try size(PreviewSettings(layout: .fixed(width: 100, height: 40))) == (300, 120))
        let ideal = ImageRenderer(content: Badge())
        ideal.scale = 3
        let fits = try ideal.render()
        #expect(try size(PreviewSettings(layout: .sizeThatFits)) == (fits.width, fits.height))
        var two = options
        two.scale = 2
        let dark = try PreviewHost.render(PreviewItem(settings: PreviewSettings(layout: .sizeThatFits), view: AnyView(Badge())), scheme: .dark, options: two)
        #expect(dark[0, 0] == RGBA8(0, 0, 0, 255), "the dark canvas behind the view")
    }
}

/// Size classes as a hosting controller's traits set them, from the host's size.
@Suite("Size classes", .hangLimit)
struct SizeClassTests {
    struct Reader: View {
        @Environment(\.horizontalSizeClass) var h
        @Environment(\.verticalSizeClass) var v
        var body: some View { Text("\(String(describing: h)) \(String(describing: v))") }
    }

    func classes(_ w: CGFloat, _ h: CGFloat, _ view: some View = Reader()) throws -> String {
        let host = try ViewHost(view, size: CGSize(width: w, height: h))
        func walk(_ l: DisplayList) -> String? {
            for item in l.items {
                if case .text(let t) = item.content { return t.string }
                if case .group(let c) = item.content, let s = walk(c) { return s }
                if case .effect(_, let c) = item.content, let s = walk(c) { return s }
            }
            return nil
        }
        return walk(try host.displayList()) ?? ""
    }

    @Test("phones: compact × regular in portrait, compact × compact in landscape (regular wide on Plus/Max); iPads regular, narrow split views compact")
    func fromSize() throws {
        let c = "Optional(FrostUI.UserInterfaceSizeClass.compact)", r = "Optional(FrostUI.UserInterfaceSizeClass.regular)"
        #expect(try classes(390, 844) == "\(c) \(r)")  // iPhone 13
        #expect(try classes(844, 390) == "\(c) \(c)")  // iPhone 13 landscape
        #expect(try classes(926, 428) == "\(r) \(c)")  // Pro Max landscape
        #expect(try classes(736, 414) == "\(r) \(c)")  // 8 Plus landscape
        #expect(try classes(820, 1180) == "\(r) \(r)")  // iPad
        #expect(try classes(507, 768) == "\(c) \(r)")  // iPad mini, half of landscape
        #expect(try classes(639, 1366) == "\(c) \(r)")  // 12.9", two thirds of portrait
        #expect(try classes(678, 1024) == "\(r) \(r)")  // 12.9", half of landscape
        #expect(try classes(390, 844, Reader().environment(\.horizontalSizeClass, .regular)) == "\(r) \(r)")
    }
}
