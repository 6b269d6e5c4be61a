import Foundation
import FrostGeometry

// SwiftUI modifiers app code writes whose effect a still frame of a headless host does not show
// (accessibility, focus, hit testing, hover, keyboard shortcuts, haptics, drag and drop, URL
// handling, pull to refresh, swipe actions, context menus, content effects while nothing
// changes) or that belong to the interaction work
// (search fields, editing). Each compiles with SwiftUI's signature and leaves the view's pixels
// as SwiftUI's would be at rest, with nothing focused, hovered, pressed or open.

/// Whether text can be selected, as SwiftUI's `TextSelectability`.
public protocol TextSelectability {}
public struct EnabledTextSelectability: TextSelectability { public init() {} }
public struct DisabledTextSelectability: TextSelectability { public init() {} }
extension TextSelectability where Self == EnabledTextSelectability { public static var enabled: EnabledTextSelectability { .init() } }
extension TextSelectability where Self == DisabledTextSelectability { public static var disabled: DisabledTextSelectability { .init() } }

/// A haptic, as SwiftUI's `SensoryFeedback` (iOS 17).
public struct SensoryFeedback: Equatable, Sendable {
    let name: String
    public static let success = SensoryFeedback(name: "success"), warning = SensoryFeedback(name: "warning"), error = SensoryFeedback(name: "error")
    public static let selection = SensoryFeedback(name: "selection"), increase = SensoryFeedback(name: "increase")
    public static let decrease = SensoryFeedback(name: "decrease"), start = SensoryFeedback(name: "start"), stop = SensoryFeedback(name: "stop")
    public static let alignment = SensoryFeedback(name: "alignment"), levelChange = SensoryFeedback(name: "levelChange")
    public static let impact = SensoryFeedback(name: "impact")
    public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { .impact }
    public static func impact(flexibility: Flexibility, intensity: Double = 1) -> SensoryFeedback { .impact }
    public struct Weight: Equatable, Sendable {
        public static let light = Weight(), medium = Weight(), heavy = Weight()
    }
    public struct Flexibility: Equatable, Sendable {
        public static let rigid = Flexibility(), solid = Flexibility(), soft = Flexibility()
    }
}

/// A keyboard key, as SwiftUI's `KeyEquivalent`.
public struct KeyEquivalent: Hashable, Sendable, ExpressibleByExtendedGraphemeClusterLiteral {
    public let character: Character
    public init(_ character: Character) { self.character = character }
    public init(extendedGraphemeClusterLiteral value: Character) { character = value }
    public static let `return` = KeyEquivalent("\r"), escape = KeyEquivalent("\u{1B}"), delete = KeyEquivalent("\u{8}")
    public static let space = KeyEquivalent(" "), tab = KeyEquivalent("\t")
    public static let upArrow = KeyEquivalent("\u{F700}"), downArrow = KeyEquivalent("\u{F701}")
    public static let leftArrow = KeyEquivalent("\u{F702}"), rightArrow = KeyEquivalent("\u{F703}")
}

/// Modifier keys, as SwiftUI's `EventModifiers`.
public struct EventModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let command = EventModifiers(rawValue: 1), shift = EventModifiers(rawValue: 2), option = EventModifiers(rawValue: 4)
    public static let control = EventModifiers(rawValue: 8), capsLock = EventModifiers(rawValue: 16), numericPad = EventModifiers(rawValue: 32)
    public static let all: EventModifiers = [.command, .shift, .option, .control, .capsLock, .numericPad]
}

/// Where a search field sits, as SwiftUI's `SearchFieldPlacement`.
public struct SearchFieldPlacement: Sendable {
    public static let automatic = SearchFieldPlacement(), toolbar = SearchFieldPlacement(), sidebar = SearchFieldPlacement()
    public static let navigationBarDrawer = SearchFieldPlacement()
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement { SearchFieldPlacement() }
    public enum NavigationBarDrawerDisplayMode: Sendable { case automatic, always }
}

/// A hover effect, as SwiftUI's `HoverEffect`.
public struct HoverEffect: Sendable {
    public static let automatic = HoverEffect(), highlight = HoverEffect(), lift = HoverEffect()
}

/// A focus binding, as SwiftUI's `@FocusState`: nothing is focused in a host (no keyboard).
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    let location: StateLocation<Value>
    public init() where Value == Bool { location = StateLocation(false) }
    public init<T: Hashable>() where Value == T? { location = StateLocation(nil) }
    public var wrappedValue: Value {
        get { location.box.value }
        nonmutating set { location.box.value = newValue }
    }
    public var projectedValue: Binding { Binding(location: location) }

    /// A focus state's binding, as SwiftUI's `FocusState.Binding`.
    @propertyWrapper
    public struct Binding {
        let location: StateLocation<Value>
        public var wrappedValue: Value {
            get { location.box.value }
            nonmutating set { location.box.value = newValue }
        }
        public var projectedValue: Binding { self }
    }
}

extension View {
    // Geometry and content effects at rest.
    /// Whether the text can be selected.
    public func textSelection<S: TextSelectability>(_ selectability: S) -> some View { self }

