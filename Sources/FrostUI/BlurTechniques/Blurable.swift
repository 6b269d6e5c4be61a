import FrostGeometry
import FrostMotion
import FrostScene

// UIKit's `Blurable` (a protocol every UIView adopts through an extension: render the view's
// layer into a 1× image, blur it with CIGaussianBlur, swap the blurred copy in with a 0.2 s
// ease-in transition, `unBlur` swapping back), for views in a live Frost host. The copy is
// drawn in the view's own slot, so a stack around it does not move.

/// The Blurable protocol: `blur(blurRadius:)`, `unBlur()`, `isBlurred`, with the original's
/// names and meaning. ``HostedView`` — what ``ViewHost/view(_:)`` hands out for any view in a
/// live host — adopts it.
public protocol Blurable: AnyObject {
    /// Swaps in a blurred copy of the view (σ = `blurRadius` points) with a 0.2 s ease-in
    /// cross-fade. On an already blurred view, re-blurs from the original at the new radius.
    func blur(blurRadius: CGFloat)
    /// Cross-fades back to the view (0.2 s ease-in). Does nothing on a view that is not blurred.
    func unBlur()
    /// True from `blur(blurRadius:)` until `unBlur()`, whatever the cross-fade's progress.
    var isBlurred: Bool { get }
}

/// The resolution a Blurable copy is rendered at.
public enum BlurableScale: Hashable, Sendable {
    /// One pixel per point, as the original (`UIGraphicsBeginImageContextWithOptions(…, 1)`):
    /// on a 2× or 3× display the copy is magnified, softer than its σ alone.
    case oneX
    /// The display's scale: the copy is as sharp as the view.
    case display

    /// Pixels per point for the display list's `snapshotBlur` effect (0: the display's).
    var pixelsPerPoint: Double { self == .oneX ? 1 : 0 }
}

/// The duration and curve of Blurable's swap: `UIView.transition(from:to:duration: 0.2, options: .curveEaseIn)`.
public let blurableTransition = Animation.easeIn(duration: 0.2)

/// A view in a live host, found by its `accessibilityIdentifier`, its text or its button label
/// (``ViewHost/view(_:)``), that can be blurred and un-blurred as UIKit's Blurable views are.
///
/// `blur` and `unBlur` run at the host's clock (``HostCore/now``) and join its transcript, so
/// frames at any time replay them. The copy is re-rendered from the view each frame (the same
/// pixels as a snapshot while the view is still).
public final class HostedView: Blurable {
    /// The host the view lives in.
    public let host: HostCore
    /// The identifier, text or label the view was found by.
    public let name: String
    /// The view's identity in the host.
    public let identity: SceneIdentity
    /// The resolution of the blurred copy (1× by default, as the original).
    public var snapshotScale: BlurableScale = .oneX

    init(host: HostCore, name: String, identity: SceneIdentity) { self.host = host; self.name = name; self.identity = identity }

    /// The view's layout frame now, in host points.
    public var frame: CGRect {
        guard let e = host.liveElement(identity) else { return .zero }
        let f = e.node.frame
        return CGRect(x: f.minX, y: f.minY, width: f.width, height: f.height)
    }

    public func blur(blurRadius: CGFloat) {
        let r = Double(blurRadius)
        let radius = r.isFinite ? min(max(r, 0), 1000) : 0
        let scale = snapshotScale.pixelsPerPoint, id = identity, host = self.host
        host.runBlurable {
            if host.blurableState.overrides[id] == nil {
                // First the cross-fade at 0 (committed at once), so it has somewhere to fade from.
                host.blurableState.overrides[id] = BlurableOverride(radius: radius, scale: scale, on: false)
                host.stateDidChange()
                HostCore.flush(Transaction())
            }
            host.blurableState.overrides[id] = BlurableOverride(radius: radius, scale: scale, on: true)
        }
    }

    public func unBlur() {
        let id = identity, host = self.host
        guard host.blurableState.overrides[id]?.on == true else { return }
        host.runBlurable { host.blurableState.overrides[id]?.on = false }
    }

    public var isBlurred: Bool { host.blurableState.overrides[identity]?.on == true }
}

/// A Blurable state set on a view by its handle.
struct BlurableOverride {
    var radius: Double
    var scale: Double
    var on: Bool
}

extension HostCore {
    /// Runs `change` at ``now`` as a transcript event committed with Blurable's 0.2 s ease-in.
    /// Errors (a clock problem) surface at the host's next throwing call, as commits' do.
    func runBlurable(_ change: @escaping () -> Void) {
        do {
            try process(until: now)
            try schedule(
                .perform(
                    Transaction(animation: blurableTransition),
                    { [unowned self] in
                        change()
                        self.stateDidChange()
                    }), at: now)
            try process(until: now)
        } catch {
            deferredError = deferredError ?? error
        }
    }

