// The C-era half of `os` that Swift packages written for Apple's platforms call under
// `#if canImport(os)`: for pointfree's IssueReporting (which swift-custom-dump and every
// pointfree library use) `OSLog(subsystem:category:)`, `os_log(_:dso:log:_:_:)` with `%@`,
// `%d`, `%s` and `%%` formats, and the dyld image queries, which report no images on Linux; for
// swift-argument-parser, `os_unfair_lock`.
//
// SwiftPM keeps every module of a build in one folder, so a package built after this module
// finds it with `canImport(os)` without depending on it, and its binary may not link it. So
// everything here is emitted into the code that calls it (`@_alwaysEmitIntoClient`, `@frozen`)
// and calls only the C library: nothing a caller uses needs this module's own object code.
#if !canImport(Darwin)
#if canImport(Glibc)
// Re-exported as Apple's os brings Darwin: code under `canImport(os)` calls the C library too.
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#endif

/// A log handle, as os's `OSLog`: `os_log` writes its messages to standard error as
/// `subsystem.category: message`.
@frozen
public struct OSLog: Sendable {
    @usableFromInline let label: String
    @usableFromInline let enabled: Bool
    /// A log for `subsystem` (reverse-DNS) and `category`.
    @_alwaysEmitIntoClient
    public init(subsystem: String, category: String) {
        label = subsystem + "." + category
        enabled = true
    }
    @_alwaysEmitIntoClient init(label: String, enabled: Bool) {
        self.label = label
        self.enabled = enabled
    }
    /// The default log.
    @_alwaysEmitIntoClient public static var `default`: OSLog { OSLog(label: "default", enabled: true) }
    /// A log that drops everything.
    @_alwaysEmitIntoClient public static var disabled: OSLog { OSLog(label: "disabled", enabled: false) }
}

/// Logs `format` with `arguments` to standard error (printf-style: `%@`, `%s`, `%d`, `%ld`, `%u`,
/// `%f`, `%%`; a `{private}` value shows as `<private>`). `type` and `dso` are accepted.
@_alwaysEmitIntoClient
public func os_log(
    _ type: OSLogType = .default, dso: UnsafeRawPointer? = nil, log: OSLog = .default, _ format: StaticString, _ arguments: Any...
) {
    guard log.enabled else { return }
    let line = log.label + ": " + _osLogFormat("\(format)", arguments) + "\n"
    var bytes = Array(line.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// `os_log`'s formatting: each `%…` directive takes the next argument as its description.
@_alwaysEmitIntoClient
public func _osLogFormat(_ format: String, _ arguments: [Any]) -> String {
    var out = ""
    var i = format.startIndex
    var next = 0
    while i < format.endIndex {
        let c = format[i]
        guard c == "%" else {
            out.append(c)
            i = format.index(after: i)
            continue
        }
        var j = format.index(after: i)
        if j < format.endIndex, format[j] == "%" {
            out.append("%")
            i = format.index(after: j)
            continue
        }
        var isPrivate = false
        if j < format.endIndex, format[j] == "{", let close = format[j...].firstIndex(of: "}") {
            isPrivate = String(format[format.index(after: j)..<close]).hasPrefix("private")
            j = format.index(after: close)
        }
        // Flags, width, precision and length modifiers; the conversion letter ends the directive.
        while j < format.endIndex, !(format[j].isLetter || format[j] == "@") || "hlqLzjt".contains(format[j]) {
            j = format.index(after: j)
        }
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
@_alwaysEmitIntoClient public func _dyld_image_count() -> UInt32 { 0 }
/// dyld's image name at `index`: nil on Linux.
@_alwaysEmitIntoClient public func _dyld_get_image_name(_ index: UInt32) -> UnsafePointer<CChar>? { nil }
/// dyld's image header at `index`: nil on Linux.
@_alwaysEmitIntoClient public func _dyld_get_image_header(_ index: UInt32) -> UnsafeRawPointer? { nil }

#if canImport(Glibc)
// swift-argument-parser's `Mutex` takes os's unfair lock under `#if canImport(os)` and releases
// it with `pthread_mutex_destroy` (its `canImport(Glibc)` branch): a pthread mutex, whose
// all-zero value is its initial state on glibc, as os_unfair_lock's is.

/// A lock, as os's `os_unfair_lock`: `os_unfair_lock()` is unlocked.
public typealias os_unfair_lock = pthread_mutex_t
/// A pointer to an `os_unfair_lock`.
public typealias os_unfair_lock_t = UnsafeMutablePointer<os_unfair_lock>

/// Takes the lock, waiting while another thread holds it.
@_alwaysEmitIntoClient public func os_unfair_lock_lock(_ lock: os_unfair_lock_t) { pthread_mutex_lock(lock) }
/// Releases the lock taken by this thread.
@_alwaysEmitIntoClient public func os_unfair_lock_unlock(_ lock: os_unfair_lock_t) { pthread_mutex_unlock(lock) }
/// Takes the lock if no thread holds it; true when it did.
@_alwaysEmitIntoClient public func os_unfair_lock_trylock(_ lock: os_unfair_lock_t) -> Bool { pthread_mutex_trylock(lock) == 0 }
#endif
#endif
