import FrostGeometry
import FrostLayout

// Reproduces SwiftUI's List, Form and Section on iOS 18, scrolling (a ScrollView inside) over
// the list background:
// - .insetGrouped (List's and Form's default): systemGroupedBackground; each section a card in
//   secondarySystemGroupedBackground with 10 pt continuous corners, inset 20 pt from the sides
//   on screens wider than 375 pt (16 pt on narrower ones); rows at least 44 pt tall, their
//   content as far in again and centred vertically with 6.5 pt above and below (10⅓ around
//   content taller than 32 pt);
//   hairline separators in the separator colour from the content's leading edge to the card's
//   trailing edge; section headers in footnote, upper-cased, secondary, 4⅔ pt above the card,
//   35 pt between sections; footers in footnote, secondary, 7 pt below the card and 14⅓ pt
//   above the next section's space.
// - .grouped: the same without the inset and corners. .plain: rows on systemBackground across
//   the width, separators inset 16 (20) pt, headers in .headline. .inset: plain rows inset as
//   the cards are. .sidebar: as .insetGrouped.
// Row modifiers: listRowBackground, listRowInsets, listRowSeparator(.hidden), badge;
// scrollContentBackground(.hidden) drops the list background. Controls in rows lay out as form
// rows (a picker shows its selection trailing). Apple publishes no list metrics: these are the
// common measurements of iOS 17–18.

/// A scrolling list of rows in sections, as SwiftUI's `List`.
public struct List<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let content: Content
    public typealias Body = Never
    /// Selection is accepted (rows are not drawn selected headlessly).
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) { self.content = content() }
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) { self.content = content() }

    func resolve(_ context: ResolveContext) -> [Element] {
        resolveView(_ListBody(content: AnyView(content), style: context.environment.listStyle ?? .insetGrouped), context.child("list"))
    }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension List where SelectionValue == Never {
    /// One row per element of `data` (Identifiable).
    public init<Data: RandomAccessCollection, RowContent: View>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
    where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        content = ForEach(data, content: rowContent)
    }
    /// One row per integer of `data` (`List(0..<5) { i in … }`).
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent> {
        content = ForEach(data, content: rowContent)
    }
    /// One row per element of `data`, identified by `id`.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    )
    where Content == ForEach<Data, ID, RowContent> {
        content = ForEach(data, id: id, content: rowContent)
    }
}

/// A form of grouped controls, as SwiftUI's `Form`: an inset grouped list.
public struct Form<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { _ListBody(content: AnyView(content), style: .insetGrouped) }
}

/// A section of a list or form, as SwiftUI's `Section`: outside a list, its header, content
/// and footer one above the other.
public struct Section<Parent: View, Content: View, Footer: View>: View, PrimitiveView {
    let header: Parent?, content: Content, footer: Footer?
    public typealias Body = Never
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.content = content(); self.header = header(); self.footer = footer()
    }
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) { self.header = header; self.footer = footer; self.content = content() }

    func resolve(_ context: ResolveContext) -> [Element] {
        guard context.environment.listStyle != nil else {
            return resolveView(
                VStack(alignment: .leading) {
                    header; content; footer
                }, context.child("section"))
        }
        // In a list: a marker the list lays out, carrying the three parts. Grouped headers are
        // footnote, upper-cased and secondary, plain ones .headline; footers footnote, secondary.
        var rows = context.child("rows")
        rows.environment.isInForm = true
        let plain = context.environment.listStyle == .plain
        var head = context.child("header"), foot = context.child("footer")
        head.environment.isInForm = false; foot.environment.isInForm = false
        if head.environment.font == nil { head.environment.font = plain ? .headline : .footnote }
        if !plain {
            if head.environment.textCase == nil { head.environment.textCase = .uppercase }
            if head.environment.foregroundStyle == nil { head.environment.foregroundStyle = AnyShapeStyle(HierarchicalShapeStyle.secondary) }
        }
        if foot.environment.font == nil { foot.environment.font = .footnote }
        if foot.environment.foregroundStyle == nil { foot.environment.foregroundStyle = AnyShapeStyle(HierarchicalShapeStyle.secondary) }
        // A section of many rows from data resolves only those the list shows (below).
        let lazy = (content as? _LazyRows).flatMap { $0.rowCount > _ListBody.eagerRows ? $0 : nil }
        var parts = ListSectionParts(
            header: header.map { resolveView($0, head) } ?? [],
            rows: lazy == nil ? resolveView(content, rows) : [],
            footer: footer.map { resolveView($0, foot) } ?? [])
        if let lazy { parts.lazy = (lazy, rows) }
        let marker = Element(context.identity, node: LayoutNode(.leaf { _ in .zero }, name: "Section"))
        marker.listSection = parts
        return [marker]
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.content = content(); header = nil; footer = nil }
}
extension Section where Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { self.content = content(); self.header = header(); footer = nil }
    public init(header: Parent, @ViewBuilder content: () -> Content) { self.header = header; self.content = content(); footer = nil }
}
extension Section where Parent == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) { self.content = content(); header = nil; self.footer = footer() }
    public init(footer: Footer, @ViewBuilder content: () -> Content) { self.footer = footer; self.content = content(); header = nil }
}
extension Section where Parent == Text, Footer == EmptyView {
    @_disfavoredOverload
    public init(_ title: some StringProtocol, @ViewBuilder content: () -> Content) { header = Text(title); self.content = content(); footer = nil }
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) { header = Text(titleKey); self.content = content(); footer = nil }
}

