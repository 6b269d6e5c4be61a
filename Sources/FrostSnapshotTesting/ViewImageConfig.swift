import FrostImage
import FrostUI

// swift-snapshot-testing's device presets (`ViewImageConfig`): every iPhone and iPad upstream
// names, with its screen size in points, safe area and traits. As upstream, the phones' traits
// ask for the `.medium` content size (body text 16 pt, one step below the system default) —
// except the iPhone Xs Max in portrait, whose traits upstream builds without it — and iPads
// ask for none; the iPad presets default to landscape and take split-view fractions; size
// classes are upstream's (phones compact wide, regular tall in portrait and compact in
// landscape, the Plus/Max/XR regular wide in landscape; iPads regular, compact wide in narrow
// split views). Unlike upstream, whose scale is the simulator's, each preset carries its
// device's display scale.

/// A device's screen for snapshots, as swift-snapshot-testing's `ViewImageConfig`: safe area,
/// size (points) and traits.
public struct ViewImageConfig: Sendable {
    public enum Orientation: Sendable { case landscape, portrait }
    /// An iPad's orientation and the fraction of the screen a split view gives the app.
    public enum TabletOrientation: Sendable {
        public enum PortraitSplits: Sendable { case oneThird, twoThirds, full }
        public enum LandscapeSplits: Sendable { case oneThird, oneHalf, twoThirds, full }
        case landscape(splitView: LandscapeSplits)
        case portrait(splitView: PortraitSplits)
    }

    public var safeArea: EdgeInsets
    /// Points; nil: the view's own size.
    public var size: CGSize?
    public var traits: UITraitCollection
    public init(safeArea: EdgeInsets = EdgeInsets(), size: CGSize? = nil, traits: UITraitCollection = .init()) {
        self.safeArea = safeArea; self.size = size; self.traits = traits
    }

    private static func insets(_ top: CGFloat, _ left: CGFloat, _ bottom: CGFloat, _ right: CGFloat) -> EdgeInsets {
        EdgeInsets(top: top, leading: left, bottom: bottom, trailing: right)
    }

    /// A phone: `w × h` points in portrait, its safe areas, scale, and the `.medium` content size.
    private static func phone(
        _ o: Orientation, _ w: CGFloat, _ h: CGFloat, scale: CGFloat,
        portrait: EdgeInsets, landscape: EdgeInsets, category: UIContentSizeCategory = .medium,
        wideInLandscape: Bool = false
    ) -> ViewImageConfig {
        var traits = UITraitCollection(displayScale: scale, preferredContentSizeCategory: category)
        traits.horizontalSizeClass = o == .landscape && wideInLandscape ? .regular : .compact
        traits.verticalSizeClass = o == .portrait ? .regular : .compact
        return o == .portrait
            ? ViewImageConfig(safeArea: portrait, size: CGSize(width: w, height: h), traits: traits)
            : ViewImageConfig(safeArea: landscape, size: CGSize(width: h, height: w), traits: traits)
    }

    /// A classic phone (status bar only).
    private static func classic(_ o: Orientation, _ w: CGFloat, _ h: CGFloat, scale: CGFloat, wide: Bool = false) -> ViewImageConfig {
        phone(o, w, h, scale: scale, portrait: insets(20, 0, 0, 0), landscape: EdgeInsets(), wideInLandscape: wide)
    }
    /// A notched phone of the iPhone X generation (44 pt sensor housing, 34 pt home indicator).
    private static func notched(
        _ o: Orientation, _ w: CGFloat, _ h: CGFloat, scale: CGFloat, category: UIContentSizeCategory = .medium,
        wide: Bool = false
    ) -> ViewImageConfig {
        phone(o, w, h, scale: scale, portrait: insets(44, 0, 34, 0), landscape: insets(0, 44, 24, 44), category: category, wideInLandscape: wide)
    }
    /// A phone of the iPhone 12 generation (47 pt housing; 50 pt on the mini).
    private static func modern(_ o: Orientation, _ w: CGFloat, _ h: CGFloat, top: CGFloat = 47, wide: Bool = false) -> ViewImageConfig {
        phone(o, w, h, scale: 3, portrait: insets(top, 0, 34, 0), landscape: insets(0, top, 21, top), wideInLandscape: wide)
    }

