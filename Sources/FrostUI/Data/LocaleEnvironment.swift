import Foundation

// Reproduces SwiftUI's `\.locale`, `\.calendar` and `\.timeZone` environment values, which app
// code sets in previews of its localisations. FrostUI's text formatting (dates, numbers) stays in
// US English on UTC so that a render never depends on the machine's LANG or TZ; these values are
// what views read, and setting the locale does not change the layout direction (in SwiftUI
// neither: `\.layoutDirection` does that).

extension EnvironmentValues {
    /// The locale views read: US English unless set (a host is an iPhone set to the US, so renders
    /// are the same on every machine).
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
    /// The calendar views read: Gregorian unless set.
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
    /// The time zone views read: UTC unless set.
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}

private enum LocaleKey: EnvironmentKey { static var defaultValue: Locale { Locale(identifier: "en_US") } }
private enum CalendarKey: EnvironmentKey { static var defaultValue: Calendar { Calendar(identifier: .gregorian) } }
private enum TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { TimeZone(identifier: "UTC")! } }