    /// Adds the Blurable cross-fade to every resolved element with a Blurable state (innermost,
    /// so the slots of the view's own effects keep their names).
    func decorateBlurables(_ roots: [Element]) {
        guard !blurableState.overrides.isEmpty else { return }
        func walk(_ e: Element) {
            if let o = blurableState.overrides[e.identity] {
                e.effects.append(
                    EffectSpec("blurable", kind: .opacity, values: [o.on ? 1 : 0]) { v, _ in
                        .snapshotBlur(radius: o.radius, snapshotScale: o.scale, mix: v[0])
                    })
            }
            e.children.forEach(walk)
        }
        roots.forEach(walk)
    }

    /// The live (not removed) element with identity path `identity` in the committed tree.
    func liveElement(_ identity: SceneIdentity) -> Element? {
        func find(_ e: Element) -> Element? {
            guard !e.isGhost else { return nil }
            if e.identity == identity { return e }
            for c in e.children { if let f = find(c) { return f } }
            return nil
        }
        for r in engine.roots { if let f = find(r) { return f } }
        return nil
    }

    /// The live view named `name`: its `accessibilityIdentifier`, else a `Text` showing exactly
    /// `name`, else a button or tap gesture labelled `name`.
    func findView(_ name: String) throws -> Element {
        var byID: [Element] = [], byText: [Element] = [], byTap: [Element] = [], names: [String] = []
        func walk(_ e: Element) {
            guard !e.isGhost else { return }
            if let id = e.identifier { names.append(id); if id == name { byID.append(e) } }
            if let t = e.text { names.append(t); if t == name { byText.append(e) } }
            if let tap = e.tap, tap.label == name { byTap.append(e) }
            e.children.forEach(walk)
        }
        engine.roots.forEach(walk)
        for matches in [byID, byText, byTap] where !matches.isEmpty {
            guard matches.count == 1 else { throw ViewHostError.ambiguousView(name: name, count: matches.count) }
            return matches[0]
        }
        throw ViewHostError.noView(name: name, candidates: Array(Set(names)).sorted())
    }
}

extension ViewHost {
    /// The view named `name` in this host, as a ``Blurable`` handle: found by
    /// `accessibilityIdentifier(_:)` first, then by a `Text` showing exactly `name`, then by a
    /// button's label. The host is brought to ``HostCore/now`` first.
    /// - Throws: ``ViewHostError/noView(name:candidates:)`` or ``ViewHostError/ambiguousView(name:count:)``.
    public func view(_ name: String) throws -> HostedView {
        try process(until: now)
        let e = try findView(name)
        return HostedView(host: self, name: name, identity: e.identity)
    }
}

/// `.blurable(isBlurred:radius:)`: Blurable's look declared on the view.
public struct _BlurableModifier: PrimitiveViewModifier {
    let isBlurred: Bool
    let radius: Double
    let scale: BlurableScale
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        let changed = context.host.animationValueChanged(context.identity.appending("blurable value"), isBlurred)
        let radius = self.radius, pixels = scale.pixelsPerPoint
        return content.enumerated().map { i, e in
            let w = passthrough(e, context.identity.appending(content.count == 1 ? "blurable" : "blurable\(i)"))
            w.effects = [
                EffectSpec("blurable", kind: .opacity, values: [isBlurred ? 1 : 0]) { v, _ in
                    .snapshotBlur(radius: radius, snapshotScale: pixels, mix: v[0])
                }
            ]
            // Blurable's own timing, whatever the transaction's animation (a change made
            // without animation still swaps in 0.2 s, as the original's transition does).
            if changed { w.transactionEdits.append { $0.animation = blurableTransition } }
            return w
        }
    }
}

extension View {
    /// Shows a blurred copy of this view (σ `radius` points, rendered at `scale`) in its place
    /// while `isBlurred`, cross-fading 0.2 s ease-in both ways when it changes — UIKit's
    /// Blurable, declared. Layout is unchanged.
    public func blurable(isBlurred: Bool, radius: CGFloat = 10, scale: BlurableScale = .oneX) -> ModifiedContent<Self, _BlurableModifier> {
        let r = Double(radius)
        return modifier(_BlurableModifier(isBlurred: isBlurred, radius: r.isFinite ? min(max(r, 0), 1000) : 0, scale: scale))
    }

    /// The identifier ``ViewHost/view(_:)`` finds this view by (as UIKit's and SwiftUI's
    /// `accessibilityIdentifier`).
    public func accessibilityIdentifier(_ identifier: String) -> ModifiedContent<Self, _IdentifierModifier> {
        modifier(_IdentifierModifier(identifier: identifier))
    }
}

public struct _IdentifierModifier: PrimitiveViewModifier {
    let identifier: String
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        for e in content { e.identifier = identifier }
        return content
    }
}

/// Blurable states set through ``HostedView`` handles, by identity.
final class BlurableState: HostFeature {
    var overrides: [SceneIdentity: BlurableOverride] = [:]
    init() {}
}

extension HostCore {
    var blurableState: BlurableState { session.features[BlurableState.self] }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum IdentifierTrait: ElementTraitKey {
    static var defaultValue: String? { nil }
}

extension Element {
    /// `accessibilityIdentifier(_:)`: the name ``ViewHost/view(_:)`` finds it by.
    var identifier: String? {
        get { traits[IdentifierTrait.self] }
        set { traits[IdentifierTrait.self] = newValue }
    }
}
