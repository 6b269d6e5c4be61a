import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's TabView on iPhone, iOS 18: the selected tab fills the space above the
// tab bar; the bar is 49 pt tall plus the bottom safe area, in the .bar material (or the
// selected tab's `toolbarBackground(_:for: .tabBar)`) with a separator hairline on top; items
// share the width equally, each its symbol (at 18 pt, imageScale .large) above its title (10 pt
// medium), the selected one in the tint and the others in systemGray; `.badge` draws a red count
// at the icon's top trailing corner. Tabs come from `.tabItem { Label(…) }` with `.tag(…)`, or
// iOS 18's `Tab(_:systemImage:value:)`. A host taps a tab by its title. `.tabViewStyle(.page)`
// shows the selected page with page dots instead of the bar. Tab switches are not animated.
// The bar is transparent unless content lies beneath it (TabBarScroll.swift).

/// Tabs with a tab bar, as SwiftUI's `TabView`.
public struct TabView<SelectionValue: Hashable, Content: View>: View {
    let selection: Binding<SelectionValue>?
    let content: Content
    @State private var chosen: AnyHashable?
    @State private var record = TabBarRecord()
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) { self.selection = selection; self.content = content() }
    public var body: some View {
        let own = $chosen
        let binding: Binding<AnyHashable?> =
            selection.map { s in
                Binding(get: { AnyHashable(s.wrappedValue) }, set: { v in if let v = v?.base as? SelectionValue { s.wrappedValue = v } })
            } ?? own
        return _TabViewBody(content: AnyView(content), selection: binding, record: record)
    }
}

extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) { selection = nil; self.content = content() }
}

/// A tab, as iOS 18's `Tab`: a title, a symbol, a value, its content.
public struct Tab<Value: Hashable, Content: View>: View {
    let title: String, systemImage: String?, value: Value?, content: Content
    public init(_ title: some StringProtocol, systemImage: String, value: Value, @ViewBuilder content: () -> Content) {
        self.title = String(title); self.systemImage = systemImage; self.value = value; self.content = content()
    }
    public var body: some View {
        let item = content.tabItem { Label(title, systemImage: systemImage ?? "circle") }
        if let value { item.tag(value) } else { item }
    }
}

extension Tab where Value == Never {
    public init(_ title: some StringProtocol, systemImage: String, @ViewBuilder content: () -> Content) {
        self.title = String(title); self.systemImage = systemImage; value = nil; self.content = content()
    }
}

/// What a tab shows in the bar.
struct TabItemTraits {
    var item: AnyView
    var badge: Text?
}

extension View {
    /// This tab's item in the tab bar: a Label (symbol and title), or a Text and an Image.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> ModifiedContent<Self, _TabItemModifier> {
        modifier(_TabItemModifier(item: AnyView(label())))
    }
    /// Tab views inside show pages instead of a bar when `style` is `.page`.
    public func tabViewStyle(_ style: TabViewStyle) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.tabViewPaged = style == .page })
    }
}

public struct _TabItemModifier: PrimitiveViewModifier {
    let item: AnyView
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content { e.tabItem = TabItemTraits(item: item, badge: e.tabItem?.badge ?? e.listRow?.badge) }
        return content
    }
}

/// The tab view styles, as SwiftUI's `TabViewStyle` values.
public struct TabViewStyle: Hashable, Sendable {
    let paged: Bool
    public static let automatic = TabViewStyle(paged: false)
    public static let tabBarOnly = TabViewStyle(paged: false)
    public static let page = TabViewStyle(paged: true)
    public static func page(indexDisplayMode: PageIndexDisplayMode) -> TabViewStyle { TabViewStyle(paged: true) }
    public enum PageIndexDisplayMode: Sendable { case automatic, always, never }
}

private enum PagedKey: EnvironmentKey { static var defaultValue: Bool { false } }
extension EnvironmentValues {
    var tabViewPaged: Bool {
        get { self[PagedKey.self] }
        set { self[PagedKey.self] = newValue }
    }
}

struct _TabViewBody: View, PrimitiveView {
    let content: AnyView
    let selection: Binding<AnyHashable?>
    let record: TabBarRecord
    typealias Body = Never

