import Foundation
import FrostGeometry

// Reproduces the compact pickers of iOS as they sit in a row: `DatePicker` (the label leading,
// the date — and time — in grey capsules trailing, as UIDatePicker's compact style shows them,
// formatted in the en_US_POSIX locale and UTC so a render is the same on every machine) and
// `ColorPicker` (the label leading, a 28 pt colour well trailing: the colour in a circle inside
// a ring). Opening them (calendars, colour grids) belongs to the interaction work.

/// Which parts of a date a picker shows, as SwiftUI's `DatePickerComponents`.
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let date = DatePickerComponents(rawValue: 1)
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// A date picker's style, as SwiftUI's `DatePickerStyle`.
public struct DatePickerStyle: Sendable {
    public static let automatic = DatePickerStyle(), compact = DatePickerStyle(), graphical = DatePickerStyle(), wheel = DatePickerStyle()
}

extension View {
    /// The style of date pickers below (accepted; they draw compact).
    public func datePickerStyle(_ style: DatePickerStyle) -> some View { self }
}

/// A date, as SwiftUI's `DatePicker` in its compact style.
public struct DatePicker<Label: View>: View {
    let selection: Binding<Date>
    let components: DatePickerComponents
    let label: Label

    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label) {
        self.selection = selection; components = displayedComponents; self.label = label()
    }
    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) { self.init(selection: selection, displayedComponents: displayedComponents, label: label) }
    public init(
        selection: Binding<Date>, in range: PartialRangeFrom<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) { self.init(selection: selection, displayedComponents: displayedComponents, label: label) }
    public init(
        selection: Binding<Date>, in range: PartialRangeThrough<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) { self.init(selection: selection, displayedComponents: displayedComponents, label: label) }

    static func format(_ date: Date, _ pattern: String) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = pattern
        return f.string(from: date)
    }

    public var body: some View {
        HStack(spacing: 6) {
            label
            Spacer(minLength: 8)
            if components.contains(.date) { pill(DatePicker.format(selection.wrappedValue, "MMM d, yyyy")) }
            if components.contains(.hourAndMinute) { pill(DatePicker.format(selection.wrappedValue, "h:mm a")) }
        }
    }

    func pill(_ text: String) -> some View {
        Text(verbatim: text)
            .padding(.horizontal, 11).padding(.vertical, 6)
            .background(Color.tertiarySystemFill, in: RoundedRectangle(cornerRadius: 6, style: .continuous))
    }
}

extension DatePicker where Label == Text {
    public init(_ title: some StringProtocol, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {
        self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) }
    }
    public init(
        _ title: some StringProtocol, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) { self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) } }
    public init(
        _ title: some StringProtocol, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) { self.init(selection: selection, displayedComponents: displayedComponents) { Text(title) } }
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) { self.init(selection: selection, displayedComponents: displayedComponents) { Text(titleKey) } }
}

/// A colour well, as SwiftUI's `ColorPicker`.
public struct ColorPicker<Label: View>: View {
    let selection: Binding<Color>
    let label: Label
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection; self.label = label()
    }
    public var body: some View {
        HStack {
            label
            Spacer(minLength: 8)
            ZStack {
                Circle().strokeBorder(
                    AngularGradient(colors: [.red, .yellow, .green, .cyan, .blue, .purple, .red], center: .center), lineWidth: 3)
                Circle().fill(selection.wrappedValue).padding(5)
            }
            .frame(width: 28, height: 28)
        }
    }
}

extension ColorPicker where Label == Text {
    public init(_ title: some StringProtocol, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }
}

/// A share button, as SwiftUI's `ShareLink`: the label (by default "Share" with the
/// square.and.arrow.up symbol) as a button; the share sheet belongs to the interaction work.
public struct ShareLink<Label: View>: View {
    let label: Label
    public init<Item>(item: Item, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) { self.label = label() }
    public init<Items: Sequence>(items: Items, subject: Text? = nil, message: Text? = nil, @ViewBuilder label: () -> Label) { self.label = label() }
    public var body: some View { Button(action: {}) { label } }
}

extension ShareLink where Label == SwiftUIShareLabel {
    public init<Item>(item: Item, subject: Text? = nil, message: Text? = nil) { label = Label("Share", systemImage: "square.and.arrow.up") }
    public init<Item>(_ title: some StringProtocol, item: Item, subject: Text? = nil, message: Text? = nil) {
        label = Label(title, systemImage: "square.and.arrow.up")
    }
    public init<Items: Sequence>(items: Items, subject: Text? = nil, message: Text? = nil) { label = Label("Share", systemImage: "square.and.arrow.up") }
}

/// ShareLink's default label.
public typealias SwiftUIShareLabel = Label<Text, Image>

/// Related controls side by side, as SwiftUI's `ControlGroup`.
public struct ControlGroup<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { HStack(spacing: 0) { content } }
}

/// A view redrawn on a schedule, as SwiftUI's `TimelineView`: in a host its content is drawn
/// for the host's epoch (``HostCore/timerEpoch``), the same on every run.
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: View {
    /// What the content is drawn for (not generic, so the content closure's type can be inferred).
    public typealias Context = TimelineViewDefaultContext
    let content: (Context) -> Content
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) { self.content = content }
    public var body: some View { content(Context(date: HostCore.timerEpoch, cadence: .live)) }
}

/// What a timeline's content is drawn for, as SwiftUI's `TimelineViewDefaultContext`.
public struct TimelineViewDefaultContext {
    public let date: Date
    public let cadence: Cadence
    public enum Cadence: Comparable, Sendable { case live, seconds, minutes }
}

/// When a timeline redraws, as SwiftUI's `TimelineSchedule`.
public protocol TimelineSchedule {}
public struct PeriodicTimelineSchedule: TimelineSchedule {
    public init(from startDate: Date, by interval: TimeInterval) {}
}
public struct EveryMinuteTimelineSchedule: TimelineSchedule { public init() {} }
public struct AnimationTimelineSchedule: TimelineSchedule {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
}
public struct ExplicitTimelineSchedule<Entries: Sequence>: TimelineSchedule where Entries.Element == Date {
    public init(_ dates: Entries) {}
}
extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule { .init(from: startDate, by: interval) }
}
extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { .init() }
}
extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { .init() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule { .init() }
}
