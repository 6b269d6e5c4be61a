// Reproduces SwiftUI's previews as values a host can render: `PreviewProvider` (a `previews`
// view, split like Xcode into one preview per member of a `Group`, tuple or `ForEach`), the
// `#Preview` macro's value (`Preview(_:traits:body:)`; `frost preview` rewrites each `#Preview`
// block into one, as the macro expands it on Apple's platforms), the preview modifiers
// (`previewDisplayName`, `previewLayout`, `previewDevice`, `previewInterfaceOrientation`,
// `preferredColorScheme`) and `#Preview`'s traits (`.sizeThatFitsLayout`, `.fixedLayout`,
// orientations). A modifier around a group applies to each member; the innermost preview
// setting wins. Not reproduced: `previewContext`, `PreviewModifier` and live interaction.

/// A type that supplies previews, as SwiftUI's `PreviewProvider`: `frost preview` renders
/// each member of its `previews` as a preview of its own.
public protocol PreviewProvider {
    associatedtype Previews: View
    /// The previews: one view, or a `Group` / `ForEach` of several.
    static var previews: Previews { get }
}

/// How a preview is sized, as SwiftUI's `PreviewLayout`.
public enum PreviewLayout: Sendable, Hashable {
    /// The preview device's whole screen, with its safe area (the default).
    case device
    /// The view's ideal size.
    case sizeThatFits
    /// A container of `width × height` points.
    case fixed(width: CGFloat, height: CGFloat)
}

/// A device to preview on, as SwiftUI's `PreviewDevice` ("iPhone 13", "iPhone SE (3rd
/// generation)", "iPad Pro (11-inch)"…): mapped to the nearest of FrostUI's ``DevicePreset``s.
public struct PreviewDevice: RawRepresentable, ExpressibleByStringLiteral, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    /// The preset this device name stands for: SE, Pro Max, 15/16 Pro and iPad by name, else
    /// an iPhone 13.
    public var preset: DevicePreset {
        let n = rawValue.lowercased()
        if n.contains("ipad") { return .iPad }
        if n.contains("se") { return .iPhoneSE }
        if n.contains("max") || n.contains("plus") { return .iPhone16ProMax }
        if n.contains("15") || n.contains("16") || n.contains("17") { return .iPhone15Pro }
        return .iPhone13
    }
}

/// A device orientation, as SwiftUI's `InterfaceOrientation`.
public enum InterfaceOrientation: String, Hashable, Sendable, CaseIterable {
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// One preview's settings; nil fields are left to the host (its device, appearance, scale).
public struct PreviewSettings: Hashable, Sendable {
    public var name: String?
    public var layout: PreviewLayout?
    public var device: PreviewDevice?
    public var colorScheme: ColorScheme?
    public var orientation: InterfaceOrientation?
    public init(
        name: String? = nil, layout: PreviewLayout? = nil, device: PreviewDevice? = nil,
        colorScheme: ColorScheme? = nil, orientation: InterfaceOrientation? = nil
    ) {
        self.name = name; self.layout = layout; self.device = device; self.colorScheme = colorScheme; self.orientation = orientation
    }

    /// Fills the settings this one leaves unset from `outer` (the innermost setting wins).
    mutating func inherit(_ outer: PreviewSettings) {
        name = name ?? outer.name
        layout = layout ?? outer.layout
        device = device ?? outer.device
        colorScheme = colorScheme ?? outer.colorScheme
        orientation = orientation ?? outer.orientation
    }
}

/// One preview to render: a view and its settings.
public struct PreviewItem {
    public var settings: PreviewSettings
    public var view: AnyView
    public init(settings: PreviewSettings = PreviewSettings(), view: AnyView) { self.settings = settings; self.view = view }

    /// The previews `view` holds: one per member of a `Group`, tuple or `ForEach` at its top
    /// (through any modifiers, which apply to each member), else `view` itself.
    public static func items<V: View>(of view: V) -> [PreviewItem] {
        if let split = view as? any _PreviewSplitting { return split._previewItems() }
        return [PreviewItem(settings: PreviewSettings(), view: AnyView(view))]
    }

