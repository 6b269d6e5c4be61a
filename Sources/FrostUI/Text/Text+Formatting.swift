import Foundation

// Reproduces SwiftUI's formatted text initialisers: `Text(date, style:)` (date, time, relative,
// offset, timer), `Text(_:format:)` (Foundation format styles: `.number`, `.currency(code:)`,
// `.percent`, dates…), `Text(_:formatter:)`, and `Text(timerInterval:)`. Dates print in
// en_US_POSIX and UTC so a render is the same on every machine (SwiftUI uses the device's locale
// and time zone); relative styles measure from the host's epoch (`HostCore.timerEpoch`), not the
// wall clock, for the same reason.

extension Text {
    /// How `Text(_:style:)` shows a date, as SwiftUI's `Text.DateStyle`.
    public struct DateStyle: Sendable, Equatable {
        let kind: Int
        /// "January 1, 2026".
        public static let date = DateStyle(kind: 0)
        /// "9:41 AM".
        public static let time = DateStyle(kind: 1)
        /// "2 hours, 5 minutes", from now (the host's epoch).
        public static let relative = DateStyle(kind: 2)
        /// "+2 hours", from now.
        public static let offset = DateStyle(kind: 3)
        /// "2:05:00", counting from now.
        public static let timer = DateStyle(kind: 4)
    }

    /// `date` shown in `style`.
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: Text.format(date, style))
    }

    /// `value` formatted by a Foundation format style (`Text(price, format: .currency(code: "USD"))`).
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(verbatim: format.locale(Locale(identifier: "en_US")).format(input))
    }

    /// `subject` formatted by a Foundation formatter.
    public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }

    /// A count-down or count-up between two dates, as of now (the host's epoch).
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        let now = pauseTime ?? HostCore.timerEpoch
        let seconds = countsDown ? timerInterval.upperBound.timeIntervalSince(now) : now.timeIntervalSince(timerInterval.lowerBound)
        self.init(verbatim: Text.clock(max(0, seconds), showsHours: showsHours))
    }

    static func format(_ date: Date, _ style: DateStyle) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        switch style.kind {
        case 0:
            f.dateFormat = "MMMM d, yyyy"
            return f.string(from: date)
        case 1:
            f.dateFormat = "h:mm a"
            return f.string(from: date)
        case 4: return clock(abs(date.timeIntervalSince(HostCore.timerEpoch)), showsHours: true)
        default:
            let delta = date.timeIntervalSince(HostCore.timerEpoch)
            // The two largest units, spelled out, as DateComponentsFormatter's full style.
            var rest = Int(abs(delta).rounded(.down))
            let units: [(String, Int)] = [("year", 31_536_000), ("month", 2_592_000), ("day", 86_400), ("hour", 3600), ("minute", 60), ("second", 1)]
            var parts: [String] = []
            for (name, size) in units where parts.count < 2 {
                let n = rest / size
                guard n > 0 || (parts.isEmpty && size == 1) else { continue }
                rest -= n * size
                parts.append("\(n) \(name)\(n == 1 ? "" : "s")")
            }
            let text = parts.joined(separator: ", ")
            return style.kind == 3 ? (delta < 0 ? "-" : "+") + text : text
        }
    }

    static func clock(_ seconds: Double, showsHours: Bool) -> String {
        let s = Int(seconds.rounded(.down))
        let h = s / 3600, m = (s % 3600) / 60, r = s % 60
        return h > 0 && showsHours ? String(format: "%d:%02d:%02d", h, m, r) : String(format: "%d:%02d", showsHours ? m : s / 60, r)
    }
}
