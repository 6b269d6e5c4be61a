import FrostGeometry
import FrostScene
import FrostMotion
import FrostRaster

// Reproduces SwiftUI's `contentTransition(_:)` for text: when a text's string changes in an
// animated commit, `.opacity` (and `.interpolate`, drawn here as the same cross-fade: FrostUI
// does not morph glyph outlines) fades the old string out while the new one fades in;
// `.numericText()` keeps the characters both strings share at their ends in place and rolls the
// changed middle — the old part slides up (down with `countsDown`) and fades and blurs out while
// the new part rises into place. Without it (`.identity`, the default here) text swaps at once.
// The environment carries the choice to every text below, as SwiftUI's does.

/// How a view's content changes, as SwiftUI's `ContentTransition`.
public struct ContentTransition: Equatable, Sendable {
    enum Style: Equatable, Sendable {
        case identity, opacity, interpolate, numeric(countsDown: Bool), symbol
    }
    let style: Style
    public static let identity = ContentTransition(style: .identity)
    public static let opacity = ContentTransition(style: .opacity)
    public static let interpolate = ContentTransition(style: .interpolate)
    /// Digits roll: up when the number grows (`countsDown` false), down otherwise.
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition(style: .numeric(countsDown: countsDown)) }
    /// Digits roll in the direction of the change from the current value to `value`; FrostUI
    /// does not know the current value here, so this rolls up.
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(style: .numeric(countsDown: false)) }
    /// A symbol replaced by another (drawn as a cross-fade).
    public static var symbolEffect: ContentTransition { ContentTransition(style: .symbol) }
    /// A symbol replaced with `effect` (drawn as a cross-fade).
    public static func symbolEffect(_ effect: SymbolReplaceEffect, options: SymbolEffectOptions = .default) -> ContentTransition {
        ContentTransition(style: .symbol)
    }
}

/// SwiftUI's `ReplaceSymbolEffect` family, as accepted by `contentTransition(.symbolEffect(…))`.
public struct SymbolReplaceEffect: Sendable {
    public static let replace = SymbolReplaceEffect()
    public var downUp: SymbolReplaceEffect { self }
    public var upUp: SymbolReplaceEffect { self }
    public var offUp: SymbolReplaceEffect { self }
    public var byLayer: SymbolReplaceEffect { self }
    public var wholeSymbol: SymbolReplaceEffect { self }
}

extension EnvironmentValues {
    /// How content below changes when it changes in an animated commit (default `.identity`).
    public var contentTransition: ContentTransition {
        get { self[ContentTransitionKey.self] }
        set { self[ContentTransitionKey.self] = newValue }
    }
}
private enum ContentTransitionKey: EnvironmentKey { static var defaultValue: ContentTransition { .identity } }

extension View {
    /// Sets how the text below changes when it changes inside an animation.
    /// - Parameter transition: `.opacity`, `.interpolate`, `.numericText()` or `.identity`.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        environment(\.contentTransition, transition)
    }
}

enum ContentTransitionTrait: ElementTraitKey { static var defaultValue: ContentTransition { .identity } }
enum TextWidthTrait: ElementTraitKey { static var defaultValue: ((String) -> Double)? { nil } }

extension Element {
    var contentTransitionStyle: ContentTransition {
        get { traits[ContentTransitionTrait.self] }
        set { traits[ContentTransitionTrait.self] = newValue }
    }
    /// The width (points) a text element's string part takes in its font, when it has one run.
    var textWidth: ((String) -> Double)? {
        get { traits[TextWidthTrait.self] }
        set { traits[TextWidthTrait.self] = newValue }
    }
}

/// A running content transition: the old content and, for numeric text, where the changed
/// characters are in both strings (points from the leading edge).
struct ContentChange {
    let old: ContentSpec
    let oldData: any VectorArithmetic
    let oldSize: Size
    let style: ContentTransition.Style
    /// The changed span in the old and the new string: (start, end) in points.
    var oldSpan = (0.0, 0.0), newSpan = (0.0, 0.0)

    /// The record for a text going from `prev` to `e`, or nil when nothing changed in a way
    /// that transitions.
    init?(from prev: Element, to e: Element, oldData: any VectorArithmetic, oldSize: Size) {
        guard let before = prev.text, let after = e.text, before != after, let old = prev.content else { return nil }
        let style = e.contentTransitionStyle.style
        guard style != .identity else { return nil }
        self.old = old; self.oldData = oldData; self.oldSize = oldSize; self.style = style
        guard case .numeric = style else { return }
        // The characters both strings share at the start and at the end stay.
        let a = Array(before), b = Array(after)
        var p = 0
        while p < min(a.count, b.count), a[p] == b[p] { p += 1 }
        var s = 0
        while s < min(a.count, b.count) - p, a[a.count - 1 - s] == b[b.count - 1 - s] { s += 1 }
        func span(_ chars: [Character], _ width: ((String) -> Double)?, total: Double) -> (Double, Double) {
            guard let width else { return (0, total) }
            let start = p == 0 ? 0 : width(String(chars[..<p]))
            let end = s == 0 ? total : total - width(String(chars[(chars.count - s)...]))
            return (min(start, end), max(start, end))
        }
        oldSpan = span(a, prev.textWidth, total: oldSize.width)
        newSpan = span(b, e.textWidth, total: e.node.frame.width)
    }