/// The background a scroll view's content sits on, for the bars over its edge.
struct ScrollEdgeBackgroundKey: PreferenceKey {
    static var defaultValue: Color? { nil }
    static func reduce(value: inout Color?, nextValue: () -> Color?) { value = value ?? nextValue() }
}

/// A section's resolved parts, on its marker element.
struct ListSectionParts {
    var header: [Element], rows: [Element], footer: [Element]
    /// Rows from data too many to resolve at once (over ``_ListBody/eagerRows``): the list
    /// resolves the ones near the screen (then in `rows`) and stands the rest in as space.
    var lazy: (rows: _LazyRows, context: ResolveContext)?
    /// Space for the lazy rows above and below those resolved, in points.
    var before = 0.0, after = 0.0
    /// Whether the resolved rows reach the section's end (its last row has no separator).
    var ends = true
}

/// What `listRow…` modifiers and `badge` say about a row.
struct ListRowTraits {
    var background: AnyView?
    var insets: EdgeInsets?
    var separatorHidden = false
    var badge: Text?
}

/// The list styles of iOS, as SwiftUI's `ListStyle` values.
public struct ListStyle: Hashable, Sendable {
    enum Kind: Hashable, Sendable { case insetGrouped, grouped, plain, inset }
    let kind: Kind
    public static let automatic = ListStyle(kind: .insetGrouped)
    public static let insetGrouped = ListStyle(kind: .insetGrouped)
    public static let grouped = ListStyle(kind: .grouped)
    public static let plain = ListStyle(kind: .plain)
    public static let inset = ListStyle(kind: .inset)
    /// Falls back to .insetGrouped (as on iPhone).
    public static let sidebar = ListStyle(kind: .insetGrouped)
}
/// Older spellings: `.listStyle(PlainListStyle())`.
public func PlainListStyle() -> ListStyle { .plain }
public func GroupedListStyle() -> ListStyle { .grouped }
public func InsetGroupedListStyle() -> ListStyle { .insetGrouped }
public func InsetListStyle() -> ListStyle { .inset }
public func SidebarListStyle() -> ListStyle { .sidebar }
public func DefaultListStyle() -> ListStyle { .automatic }

private enum ListStyleKey: EnvironmentKey { static var defaultValue: ListStyle.Kind? { nil } }
private enum ListChosenStyleKey: EnvironmentKey { static var defaultValue: ListStyle.Kind? { nil } }
private enum ScrollBackgroundKey: EnvironmentKey { static var defaultValue: Bool { true } }
extension EnvironmentValues {
    /// The style of the list being resolved (nil: not in a list).
    var listStyle: ListStyle.Kind? {
        get { self[ListStyleKey.self] }
        set { self[ListStyleKey.self] = newValue }
    }
    /// The style `.listStyle(_:)` chose for lists inside.
    var chosenListStyle: ListStyle.Kind? {
        get { self[ListChosenStyleKey.self] }
        set { self[ListChosenStyleKey.self] = newValue }
    }
    var showsScrollContentBackground: Bool {
        get { self[ScrollBackgroundKey.self] }
        set { self[ScrollBackgroundKey.self] = newValue }
    }
}

/// Whether content drew with a hidden or visible indicator, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable { case automatic, visible, hidden }