    func resolve(_ context: ResolveContext) -> [Element] {
        let env = context.environment
        var inner = context.child("tabs")
        inner.environment.tabViewPaged = false
        let paged = env.tabViewPaged
        // The tabs' scroll views as last laid out: this resolve registers them again.
        let previousScrolls = record.scrolls
        record.scrolls = []
        if !paged { inner.environment.tabBarUnder = TabBarUnder(record: record) }
        let tabs = resolveView(content, inner)
        guard !tabs.isEmpty else { return [] }
        // Tags, or positions for untagged tabs.
        let tags: [AnyHashable] = tabs.enumerated().map { $0.element.tag ?? AnyHashable($0.offset) }
        let selected = tags.firstIndex { $0 == selection.wrappedValue } ?? 0
        let binding = selection
        let page = _Resolved([tabs[selected]]).frame(maxWidth: .infinity, maxHeight: .infinity)
        let view: AnyView
        if paged {
            record.barFrame = nil
            view = AnyView(
                page.overlay(alignment: .bottom) {
                    HStack(spacing: 9) {
                        ForEach(0..<tabs.count, id: \.self) { i in
                            Circle().fill(Color.primary.opacity(i == selected ? 1 : 0.3)).frame(width: 7, height: 7)
                        }
                    }
                    .padding(.bottom, 12)
                })
        } else {
            let tint: AnyShapeStyle = env.tint ?? AnyShapeStyle(Color.accentColor)
            // The bar's background: the selected tab's `toolbarBackground(_:for: .tabBar)`, else .bar.
            let barStyle = preferenceValue(BarBackgroundKey.self, of: [tabs[selected]])["tabBar"] ?? AnyShapeStyle(MaterialStyle.bar)
            // Transparent at the scroll edge, the material while content lies beneath.
            let visibility = preferenceValue(BarVisibilityKey.self, of: [tabs[selected]])["tabBar"] ?? .automatic
            let opacity = record.backgroundOpacity(visibility, scrolls: previousScrolls)
            // Scrolling the selected tab reshapes the bar: scrolls resolve again.
            if !record.scrolls.isEmpty { context.host.pass.scrollObserved = true }
            let safe = env.safeRect
            let bar = HStack(spacing: 0) {
                ForEach(0..<tabs.count, id: \.self) { i in
                    _TabBarItem(
                        traits: tabs[i].tabItem.map {
                            var t = $0; t.badge = t.badge ?? tabs[i].listRow?.badge; return t
                        }, style: i == selected ? tint : AnyShapeStyle(Color.gray)
                    ) { binding.wrappedValue = tags[i] }
                }
            }
            .frame(height: 49, alignment: .top)
            .frame(maxWidth: .infinity)
            .background(alignment: .top) {
                if opacity > 0 {
                    ZStack(alignment: .top) {
                        Rectangle().fill(barStyle).ignoresSafeArea(edges: .bottom)
                        Rectangle().fill(Color.separator).frame(height: 1 / CGFloat(env.displayScale))
                    }
                    .opacity(opacity)
                }
            }
            .modifier(
                _LayoutFrameRecorder { [weak host = context.host] f in
                    record.recordBar(f, safe: safe)
                    // The first layout, or a tab switch, may put different content under the bar.
                    if abs(record.backgroundOpacity(visibility, scrolls: record.scrolls) - opacity) > 1e-9 { host?.pass.layoutChangedReaders = true }
                })
            // A transparent bar shows the colour at the tab's scroll edge (a grouped list's
            // background runs down behind it and the home indicator).
            let edge = preferenceValue(ScrollEdgeBackgroundKey.self, of: [tabs[selected]])
            view = AnyView(
                page.safeAreaInset(edge: .bottom, spacing: 0) { bar }
                    .background { if let edge { edge.ignoresSafeArea() } })
        }
        return resolveView(view, context.child("tabview"))
    }
}

/// One item of the tab bar: the symbol over the title, tappable by the title.
struct _TabBarItem: View, PrimitiveView {
    let traits: TabItemTraits?
    let style: AnyShapeStyle
    let select: () -> Void
    typealias Body = Never
    func resolve(_ context: ResolveContext) -> [Element] {
        let badge = traits?.badge
        let view = VStack(spacing: 2) {
            (traits?.item ?? AnyView(EmptyView()))
                .labelStyle(_TabItemLabelStyle())
                .overlay(alignment: .topTrailing) {
                    if let badge {
                        badge.font(.system(size: 13)).foregroundStyle(Color.white)
                            .padding(.horizontal, 5).frame(minWidth: 18, minHeight: 18)
                            .background(Color.red, in: Capsule())
                            .offset(x: 10, y: -2)
                    }
                }
        }
        .foregroundStyle(style)
        .padding(.top, 7)
        .frame(maxWidth: .infinity)
        // Found by its title alone (not the badge's count).
        let element = oneElement(resolveView(view, context.child("item")), context)
        element.tap = (labelText(traits?.item ?? AnyView(EmptyView()), context), select)
        return [element]
    }
}

/// A tab item's label: the symbol (18 pt, large scale) over the title (10 pt medium).
struct _TabItemLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 2) {
            configuration.icon.font(.system(size: 18)).imageScale(.large).frame(height: 25)
            configuration.title.font(.system(size: 10, weight: .medium))
        }
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum TabItemTrait: ElementTraitKey {
    static var defaultValue: TabItemTraits? { nil }
}

extension Element {
    /// This view's item in a tab bar (`tabItem`).
    var tabItem: TabItemTraits? {
        get { traits[TabItemTrait.self] }
        set { traits[TabItemTrait.self] = newValue }
    }
}