    /// Old and new content together at progress `p` (0…1) in a frame of `size`.
    func draw(_ current: DisplayItem.Content, size: Size, progress p: Double, identity: SceneIdentity) -> DisplayItem.Content {
        let oldContent = old.make(oldData, oldSize)
        let newFrame = Rect(origin: .zero, size: size), oldFrame = Rect(origin: .zero, size: oldSize)
        func item(_ name: String, _ content: DisplayItem.Content, _ frame: Rect, _ effects: [DisplayEffect]) -> DisplayItem {
            var body = content
            for effect in effects.reversed() {
                body = .effect(
                    effect,
                    children: DisplayList([DisplayItem(identity: identity.appending(name), frame: Rect(origin: .zero, size: frame.size), content: body)]))
            }
            return DisplayItem(identity: identity.appending(name), frame: frame, content: body)
        }
        guard case .numeric(let down) = style else {
            return .group(DisplayList([item("old", oldContent, oldFrame, [.opacity(1 - p)]), item("new", current, newFrame, [.opacity(p)])]))
        }
        // A clip to the horizontal band x0…x1 (a little taller than the line, for descenders
        // and the blur).
        func band(_ x0: Double, _ x1: Double, _ height: Double) -> DisplayEffect {
            .clip(FrostRaster.Path.rect(x: x0, y: -height, width: max(0, x1 - x0), height: height * 3), rule: .nonZero)
        }
        let rise = size.height * 0.6 * (down ? -1 : 1)
        let blur = 3.0
        var items: [DisplayItem] = []
        // The shared ends of the new string stay put.
        if newSpan.0 > 0 { items.append(item("head", current, newFrame, [band(-size.width, newSpan.0, size.height)])) }
        if newSpan.1 < size.width { items.append(item("tail", current, newFrame, [band(newSpan.1, size.width * 2, size.height)])) }
        items.append(
            item(
                "out", oldContent, oldFrame,
                [
                    band(oldSpan.0, oldSpan.1, oldSize.height), .transform(AffineTransform2D(translationX: 0, y: -rise * p)), .opacity(1 - p),
                    .blur(radius: blur * p, opaque: false),
                ]))
        items.append(
            item(
                "in", current, newFrame,
                [
                    band(newSpan.0, newSpan.1, size.height), .transform(AffineTransform2D(translationX: 0, y: rise * (1 - p))), .opacity(p),
                    .blur(radius: blur * (1 - p), opaque: false),
                ]))
        return .group(DisplayList(items))
    }
}

extension AnimationEngine {
    func contentTransition(_ element: Element, size: Size, current: DisplayItem.Content) -> DisplayItem.Content? {
        guard let change = contentChanges[element.key], let slot = slots[SlotKey(element.key, .contentChange)], !slot.isComplete(at: time),
            let p = (slot.sample(at: time) as? AnimatableVector)?.elements.first, p < 1
        else { return nil }
        return change.draw(current, size: size, progress: min(1, max(0, p)), identity: element.identity)
    }
}

extension AnimationEngine.Commit {
    /// Starts a content transition for a live text whose string changed (before its content
    /// slot moves on), and keeps running ones of live views.
    mutating func noteContentChange(_ key: ElementKey, _ e: Element) {
        guard let prev = engine.index[key], let a = animation(for: e, kind: .other) else {
            keepContentChange(key)
            return
        }
        let oldData = engine.slots[SlotKey(key, .content)]?.sample(at: time) ?? prev.content?.data ?? AnimatableVector([])
        let frame = (engine.slots[SlotKey(key, .frame)]?.sample(at: time) as? AnimatableVector)?.elements
        let oldSize = frame.map { $0.count == 4 ? Size(width: max(0, $0[2]), height: max(0, $0[3])) : prev.node.frame.size } ?? prev.node.frame.size
        guard let change = ContentChange(from: prev, to: e, oldData: oldData, oldSize: oldSize) else {
            keepContentChange(key)
            return
        }
        let slot = SlotKey(key, .contentChange)
        engine.slots[slot] = makeSlot(AnimatableVector([0]), kind: .other)
        set(slot, AnimatableVector([1]), kind: .other, a)
        newContentChanges[key] = change
    }

    private mutating func keepContentChange(_ key: ElementKey) {
        let slot = SlotKey(key, .contentChange)
        guard let change = engine.contentChanges[key], let s = engine.slots[slot], !s.isComplete(at: time) else { return }
        used.insert(slot)
        newContentChanges[key] = change
    }
}
