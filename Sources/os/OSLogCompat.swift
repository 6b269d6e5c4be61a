// The C-era half of `os` that Swift packages written for Apple's platforms call under
// `#if canImport(os)` (pointfree's IssueReporting, which swift-custom-dump and every pointfree
// library use): `OSLog(subsystem:category:)`, `os_log(_:dso:log:_:_:)` with `%@`, `%d`, `%s`
// and `%%` formats, and the dyld image queries, which report no images on Linux. A package
// built after Frost's `os` module takes those branches, so they must compile and behave.
#if !canImport(Darwin)
import Logging

/// A log handle, as os's `OSLog`: its messages go to swift-log as `subsystem.category`.
public final class OSLog: @unchecked Sendable {
    let logger: Logger
    /// The default log.
    public static let `default` = OSLog(subsystem: "default", category: "default")
    /// A log that drops everything.
    public static let disabled = OSLog(subsystem: "disabled", category: "disabled", enabled: false)
    let enabled: Bool
    /// A log for `subsystem` (reverse-DNS) and `category`.
    public init(subsystem: String, category: String) { logger = Logger(subsystem: subsystem, category: category); enabled = true }
    init(subsystem: String, category: String, enabled: Bool) {
        logger = Logger(subsystem: subsystem, category: category)
        self.enabled = enabled
    }
}

/// Logs `format` with `arguments` (printf-style: `%@`, `%s`, `%d`, `%ld`, `%u`, `%f`, `%%`;
/// `{public}`/`{private}` modifiers are accepted and private values shown as `<private>`).
public func os_log(
    _ type: OSLogType = .default, dso: UnsafeRawPointer? = nil, log: OSLog = .default, _ format: StaticString, _ arguments: Any...
) {
    guard log.enabled else { return }
    let text = formatOSLog("\(format)", arguments)
    log.logger.backing.log(level: type.level, "\(text)")
}

/// `os_log`'s formatting: each `%…` directive takes the next argument as its description.
func formatOSLog(_ format: String, _ arguments: [Any]) -> String {
    var out = "", i = format.startIndex, next = 0
    while i < format.endIndex {
        let c = format[i]
        guard c == "%" else { out.append(c); i = format.index(after: i); continue }
        var j = format.index(after: i)
        if j < format.endIndex, format[j] == "%" { out.append("%"); i = format.index(after: j); continue }
        var isPrivate = false
        if j < format.endIndex, format[j] == "{", let close = format[j...].firstIndex(of: "}") {
            isPrivate = format[format.index(after: j)..<close].contains("private")
            j = format.index(after: close)
        }
        // Skip flags, width, precision and length; the conversion letter ends the directive.
        while j < format.endIndex, !format[j].isLetter || "hlqLzjt".contains(format[j]) { j = format.index(after: j) }
        if j < format.endIndex { j = format.index(after: j) }
        if next < arguments.count {
            out += isPrivate ? "<private>" : String(describing: arguments[next])
            next += 1
        }
        i = j
    }
    return out
}

/// dyld's loaded-image count: none are reported on Linux.
public func _dyld_image_count() -> UInt32 { 0 }
/// dyld's image name at `index`: nil on Linux.
public func _dyld_get_image_name(_ index: UInt32) -> UnsafePointer<CChar>? { nil }
/// dyld's image header at `index`: nil on Linux.
public func _dyld_get_image_header(_ index: UInt32) -> UnsafeRawPointer? { nil }
#endif
