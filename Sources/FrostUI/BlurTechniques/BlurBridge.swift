import FrostGeometry
import FrostMotion
import FrostImage
import FrostScene

// The blur bridge as a first-class API: `.blurBridgeContainer()` marks the view whose rendered
// subtree is blurred as one image, and `withBlurBridge { change }` runs the whole choreography
// on it — blur on, the change, blur off — choosing the preset from the measured layout change
// when asked for `.automatic`. The seed's hand-written forms (`.blur(radius: flag ? 6 : 0)` with
// three `withAnimation` calls, its `BlurBridge` modifier and `BlurTransitionHelper`) work as
// written and are measured the same way.

/// Runs `body` (a state change) as a blur bridge on the bridged containers it changes
/// (``View/blurBridgeContainer()``), as REFERENCE.md §3 choreographs it: the change animates
/// with `.smooth(duration: preset.changeDuration)`; each changed container's blur rises to
/// `preset.radius` over `blurDuration` and clears over `blurDuration` after `clearDelay`.
///
/// - A container is bridged when something inside it moved, resized, appeared, went, or
///   changed its text; of nested changed containers only the innermost (nearest) is.
/// - `.automatic` picks each container's preset from its measured change
///   (``BlurBridgePreset/choose(for:)``); the change itself animates with the longest chosen
///   change duration.
/// - Reduce Motion: no blur at all; the change animates (transitions become cross-fades).
/// - The host lists every bridge it ran in ``HostCore/blurBridges``.
///
/// Changes made inside a nested `withAnimation` commit with that animation and are not bridged.
@discardableResult
public func withBlurBridge<Result>(_ preset: BlurBridgePreset = .automatic, _ body: () throws -> Result) rethrows -> Result {
    try runInTransaction(Transaction(animation: .smooth(duration: preset.changeDuration)), body, completion: nil, bridge: preset)
}

/// `.blurBridgeContainer()`: the subtree drawn once per frame and blurred as one image while
/// a ``withBlurBridge(_:_:)`` change runs (the seed's `.drawingGroup()` advice).
public struct _BlurBridgeContainer: PrimitiveViewModifier {
    func wrap(_ content: [Element], _ context: ResolveContext) -> [Element] {
        // The container's identity is the modifier's own, not its content's: content that
        // swaps inside it (an `if` in a Group) changes identity while the container persists.
        content.enumerated().map { i, e in
            let id = context.identity.appending(content.count == 1 ? "blurBridge" : "blurBridge\(i)")
            let w = passthrough(e, id)
            let radius = context.host.blurBridgeState.radii[id] ?? 0
            let fade = context.host.blurBridgeState.fades[id]
            // At rest the container is no effect at all (a zero blur would still flatten its
            // subtree for shadows cast from outside it).
            w.effects = [
                EffectSpec("blurBridge", kind: .blur, values: [radius]) { v, _ in
                    v[0] < 0.01 ? .identity : .blur(radius: v[0], opaque: false)
                },
                EffectSpec("bridgeFade", kind: .opacity, values: [fade?.mix ?? 0]) { v, _ in
                    // Reduce Motion: the old rendering fading out over the new one.
                    guard let fade, v[0] > 0.001 else { return .identity }
                    return .crossFade(from: ImageContent(fade.image), origin: fade.origin, mix: v[0])
                },
            ]
            w.isBlurBridge = true
            return w
        }
    }
}

extension View {
    /// Marks this view as a blur bridge container: ``withBlurBridge(_:_:)`` blurs it (its whole
    /// rendered subtree, once per frame) while the layout inside it changes.
    public func blurBridgeContainer() -> ModifiedContent<Self, _BlurBridgeContainer> {
        modifier(_BlurBridgeContainer())
    }
}

/// Under Reduce Motion, a bridged container's rendering before the change, fading out.
struct BridgeFade {
    var image: FrostImage.Image
    /// Device pixels of its top-left corner.
    var origin: Point
    var mix: Double
}

