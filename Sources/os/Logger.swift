// `import OSLog` (and `import os`) on Linux: Apple's unified-logging `Logger` over swift-log. Messages keep
// `OSLog`'s interpolation (`\(value, privacy: .public)`, `format:`, `align:`): private values are
// redacted as `<private>` unless `FROST_OSLOG_PRIVATE=1` (as Console shows them without a
// debugger), and each level maps to swift-log's (debug → debug, info → info, notice → notice,
// error → error, fault → critical; trace → trace). The subsystem and category become the
// swift-log label `subsystem.category`. Not reproduced: `OSLogStore` (reading logs back),
// signposts, `os_log` with format strings. Built empty on Apple's platforms.
#if !canImport(Darwin)
import Foundation
import Logging

/// How a logged value is shown, as OSLog's `OSLogPrivacy`.
public struct OSLogPrivacy: Sendable, Equatable {
    enum Kind: Sendable { case `public`, `private`, sensitive, auto }
    let kind: Kind
    public static let `public` = OSLogPrivacy(kind: .public)
    public static let `private` = OSLogPrivacy(kind: .private)
    public static let sensitive = OSLogPrivacy(kind: .sensitive)
    public static let auto = OSLogPrivacy(kind: .auto)
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    public struct Mask: Sendable, Equatable {
        public static let hash = Mask(), none = Mask()
    }
}

/// Alignment of a logged value, as OSLog's `OSLogStringAlignment`.
public struct OSLogStringAlignment: Sendable {
    let width: Int
    public static let none = OSLogStringAlignment(width: 0)
    public static func right(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment(width: columns) }
    public static func left(columns: Int) -> OSLogStringAlignment { OSLogStringAlignment(width: -columns) }
}

/// Number formats, as OSLog's `OSLogIntegerFormatting` and `OSLogFloatFormatting`.
public enum OSLogIntegerFormatting: Sendable {
    case decimal, hex, octal
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .decimal }
    public static func hex(
        explicitPositiveSign: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0
    ) -> OSLogIntegerFormatting { .hex }
}
public enum OSLogFloatFormatting: Sendable {
    case fixed(precision: Int), exponential, hybrid
    public static var fixed: OSLogFloatFormatting { .fixed(precision: 6) }
}

/// Whether private values are shown (`FROST_OSLOG_PRIVATE=1`).
private let showPrivate = ProcessInfo.processInfo.environment["FROST_OSLOG_PRIVATE"] == "1"

/// A log message with OSLog's interpolations, as `OSLogMessage`.
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral, Sendable {
    public struct StringInterpolation: StringInterpolationProtocol, Sendable {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }

        mutating func append(_ value: String, privacy: OSLogPrivacy, align: OSLogStringAlignment = .none, isString: Bool) {
            // OSLog's default: dynamic strings and objects private, numbers and booleans public.
            let hidden = privacy.kind == .private || privacy.kind == .sensitive || (privacy.kind == .auto && isString)
            var shown = hidden && !showPrivate ? "<private>" : value
            let pad = abs(align.width) - shown.count
            if pad > 0 { shown = align.width > 0 ? String(repeating: " ", count: pad) + shown : shown + String(repeating: " ", count: pad) }
            text += shown
        }

        public mutating func appendInterpolation(_ value: @autoclosure () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {
            append(value(), privacy: privacy, align: align, isString: true)
        }
        public mutating func appendInterpolation<T: CustomStringConvertible>(
            _ value: @autoclosure () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) {
            let v = value()
            append(v.description, privacy: privacy, align: align, isString: !(v is any Numeric) && !(v is Bool))
        }
        public mutating func appendInterpolation<T: BinaryInteger>(
            _ value: @autoclosure () -> T, format: OSLogIntegerFormatting = .decimal, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) {
            let v = value()
            let text: String
            switch format {
            case .hex: text = String(v, radix: 16)
            case .octal: text = String(v, radix: 8)
            case .decimal: text = String(v)
            }
            append(text, privacy: privacy, align: align, isString: false)
        }
        public mutating func appendInterpolation(
            _ value: @autoclosure () -> Double, format: OSLogFloatFormatting = .fixed, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) {
            let v = value()
            let text: String
            switch format {
            case .fixed(let precision): text = String(format: "%.\(precision)f", v)
            case .exponential: text = String(format: "%e", v)
            case .hybrid: text = String(format: "%g", v)
            }
            append(text, privacy: privacy, align: align, isString: false)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, privacy: OSLogPrivacy = .auto) {
            append(value() ? "true" : "false", privacy: privacy, isString: false)
        }
        public mutating func appendInterpolation(_ value: @autoclosure () -> any Error, privacy: OSLogPrivacy = .auto) {
            append(String(describing: value()), privacy: privacy, isString: true)
        }
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto) {
            append(String(describing: value()), privacy: privacy, isString: true)
        }
    }

    /// The message as it would be shown.
    public let formatted: String
    public init(stringInterpolation: StringInterpolation) { formatted = stringInterpolation.text }
    public init(stringLiteral value: String) { formatted = value }
}

/// A log level, as OSLog's `OSLogType`.
///
/// Its members are emitted into the code that uses them: packages that only find this module
/// (`#if canImport(os)`) and do not link it still build (see `OSLogCompat.swift`).
@frozen
public struct OSLogType: Sendable, Equatable {
    @usableFromInline let level: Logging.Logger.Level
    @_alwaysEmitIntoClient init(_ level: Logging.Logger.Level) { self.level = level }
    @_alwaysEmitIntoClient public static var `default`: OSLogType { OSLogType(.notice) }
    @_alwaysEmitIntoClient public static var info: OSLogType { OSLogType(.info) }
    @_alwaysEmitIntoClient public static var debug: OSLogType { OSLogType(.debug) }
    @_alwaysEmitIntoClient public static var error: OSLogType { OSLogType(.error) }
    @_alwaysEmitIntoClient public static var fault: OSLogType { OSLogType(.critical) }
}

/// A subsystem's logger, as OSLog's `Logger`, writing through swift-log.
public struct Logger: @unchecked Sendable {
    /// The swift-log logger messages go to (label `subsystem.category`).
    public let backing: Logging.Logger

    public init(subsystem: String, category: String) { backing = Logging.Logger(label: "\(subsystem).\(category)") }
    public init() { backing = Logging.Logger(label: "default") }
    /// Wraps a swift-log logger.
    public init(_ backing: Logging.Logger) { self.backing = backing }

    public func log(_ message: OSLogMessage) { backing.notice("\(message.formatted)") }
    public func log(level: OSLogType, _ message: OSLogMessage) { backing.log(level: level.level, "\(message.formatted)") }
    public func trace(_ message: OSLogMessage) { backing.trace("\(message.formatted)") }
    public func debug(_ message: OSLogMessage) { backing.debug("\(message.formatted)") }
    public func info(_ message: OSLogMessage) { backing.info("\(message.formatted)") }
    public func notice(_ message: OSLogMessage) { backing.notice("\(message.formatted)") }
    public func warning(_ message: OSLogMessage) { backing.warning("\(message.formatted)") }
    public func error(_ message: OSLogMessage) { backing.error("\(message.formatted)") }
    public func critical(_ message: OSLogMessage) { backing.critical("\(message.formatted)") }
    public func fault(_ message: OSLogMessage) { backing.critical("\(message.formatted)") }
}
#endif