extension View {
    /// Lists inside draw in `style`.
    public func listStyle(_ style: ListStyle) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.chosenListStyle = style.kind })
    }
    /// This row's background in a list (in place of the card colour).
    public func listRowBackground<V: View>(_ view: V?) -> ModifiedContent<Self, _ListRowModifier> {
        modifier(_ListRowModifier { $0.background = view.map { AnyView($0) } })
    }
    /// This row's insets in a list (in place of 6.5 pt and the side margin).
    public func listRowInsets(_ insets: EdgeInsets?) -> ModifiedContent<Self, _ListRowModifier> {
        modifier(_ListRowModifier { $0.insets = insets })
    }
    /// Hides this row's separator.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> ModifiedContent<Self, _ListRowModifier> {
        modifier(_ListRowModifier { $0.separatorHidden = visibility == .hidden })
    }
    /// A count on this row (trailing, secondary; zero shows nothing), as on iOS.
    public func badge(_ count: Int) -> ModifiedContent<Self, _ListRowModifier> {
        modifier(_ListRowModifier { $0.badge = count == 0 ? nil : Text(verbatim: "\(count)") })
    }
    /// A label on this row (trailing, secondary).
    public func badge(_ label: Text?) -> ModifiedContent<Self, _ListRowModifier> { modifier(_ListRowModifier { $0.badge = label }) }
    @_disfavoredOverload
    public func badge(_ label: some StringProtocol) -> ModifiedContent<Self, _ListRowModifier> {
        let text = String(label)
        return modifier(_ListRowModifier { $0.badge = Text(verbatim: text) })
    }
    /// Whether scrollable content (a list) draws its background.
    public func scrollContentBackground(_ visibility: Visibility) -> ModifiedContent<Self, _EnvironmentModifier> {
        modifier(_EnvironmentModifier { $0.showsScrollContentBackground = visibility != .hidden })
    }
    /// Accepted for source compatibility: section spacing follows iOS's default.
    public func listSectionSpacing(_ spacing: CGFloat) -> Self { self }
    /// Accepted for source compatibility: section separators follow the list style.
    public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> Self { self }
    /// Accepted for source compatibility: sections are never collapsed.
    public func headerProminence(_ prominence: Prominence) -> Self { self }
}

/// Header prominence, accepted for source compatibility.
public enum Prominence: Hashable, Sendable { case standard, increased }

extension VerticalEdge {
    /// Top, bottom or both, as SwiftUI's `VerticalEdge.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1), bottom = Set(rawValue: 2), all: Set = [.top, .bottom]
    }
}

public struct _ListRowModifier: PrimitiveViewModifier {
    let change: (inout ListRowTraits) -> Void
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content { var t = e.listRow ?? ListRowTraits(); change(&t); e.listRow = t }
        return content
    }
}

/// The list's layout: sections (explicit, or runs of loose rows), in a scroll view.
struct _ListBody: View, PrimitiveView {
    let content: AnyView
    let style: ListStyle.Kind
    typealias Body = Never
    /// Data-driven lists longer than this resolve only the rows near the screen.
    static let eagerRows = 200
    /// Rows resolved beyond each edge of the screen.
    static let overscan = 8