extension HostCore {
    /// Commits a change made in ``withBlurBridge(_:_:)``: measures what changed in each bridged
    /// container, commits the change with the preset's animation, then raises and clears each
    /// changed container's blur in two more commits at the same instant.
    func commitBridged(
        _ transaction: Transaction, preset: BlurBridgePreset,
        completion: (AnimationCompletionCriteria, () -> Void)?
    ) {
        let roots: [Element]
        do {
            resolving = true
            defer { resolving = false }
            roots = try resolveRoot()
        } catch {
            deferredError = deferredError ?? error
            return
        }
        let changes = HostCore.bridgeChanges(old: engine.roots, new: roots, viewport: rootSize)
        let runs = changes.map { ($0, preset.isAutomatic ? BlurBridgePreset.choose(for: $0) : preset) }
        var change = transaction
        if preset.isAutomatic, let longest = runs.map(\.1.changeDuration).max() {
            change.animation = .smooth(duration: longest)
        }
        if reduceMotionSetting {
            // No blur: the container's old rendering cross-fades into the new one (the layout
            // itself jumps, as every movement does under Reduce Motion).
            let snapshots = changes.compactMap { c in root?.snapshotElement(c.container).map { (c.container, $0) } }
            commit(change, completion: completion, resolved: roots)
            guard !snapshots.isEmpty else { return }
            for (id, shot) in snapshots { blurBridgeState.fades[id] = BridgeFade(image: shot.image, origin: shot.origin, mix: 1) }
            commit(Transaction())
            for (id, _) in snapshots { blurBridgeState.fades[id]?.mix = 0 }
            commit(Transaction(animation: .easeInOut(duration: runs.map(\.1.changeDuration).max() ?? 0.3)))
            return
        }
        commit(change, completion: completion, resolved: roots)
        for (c, p) in runs {
            blurBridgeState.records.append(BlurBridgeRecord(time: now, change: c, preset: p))
            blurBridgeState.radii[c.container] = p.radius
            commit(Transaction(animation: .smooth(duration: p.blurDuration)))
        }
        for (c, p) in runs {
            blurBridgeState.radii[c.container] = 0
            commit(Transaction(animation: .smooth(duration: p.blurDuration).delay(p.clearDelay)))
        }
    }

    /// What changed inside each bridged container between two committed trees: only containers
    /// in both trees in which something changed, and of nested ones only the innermost.
    static func bridgeChanges(old: [Element], new: [Element], viewport: Size) -> [BlurBridgeChange] {
        struct Item { var frame: Rect; var text: String?; var image: Bool }
        struct Container { var frame: Rect; var order: Int; var items: [SceneIdentity: Item] = [:]; var inner: [SceneIdentity] = [] }
        func collect(_ roots: [Element]) -> [SceneIdentity: Container] {
            var out: [SceneIdentity: Container] = [:]
            func walk(_ e: Element, _ open: [SceneIdentity]) {
                guard !e.isGhost else { return }
                var open = open
                let id = e.identity
                if e.isBlurBridge {
                    for o in open { out[o]?.inner.append(id) }
                    out[id] = Container(frame: e.node.frame, order: out.count)
                    open.append(id)
                } else {
                    for o in open {
                        let origin = out[o]!.frame.origin
                        let f = e.node.frame
                        out[o]!.items[id] = Item(
                            frame: Rect(x: f.minX - origin.x, y: f.minY - origin.y, width: f.width, height: f.height),
                            text: e.text, image: e.drawsImage)
                    }
                }
                e.children.forEach { walk($0, open) }
            }
            roots.forEach { walk($0, []) }
            return out
        }
        let before = collect(old), after = collect(new)
        var changed: [SceneIdentity: BlurBridgeChange] = [:]
        for (id, now) in after {
            guard let was = before[id] else { continue }
            let size = max(abs(now.frame.width - was.frame.width), abs(now.frame.height - was.frame.height))
            var moved = 0.0, image = false, any = size > 1e-6
            for (key, item) in now.items {
                guard let old = was.items[key] else {
                    any = true; image = image || item.image
                    continue
                }
                let d = max(
                    abs(item.frame.minX - old.frame.minX), abs(item.frame.minY - old.frame.minY),
                    abs(item.frame.width - old.frame.width), abs(item.frame.height - old.frame.height))
                if d > 1e-6 || item.text != old.text {
                    any = true
                    if item.image { image = true }
                }
                moved = max(moved, d)
            }
            for (key, item) in was.items where now.items[key] == nil {
                any = true; image = image || item.image
            }
            guard any else { continue }
            let area = viewport.width * viewport.height
            changed[id] = BlurBridgeChange(
                container: id, sizeChange: size, contentMovement: moved, swapsImage: image,
                screenFraction: area > 0 ? min(1, now.frame.width * now.frame.height / area) : 0)
        }
        // Nearest only: a changed container with a changed container inside it is left out.
        return changed.values
            .filter { c in !(after[c.container]?.inner.contains { changed[$0] != nil } ?? false) }
            .sorted { (after[$0.container]?.order ?? 0) < (after[$1.container]?.order ?? 0) }
    }
}

/// Blur bridges of a run: each bridged container's target blur (points), its Reduce Motion
/// cross-fade, and every bridge run so far.
final class BlurBridgeState: HostFeature {
    var radii: [SceneIdentity: Double] = [:]
    var fades: [SceneIdentity: BridgeFade] = [:]
    var records: [BlurBridgeRecord] = []
    init() {}
}

extension HostCore {
    var blurBridgeState: BlurBridgeState { session.features[BlurBridgeState.self] }
}

// Traits this file's modifiers set (see ElementTraits.swift).

enum IsBlurBridgeTrait: ElementTraitKey {
    static let defaultValue: Bool = false
}

extension Element {
    /// A blur bridge container (`.blurBridgeContainer()`).
    var isBlurBridge: Bool {
        get { traits[IsBlurBridgeTrait.self] }
        set { traits[IsBlurBridgeTrait.self] = newValue }
    }
}