    // Haptics and hardware.
    /// Plays a haptic when `trigger` changes (a host has none).
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T, condition: @escaping (T, T) -> Bool) -> some View { self }
    public func keyboardShortcut(_ key: KeyEquivalent, modifiers: EventModifiers = .command) -> some View { self }
    public func hoverEffect(_ effect: HoverEffect = .automatic, isEnabled: Bool = true) -> some View { self }
    public func onHover(perform action: @escaping (Bool) -> Void) -> some View { self }
    public func help(_ text: String) -> some View { self }
    public func help(_ text: Text) -> some View { self }

    // Focus and hit testing.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View { self }
    public func focused<V: Hashable>(_ binding: FocusState<V?>.Binding, equals value: V) -> some View { self }

    // Accessibility (no assistive technology reads a headless host).
    public func accessibilityLabel(_ label: String) -> some View { self }
    public func accessibilityLabel(_ label: Text) -> some View { self }
    public func accessibilityLabel(_ label: LocalizedStringKey) -> some View { self }
    public func accessibilityHint(_ hint: String) -> some View { self }
    public func accessibilityHint(_ hint: Text) -> some View { self }
    public func accessibilityValue(_ value: String) -> some View { self }
    public func accessibilityValue(_ value: Text) -> some View { self }
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View { self }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    public func accessibilityAction(named name: String, _ handler: @escaping () -> Void) -> some View { self }
    public func accessibilityAction(_ handler: @escaping () -> Void) -> some View { self }
    public func accessibilitySortPriority(_ priority: Double) -> some View { self }
    public func accessibilityShowsLargeContentViewer() -> some View { self }

    // System chrome and app events.
    public func statusBarHidden(_ hidden: Bool = true) -> some View { self }
    public func persistentSystemOverlays(_ visibility: Visibility) -> some View { self }
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { self }
    public func privacySensitive(_ sensitive: Bool = true) -> some View { self }
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View { self }
    public func containerShape<S: Shape>(_ shape: S) -> some View { self }

    // Lists and editing.
    /// Pull to refresh (runs when pulled; a host never pulls).
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { self }
    /// A search field (drawn by the interaction work; accepted here).
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: String? = nil) -> some View { self }
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text?) -> some View { self }
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View { self }
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: String? = nil
    )
        -> some View
    { self }
    public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View { self }

    // Drag and drop, files.
    public func draggable<T>(_ payload: @autoclosure @escaping () -> T) -> some View { self }
    public func fileImporter(isPresented: Binding<Bool>, allowedContentTypes: [Any], onCompletion: @escaping (Result<URL, Error>) -> Void) -> some View {
        self
    }
}

extension ForEach {
    /// Reordering by drag (a host never drags).
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ForEach { self }
}

/// How scrolling dismisses the keyboard, as SwiftUI's `ScrollDismissesKeyboardMode`.
public struct ScrollDismissesKeyboardMode: Sendable {
    public static let automatic = ScrollDismissesKeyboardMode(), immediately = ScrollDismissesKeyboardMode()
    public static let interactively = ScrollDismissesKeyboardMode(), never = ScrollDismissesKeyboardMode()
}

/// Accessibility traits, as SwiftUI's `AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isButton = AccessibilityTraits(rawValue: 1), isHeader = AccessibilityTraits(rawValue: 2)
    public static let isSelected = AccessibilityTraits(rawValue: 4), isLink = AccessibilityTraits(rawValue: 8)
    public static let isImage = AccessibilityTraits(rawValue: 16), isStaticText = AccessibilityTraits(rawValue: 32)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 64), updatesFrequently = AccessibilityTraits(rawValue: 128)
    public static let isModal = AccessibilityTraits(rawValue: 256), isToggle = AccessibilityTraits(rawValue: 512)
}

/// How an accessibility element treats its children, as SwiftUI's `AccessibilityChildBehavior`.
public struct AccessibilityChildBehavior: Sendable {
    public static let ignore = AccessibilityChildBehavior(), combine = AccessibilityChildBehavior(), contain = AccessibilityChildBehavior()
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (what `onDelete` hands over), as SwiftUI adds it.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() { remove(at: index(startIndex, offsetBy: offset)) }
    }
}

extension MutableCollection where Self: RangeReplaceableCollection {
    /// Moves the elements at `source` to before `destination` (what `onMove` hands over), as SwiftUI adds it.
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.map { self[index(startIndex, offsetBy: $0)] }
        let before = source.filter { $0 < destination }.count
        remove(atOffsets: source)
        let at = index(startIndex, offsetBy: destination - before)
        insert(contentsOf: moving, at: at)
    }
}

/// How a paged TabView's page dots draw, as SwiftUI's `IndexViewStyle` (accepted).
public struct IndexViewStyle: Sendable {
    /// Whether the dots have a backdrop, as SwiftUI's `PageIndexViewStyle.BackgroundDisplayMode`.
    public enum BackgroundDisplayMode: Sendable { case automatic, always, never, interactive }
    public static let page = IndexViewStyle()
    public static func page(backgroundDisplayMode: BackgroundDisplayMode) -> IndexViewStyle { IndexViewStyle() }
}

extension View {
    /// The page dots' style (accepted).
    public func indexViewStyle(_ style: IndexViewStyle) -> some View { self }
    /// Hides the labels of controls below (accepted: FrostUI's controls draw their labels).
    public func labelsHidden() -> some View { self }
}