    func resolve(_ context: ResolveContext) -> [Element] {
        let style = context.environment.chosenListStyle ?? self.style
        var inner = context.child("content")
        inner.environment.listStyle = style
        inner.environment.isInForm = true
        inner.environment.chosenListStyle = nil
        let env = context.environment
        let margin = ListMetrics.margin(screenWidth: Double(env.safeRect?.screen.width ?? 390))
        let grouped = style != .plain
        let inset = style == .insetGrouped || style == .inset
        // The scroll view's identity, which its offset is stored under.
        let scrollContext = context.child("scroll")
        var sections: [ListSectionParts] = []
        if let rows = content.view as? _LazyRows, rows.rowCount > _ListBody.eagerRows {
            // A long list of rows from data (`List(data)`, `List { ForEach(…) }`): one section.
            sections = [ListSectionParts(header: [], rows: [], footer: [], lazy: (rows, inner))]
        } else {
            let top = resolveView(content, inner)
            // Sections: markers as they are; loose rows between them form sections of their own.
            var loose: [Element] = []
            for e in top {
                if let s = e.listSection {
                    if !loose.isEmpty { sections.append(ListSectionParts(header: [], rows: loose, footer: [])); loose = [] }
                    sections.append(s)
                } else {
                    loose.append(e)
                }
            }
            if !loose.isEmpty { sections.append(ListSectionParts(header: [], rows: loose, footer: [])) }
        }
        // The width rows' content is proposed (the screen less the card's and the content's margins).
        let contentWidth = Double(env.safeRect?.safe.width ?? context.host.rootSize.width) - 2 * Double(margin) - (inset ? 2 * Double(margin) : 0)
        let contentProposal = ProposedSize(width: max(1, contentWidth), height: nil)
        /// A row's insets: its own, or the list's: 6.5 pt above and below a line of text or a
        /// control (a 31 pt switch, a 32 pt stepper or segmented picker: rows of 44–45 pt), and
        /// 10⅓ pt around anything taller (iOS 18 at 3×: a Grid of three rows and a label over its
        /// value at accessibility3 both sit 31 px inside their card, top and bottom). Where
        /// between 32 and 57 pt iOS changes over is not measured; FrostUI changes at 32.
        func rowInsets(_ e: Element) -> EdgeInsets {
            if let own = e.listRow?.insets { return own }
            let tall = e.node.sizeThatFits(contentProposal).height > 32 + 1e-6
            let v: CGFloat = tall ? 31.0 / 3 : 6.5
            return EdgeInsets(top: v, leading: margin, bottom: v, trailing: margin)
        }
        if sections.contains(where: { $0.lazy != nil }) {
            // Only the rows around what is on screen resolve, placed by an estimated row height
            // (each lazy section's first row's), as UITableView places rows by
            // estimatedRowHeight; the rest is space. Everything else is measured as laid out.
            let proposal = contentProposal
            func height(_ elements: [Element]) -> Double { elements.map { $0.node.sizeThatFits(proposal).height }.reduce(0, +) }
            func rowHeight(_ e: Element) -> Double {
                let insets = rowInsets(e)
                return max(44, height([e]) + Double(insets.top + insets.bottom))
            }
            let viewport = max(100, context.host.rootSize.height)
            // Each section's extent before its rows (spacing and header) and after (footer).
            func top(_ s: ListSectionParts) -> Double {
                grouped ? (s.header.isEmpty ? 35 : 17 + height(s.header) + ListMetrics.headerGap) : (s.header.isEmpty ? 0 : 12 + height(s.header))
            }
            func bottom(_ s: ListSectionParts) -> Double { s.footer.isEmpty ? 0 : 7 + height(s.footer) + (grouped ? ListMetrics.afterFooter : 0) }
            var estimates: [(first: [Element], h: Double)?] = []
            var total = grouped ? 35.0 : 0
            for s in sections {
                total += top(s) + bottom(s)
                if let lazy = s.lazy {
                    let first = lazy.rows.resolveRows(0..<1, lazy.context)
                    let h = first.first.map(rowHeight) ?? 44
                    estimates.append((first, h))
                    total += Double(lazy.rows.rowCount) * h
                } else {
                    estimates.append(nil)
                    total += s.rows.map(rowHeight).reduce(0, +)
                }
            }
            // The offset as the scroll view clamps it (a host may ask for any).
            let asked = context.host.scrollState.offsets[scrollContext.identity]?.y ?? 0
            let offset = max(0, min(asked, total - viewport))
            var y = 0.0
            for i in sections.indices {
                y += top(sections[i])
                if let lazy = sections[i].lazy, let (first, h) = estimates[i] {
                    let count = lazy.rows.rowCount
                    let start = min(count, max(0, Int(((offset - y) / h).rounded(.down)) - _ListBody.overscan))
                    let end = min(count, max(start, Int(((offset + viewport - y) / h).rounded(.up)) + _ListBody.overscan))
                    sections[i].rows =
                        start == end
                        ? [] : start == 0 ? first + lazy.rows.resolveRows(1..<max(1, end), lazy.context) : lazy.rows.resolveRows(start..<end, lazy.context)
                    sections[i].before = Double(start) * h
                    sections[i].after = Double(count - end) * h
                    sections[i].ends = end == count
                    y += Double(count) * h
                } else {
                    y += sections[i].rows.map(rowHeight).reduce(0, +)
                }
                y += bottom(sections[i])
            }
            // Scrolling moves the window: the list resolves again when the offset changes.
            context.host.pass.scrollObserved = true
        }

        let cardColour: Color = grouped ? .secondarySystemGroupedBackground : .systemBackground
        let background: Color = grouped && style != .inset ? .systemGroupedBackground : .systemBackground
        let hairline = 1 / CGFloat(env.displayScale)

        func row(_ e: Element, last: Bool) -> some View {
            let traits = e.listRow ?? ListRowTraits()
            let insets = rowInsets(e)
            return HStack(spacing: 8) {
                _Resolved([e])
                if let badge = traits.badge { Spacer(minLength: 0); badge.foregroundStyle(.secondary) }
            }
            .frame(maxWidth: .infinity, minHeight: 44 - insets.top - insets.bottom, alignment: .leading)
            .padding(insets)
            .background { traits.background ?? AnyView(cardColour) }
            .overlay(alignment: .bottom) {
                if !last && !traits.separatorHidden {
                    Rectangle().fill(Color.separator).frame(height: hairline).padding(.leading, insets.leading)
                }
            }
        }
        func card(_ rows: [Element], before: Double = 0, after: Double = 0, ends: Bool = true) -> some View {
            let stack = VStack(spacing: 0) {
                if before > 0 { cardColour.frame(height: CGFloat(before)) }
                ForEach(0..<rows.count, id: \.self) { i in row(rows[i], last: ends && i == rows.count - 1) }
                if after > 0 { cardColour.frame(height: CGFloat(after)) }
            }
            return Group {
                if inset {
                    stack.clipShape(RoundedRectangle(cornerRadius: style == .inset ? 0 : 10, style: .continuous)).padding(.horizontal, margin)
                } else {
                    stack
                }
            }
        }
        func header(_ parts: [Element]) -> some View {
            VStack(alignment: .leading, spacing: 0) { ForEach(0..<parts.count, id: \.self) { _Resolved([parts[$0]]) } }
                .frame(maxWidth: .infinity, alignment: .leading)
                .padding(.horizontal, (inset ? margin : 0) + margin)
        }
        let scroll = ScrollView {
            VStack(spacing: 0) {
                ForEach(0..<sections.count, id: \.self) { i in
                    let s = sections[i]
                    if grouped {
                        // 35 pt above each section; a header sits in it, 4⅔ pt above the card.
                        if s.header.isEmpty {
                            Color.clear.frame(height: 35)
                        } else {
                            header(s.header).padding(.top, 17).padding(.bottom, ListMetrics.headerGap)
                        }
                    } else if !s.header.isEmpty {
                        header(s.header).padding(.vertical, 6).background(Color.systemBackground)
                    }
                    card(s.rows, before: s.before, after: s.after, ends: s.ends)
                    if !s.footer.isEmpty {
                        header(s.footer).padding(.top, 7).padding(.bottom, grouped ? ListMetrics.afterFooter : 0)
                    }
                }
                if grouped { Color.clear.frame(height: 35) }
            }
        }
        // The scroll view resolves at a known identity (where its offset is kept).
        let scrolled = resolveView(scroll, scrollContext)
        let view = _Resolved(scrolled)
            .background { env.showsScrollContentBackground ? AnyView(background.ignoresSafeArea()) : AnyView(Color.clear) }
            // The colour at the scroll edge, which a navigation bar shows through (iOS 15+).
            .preference(key: ScrollEdgeBackgroundKey.self, value: env.showsScrollContentBackground ? background : nil)
        var outer = context.child("layout")
        outer.environment.listStyle = nil
        return resolveView(view, outer)
    }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum ListRowTrait: ElementTraitKey {
    static var defaultValue: ListRowTraits? { nil }
}

extension Element {
    /// What listRow modifiers and `badge` set on this view as a list row.
    var listRow: ListRowTraits? {
        get { traits[ListRowTrait.self] }
        set { traits[ListRowTrait.self] = newValue }
    }
}

enum ListSectionTrait: ElementTraitKey {
    static var defaultValue: ListSectionParts? { nil }
}

extension Element {
    /// A list section marker's parts (header, rows, footer).
    var listSection: ListSectionParts? {
        get { traits[ListSectionTrait.self] }
        set { traits[ListSectionTrait.self] = newValue }
    }
}

/// Measured list metrics that depend on the screen.
enum ListMetrics {
    /// The side margin of inset cards and of row content: 20 pt on screens wider than 375 pt, 16
    /// on the 320–375 pt phones (iOS 18 at 390 pt draws the card 60 px from the edge at 3× and its
    /// content 20 pt inside: SpeziViews' list row; iOS 15's settings form at 390 pt agrees).
    static func margin(screenWidth: Double) -> CGFloat { screenWidth > 375 ? 20 : 16 }
    /// Between a section header's line and its card: iOS 18 at 3× starts the card 27 px below
    /// the header's baseline (SpeziViews' inline picker), 4⅔ pt below the footnote line box.
    static let headerGap: CGFloat = 14.0 / 3
    /// Below a footer, before the next section's header space: iOS 15's settings form at 1× is
    /// 95 px from card to card across a one-line header and a two-line footer (7 pt above the
    /// footer; 17 pt above the header, the header, 4⅔ pt).
    static let afterFooter: CGFloat = 43.0 / 3
}
