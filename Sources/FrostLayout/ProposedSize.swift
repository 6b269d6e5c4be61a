import FrostGeometry

/// A size a parent proposes to a child, as SwiftUI's `ProposedViewSize`: per axis a length in
/// points, `nil` for "unspecified" (the child answers with its ideal size), 0 for "as small as
/// you can" and `.infinity` for "as large as you like".
public struct ProposedSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { self.init(width: size.width, height: size.height) }

    public static let zero = ProposedSize(width: 0, height: 0)
    public static let infinity = ProposedSize(width: .infinity, height: .infinity)
    public static let unspecified = ProposedSize(width: nil, height: nil)

    /// The proposal with unspecified axes replaced by `size`'s (SwiftUI's `replacingUnspecifiedDimensions`).
    public func replacingUnspecifiedDimensions(by size: Size = Size(width: 10, height: 10)) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }

    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    public var description: String {
        func t(_ v: Double?) -> String { v.map { $0 == .infinity ? "∞" : $0.shortText } ?? "nil" }
        return "\(t(width))×\(t(height))"
    }
}

/// A layout axis.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical
    var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    init(_ axis: Axis, along: Double, across: Double) {
        self = axis == .horizontal ? Size(width: along, height: across) : Size(width: across, height: along)
    }
}

/// Where a child sits inside a larger space, as SwiftUI's `Alignment`: a fraction along each
/// axis (0 leading/top, 0.5 centre, 1 trailing/bottom). Text baselines are not modelled yet.
public struct Alignment: Hashable, Sendable {
    public var horizontal: Double
    public var vertical: Double
    /// Vertical alignment by text baselines instead of `vertical` (SwiftUI's
    /// `.firstTextBaseline` / `.lastTextBaseline`); views without text align by their bottom.
    public var baseline: Baseline?
    /// The named guides (SwiftUI's alignment IDs) on each axis: children that define one with
    /// `alignmentGuide` line up by it; the others by its default.
    public var horizontalGuide: AlignmentGuide?
    public var verticalGuide: AlignmentGuide?
    public init(
        horizontal: Double, vertical: Double, baseline: Baseline? = nil,
        horizontalGuide: AlignmentGuide? = nil, verticalGuide: AlignmentGuide? = nil
    ) {
        self.horizontal = horizontal; self.vertical = vertical; self.baseline = baseline
        self.horizontalGuide = horizontalGuide; self.verticalGuide = verticalGuide
    }

    /// The named guide across `axis` (the horizontal guide aligns along x).
    func guide(_ axis: Axis) -> AlignmentGuide? { axis == .horizontal ? horizontalGuide : verticalGuide }

    public static let center = Alignment(horizontal: 0.5, vertical: 0.5)
    public static let leading = Alignment(horizontal: 0, vertical: 0.5)
    public static let trailing = Alignment(horizontal: 1, vertical: 0.5)
    public static let top = Alignment(horizontal: 0.5, vertical: 0)
    public static let bottom = Alignment(horizontal: 0.5, vertical: 1)
    public static let topLeading = Alignment(horizontal: 0, vertical: 0)
    public static let topTrailing = Alignment(horizontal: 1, vertical: 0)
    public static let bottomLeading = Alignment(horizontal: 0, vertical: 1)
    public static let bottomTrailing = Alignment(horizontal: 1, vertical: 1)

    func fraction(_ axis: Axis) -> Double { axis == .horizontal ? horizontal : vertical }
}

/// A named alignment guide, as SwiftUI's `AlignmentID`: a key and its default value for a view
/// of a size (points from the view's leading or top edge). Equal when their keys are.
///
/// `@unchecked Sendable`: `defaultValue` must be a pure function of the size (SwiftUI's
/// `AlignmentID.defaultValue(in:)` is a static requirement, so it captures nothing); every
/// built-in guide's is.
public struct AlignmentGuide: Hashable, @unchecked Sendable {
    public let key: ObjectIdentifier
    public let defaultValue: (Size) -> Double
    /// A custom guide aligns by its default values even when no child sets it (a built-in
    /// guide's default is the alignment's fraction, which a container applies itself).
    public let isCustom: Bool
    public init(key: ObjectIdentifier, isCustom: Bool, defaultValue: @escaping (Size) -> Double) {
        self.key = key; self.isCustom = isCustom; self.defaultValue = defaultValue
    }
    public static func == (a: AlignmentGuide, b: AlignmentGuide) -> Bool { a.key == b.key }
    public func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// A text baseline guide.
public enum Baseline: Hashable, Sendable { case first, last }
