// Why a view host could not do what was asked: one typed error per cause, each with one readable
// line (SwiftUI traps or logs instead; a headless host reports).

/// Why the view host could not do what was asked.
public enum ViewHostError: Error, Equatable, CustomStringConvertible {
    /// No tap target shows `label`; `candidates` lists those that exist.
    case noTapTarget(label: String, candidates: [String])
    /// Several tap targets show `label`.
    case ambiguousTapTarget(label: String, count: Int)
    /// No slider, stepper, picker or text field is labelled `label`; `candidates` lists those that exist.
    case noControl(label: String, candidates: [String])
    /// The control cannot take the setting (a picker without that option; a value that is not finite).
    case invalidSetting(String)
    /// The view tree nests deeper than ``HostCore/maxDepth``.
    case tooDeep(limit: Int)
    /// A size or scale out of range.
    case invalidSize(String)
    /// A time, frame rate or frame count out of range (or completions that loop).
    case invalidTime(String)
    /// A font file that is missing or unreadable.
    case font(String)
    /// A `Text` longer than ``HostCore/maxTextLength`` characters (Unicode scalars).
    case textTooLong(length: Int, limit: Int)
    /// No view has the identifier, text or label `name`; `candidates` lists identifiers and texts.
    case noView(name: String, candidates: [String])
    /// Several views have the identifier, text or label `name`.
    case ambiguousView(name: String, count: Int)
    /// Two threads used one host at once. A host is confined to one thread at a time (it is
    /// not `Sendable`); render many views in parallel with a host per thread.
    case concurrentUse
    /// A view reads an object from the environment (`@Environment(Model.self)`,
    /// `@EnvironmentObject`) that no ancestor provided; `type` names it.
    case missingEnvironmentObject(type: String, view: String)
    /// Actions kept triggering each other at one instant (an `onChange` that changes its own
    /// value, a completion that starts an animation that completes at once…).
    case updateLoop(String)
    /// A scroll (`scroll(to:scrollView:)`) names a scroll view the view does
    /// not have: `index` from 0, `count` scroll views shown.
    case noScrollView(index: Int, count: Int)

    public var description: String {
        switch self {
        case let .noTapTarget(label, candidates):
            return
                "no button or tap gesture shows '\(label)'; candidates: \(candidates.isEmpty ? "none" : candidates.map { "'\($0)'" }.joined(separator: ", "))"
        case let .ambiguousTapTarget(label, count): return "\(count) tap targets show '\(label)': make the label unique"
        case let .noControl(label, candidates):
            return
                "no slider, stepper, picker or text field is labelled '\(label)'; candidates: \(candidates.isEmpty ? "none" : candidates.joined(separator: ", "))"
        case let .invalidSetting(what): return what
        case let .tooDeep(limit): return "the view tree nests deeper than \(limit) levels"
        case let .invalidSize(what): return what
        case let .invalidTime(what): return what
        case let .font(what): return what
        case let .textTooLong(length, limit): return "a Text of \(length) characters is over the limit of \(limit)"
        case let .noView(name, candidates):
            return
                "no view is identified by or shows '\(name)'; candidates: \(candidates.isEmpty ? "none" : candidates.prefix(20).map { "'\($0)'" }.joined(separator: ", "))"
        case let .ambiguousView(name, count): return "\(count) views are identified by or show '\(name)': give one an accessibilityIdentifier"
        case .concurrentUse: return "two threads used one view host at once: give each thread its own host"
        case let .updateLoop(what): return what
        case let .noScrollView(index, count): return "there is no scroll view #\(index) (the view has \(count))"
        case let .missingEnvironmentObject(type, view):
            return "\(view) reads a \(type) from the environment, but no ancestor provides one: add .environment(\(type)(…)) (or .environmentObject) above it"
        }
    }
}
