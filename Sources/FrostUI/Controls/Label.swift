import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's Label: a title and an icon (an SF Symbol, an image or any view) side by
// side, 8 pt apart and centred vertically, drawn by the label style in the environment
// (.automatic, .titleAndIcon, .titleOnly, .iconOnly, or a custom LabelStyle). In lists and forms
// the icon sits in a fixed column (List.swift).

/// A title with an icon, as SwiftUI's `Label`.
public struct Label<Title: View, Icon: View>: View, PrimitiveView {
    let title: Title
    let icon: Icon
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) { self.title = title(); self.icon = icon() }
    public typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let configuration = LabelStyleConfiguration(title: .init(content: AnyView(title)), icon: .init(content: AnyView(icon)))
        let styled = context.environment.labelStyle?.make(configuration) ?? AnyView(DefaultLabelStyle().makeBody(configuration: configuration))
        return resolveView(styled, context.child("label"))
    }
}

extension Label where Title == Text, Icon == Image {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, systemImage: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: systemImage) })
    }
    public init(_ titleKey: LocalizedStringKey, systemImage: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: systemImage) })
    }
    /// A title and an image file's picture.
    public init(_ title: some StringProtocol, imageFile path: String) {
        self.init(title: { Text(title) }, icon: { Image(contentsOfFile: path) })
    }
}

/// What a label style gets, as SwiftUI's `LabelStyleConfiguration`.
public struct LabelStyleConfiguration {
    public typealias Title = _StyleContent
    public typealias Icon = _StyleContent
    public let title: Title
    public let icon: Icon
}

/// How a label arranges its title and icon, as SwiftUI's `LabelStyle`.
public protocol LabelStyle {
    associatedtype Body: View
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    typealias Configuration = LabelStyleConfiguration
}

struct AnyLabelStyle {
    let make: (LabelStyleConfiguration) -> AnyView
    init<S: LabelStyle>(_ style: S) { make = { AnyView(style.makeBody(configuration: $0)) } }
}

private enum LabelStyleKey: EnvironmentKey { static var defaultValue: AnyLabelStyle? { nil } }
extension EnvironmentValues {
    var labelStyle: AnyLabelStyle? {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }
}

extension View {
    /// Labels inside draw with `style`.
    public func labelStyle<S: LabelStyle>(_ style: S) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.labelStyle = AnyLabelStyle(style) })
    }
}

/// Icon then title (iOS's automatic label style outside toolbars); in list and form rows the
/// icon takes the tint unless a foreground style is set, as iOS draws it.
public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 8) {
            _RowIcon(icon: configuration.icon); configuration.title
        }
    }
}

struct _RowIcon: View, PrimitiveView {
    let icon: LabelStyleConfiguration.Icon
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        var c = context
        if c.environment.isInForm, c.environment.foregroundStyle == nil {
            c.environment.foregroundStyle = c.environment.tint ?? AnyShapeStyle(Color.accentColor)
        }
        return resolveView(icon, c)
    }
}
public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { DefaultLabelStyle().makeBody(configuration: configuration) }
}
public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.title }
}
public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}
extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: DefaultLabelStyle { DefaultLabelStyle() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() } }