    public static let iPhoneSe = iPhoneSe(.portrait)
    public static func iPhoneSe(_ o: Orientation) -> ViewImageConfig { classic(o, 320, 568, scale: 2) }
    public static let iPhone8 = iPhone8(.portrait)
    public static func iPhone8(_ o: Orientation) -> ViewImageConfig { classic(o, 375, 667, scale: 2) }
    public static let iPhone8Plus = iPhone8Plus(.portrait)
    public static func iPhone8Plus(_ o: Orientation) -> ViewImageConfig { classic(o, 414, 736, scale: 3, wide: true) }
    public static let iPhoneX = iPhoneX(.portrait)
    public static func iPhoneX(_ o: Orientation) -> ViewImageConfig { notched(o, 375, 812, scale: 3) }
    public static let iPhoneXsMax = iPhoneXsMax(.portrait)
    public static func iPhoneXsMax(_ o: Orientation) -> ViewImageConfig {
        notched(o, 414, 896, scale: 3, category: o == .portrait ? .unspecified : .medium, wide: true)
    }
    public static let iPhoneXr = iPhoneXr(.portrait)
    public static func iPhoneXr(_ o: Orientation) -> ViewImageConfig { notched(o, 414, 896, scale: 2, wide: true) }
    public static let iPhone12 = iPhone12(.portrait)
    public static func iPhone12(_ o: Orientation) -> ViewImageConfig { modern(o, 390, 844) }
    public static let iPhone12Pro = iPhone12Pro(.portrait)
    public static func iPhone12Pro(_ o: Orientation) -> ViewImageConfig { modern(o, 390, 844) }
    public static let iPhone12ProMax = iPhone12ProMax(.portrait)
    public static func iPhone12ProMax(_ o: Orientation) -> ViewImageConfig { modern(o, 428, 926, wide: true) }
    public static let iPhone13Mini = iPhone13Mini(.portrait)
    public static func iPhone13Mini(_ o: Orientation) -> ViewImageConfig { modern(o, 375, 812, top: 50) }
    public static let iPhone13 = iPhone13(.portrait)
    public static func iPhone13(_ o: Orientation) -> ViewImageConfig { modern(o, 390, 844) }
    public static let iPhone13Pro = iPhone13Pro(.portrait)
    public static func iPhone13Pro(_ o: Orientation) -> ViewImageConfig { modern(o, 390, 844) }
    public static let iPhone13ProMax = iPhone13ProMax(.portrait)
    public static func iPhone13ProMax(_ o: Orientation) -> ViewImageConfig { modern(o, 428, 926, wide: true) }

    /// An iPad of `long × short` points whose split-view widths are `landscape` (⅓, ½, ⅔) and
    /// `portrait` (⅓, ⅔).
    private static func tablet(
        _ o: TabletOrientation, long: CGFloat, short: CGFloat, landscape: (CGFloat, CGFloat, CGFloat),
        portrait: (CGFloat, CGFloat), safeArea: EdgeInsets = insets(20, 0, 0, 0)
    ) -> ViewImageConfig {
        let size: CGSize
        switch o {
        case .landscape(let split):
            switch split {
            case .oneThird: size = CGSize(width: landscape.0, height: short)
            case .oneHalf: size = CGSize(width: landscape.1, height: short)
            case .twoThirds: size = CGSize(width: landscape.2, height: short)
            case .full: size = CGSize(width: long, height: short)
            }
        case .portrait(let split):
            switch split {
            case .oneThird: size = CGSize(width: portrait.0, height: long)
            case .twoThirds: size = CGSize(width: portrait.1, height: long)
            case .full: size = CGSize(width: short, height: long)
            }
        }
        // Upstream's split-view traits: compact wide in a third, in half a landscape screen (but
        // the 12.9-inch's half) and in two thirds of a portrait one.
        var traits = UITraitCollection(displayScale: 2)
        traits.verticalSizeClass = .regular
        switch o {
        case .landscape(.oneThird), .portrait(.oneThird), .portrait(.twoThirds): traits.horizontalSizeClass = .compact
        case .landscape(.oneHalf): traits.horizontalSizeClass = long == 1366 ? .regular : .compact
        default: traits.horizontalSizeClass = .regular
        }
        return ViewImageConfig(safeArea: safeArea, size: size, traits: traits)
    }
    private static func tablet(_ o: Orientation) -> TabletOrientation { o == .landscape ? .landscape(splitView: .full) : .portrait(splitView: .full) }

    public static let iPadMini = iPadMini(.landscape)
    public static func iPadMini(_ o: Orientation) -> ViewImageConfig { iPadMini(tablet(o)) }
    public static func iPadMini(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, long: 1024, short: 768, landscape: (320, 507, 694), portrait: (320, 438))
    }
    public static let iPad9_7 = iPadMini
    public static func iPad9_7(_ o: Orientation) -> ViewImageConfig { iPadMini(o) }
    public static func iPad9_7(_ o: TabletOrientation) -> ViewImageConfig { iPadMini(o) }
    public static let iPad10_2 = iPad10_2(.landscape)
    public static func iPad10_2(_ o: Orientation) -> ViewImageConfig { iPad10_2(tablet(o)) }
    public static func iPad10_2(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, long: 1080, short: 810, landscape: (320, 535, 750), portrait: (320, 480))
    }
    public static let iPadPro10_5 = iPadPro10_5(.landscape)
    public static func iPadPro10_5(_ o: Orientation) -> ViewImageConfig { iPadPro10_5(tablet(o)) }
    public static func iPadPro10_5(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, long: 1112, short: 834, landscape: (320, 551, 782), portrait: (320, 504))
    }
    public static let iPadPro11 = iPadPro11(.landscape)
    public static func iPadPro11(_ o: Orientation) -> ViewImageConfig { iPadPro11(tablet(o)) }
    public static func iPadPro11(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, long: 1194, short: 834, landscape: (375, 592, 809), portrait: (320, 504), safeArea: insets(24, 0, 20, 0))
    }
    public static let iPadPro12_9 = iPadPro12_9(.landscape)
    public static func iPadPro12_9(_ o: Orientation) -> ViewImageConfig { iPadPro12_9(tablet(o)) }
    public static func iPadPro12_9(_ o: TabletOrientation) -> ViewImageConfig {
        tablet(o, long: 1366, short: 1024, landscape: (375, 678, 981), portrait: (375, 639))
    }
}