    static func items(ofAny value: Any) -> [PreviewItem] {
        guard let view = value as? any View else { return [] }
        func open<V: View>(_ v: V) -> [PreviewItem] { items(of: v) }
        return open(view)
    }
}

/// Containers and modifiers a preview list is split through.
protocol _PreviewSplitting { func _previewItems() -> [PreviewItem] }

extension AnyView: _PreviewSplitting {
    func _previewItems() -> [PreviewItem] {
        let members = PreviewItem.items(ofAny: view)
        return members.count == 1 && members[0].settings == PreviewSettings() ? [PreviewItem(view: self)] : members
    }
}

extension Group: _PreviewSplitting {
    func _previewItems() -> [PreviewItem] { PreviewItem.items(of: content) }
}

extension TupleView: _PreviewSplitting {
    func _previewItems() -> [PreviewItem] {
        let all = members ?? Mirror(reflecting: value).children.map(\.value)
        return all.flatMap { PreviewItem.items(ofAny: $0) }
    }
}

extension ForEach: _PreviewSplitting {
    func _previewItems() -> [PreviewItem] { data.flatMap { PreviewItem.items(of: content($0)) } }
}

extension ModifiedContent: _PreviewSplitting where Content: View, Modifier: ViewModifier {
    func _previewItems() -> [PreviewItem] {
        var members = PreviewItem.items(of: content)
        let trait = modifier as? _PreviewTraitModifier
        for i in members.indices {
            if let trait { members[i].settings.inherit(trait.settings) }
            // Every modifier stays on the view (a colour scheme also sets the environment).
            members[i].view = AnyView(ModifiedContent<AnyView, Modifier>(content: members[i].view, modifier: modifier))
        }
        return members
    }
}

/// A preview setting carried by a view (`previewDisplayName`, `previewLayout`,
/// `previewDevice`, `previewInterfaceOrientation`, `preferredColorScheme`): read by preview
/// hosts; only the colour scheme changes how the view itself draws.
public struct _PreviewTraitModifier: PrimitiveViewModifier {
    let settings: PreviewSettings
    init(_ settings: PreviewSettings) { self.settings = settings }
    init(colorScheme: ColorScheme?) { settings = PreviewSettings(colorScheme: colorScheme) }
    func environment(_ env: inout EnvironmentValues) { if let scheme = settings.colorScheme { env.colorScheme = scheme } }
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] { content }
}

extension View {
    /// The preview's name in `frost preview`'s output (file name and caption).
    public func previewDisplayName(_ name: String?) -> ModifiedContent<Self, _PreviewTraitModifier> {
        modifier(_PreviewTraitModifier(PreviewSettings(name: name)))
    }
    /// How the preview is sized: the device's screen, the view's ideal size, or fixed points.
    public func previewLayout(_ layout: PreviewLayout) -> ModifiedContent<Self, _PreviewTraitModifier> {
        modifier(_PreviewTraitModifier(PreviewSettings(layout: layout)))
    }
    /// The device the preview shows the view on (nil: the host's).
    public func previewDevice(_ device: PreviewDevice?) -> ModifiedContent<Self, _PreviewTraitModifier> {
        modifier(_PreviewTraitModifier(PreviewSettings(device: device)))
    }
    /// The orientation of the preview's device.
    public func previewInterfaceOrientation(_ orientation: InterfaceOrientation) -> ModifiedContent<Self, _PreviewTraitModifier> {
        modifier(_PreviewTraitModifier(PreviewSettings(orientation: orientation)))
    }
}

/// A setting of a `#Preview`, as SwiftUI's `PreviewTrait<Preview.ViewTraits>`.
public struct PreviewTrait: Sendable {
    let apply: @Sendable (inout PreviewSettings) -> Void
    /// The view at its ideal size.
    public static let sizeThatFitsLayout = PreviewTrait { $0.layout = .sizeThatFits }
    /// The device's screen (the default).
    public static let defaultLayout = PreviewTrait { $0.layout = .device }
    /// A container of `width × height` points.
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait { PreviewTrait { $0.layout = .fixed(width: width, height: height) } }
    public static let portrait = PreviewTrait { $0.orientation = .portrait }
    public static let portraitUpsideDown = PreviewTrait { $0.orientation = .portraitUpsideDown }
    public static let landscapeLeft = PreviewTrait { $0.orientation = .landscapeLeft }
    public static let landscapeRight = PreviewTrait { $0.orientation = .landscapeRight }
}

/// A `#Preview` block as a value (the macro's expansion): a name, traits and the view.
public struct Preview {
    public var settings: PreviewSettings
    let make: () -> AnyView

    /// A preview named `name` (nil: named after its file and line by the host) showing `body`.
    public init<Content: View>(_ name: String? = nil, traits: PreviewTrait..., @ViewBuilder body: @escaping () -> Content) {
        var settings = PreviewSettings(name: name)
        for t in traits { t.apply(&settings) }
        self.settings = settings
        make = { AnyView(body()) }
    }

    /// The preview as items: its body split like a provider's `previews`, each member taking
    /// the block's name and traits where it sets none of its own.
    public var items: [PreviewItem] {
        PreviewItem.items(of: make()).map { item in
            var item = item
            item.settings.inherit(settings)
            return item
        }
    }
}
