import FrostGeometry
import FrostRaster
import FrostScene

// Where a touch lands, as SwiftUI hit-tests: in the frame drawn at the host's clock (offsets,
// scales, rotations and running animations included), frontmost first, a view counting where
// it draws — a shape inside its fill, text, images (symbols too) and materials in their frames — or within
// its `contentShape`; `allowsHitTesting(false)`, fully transparent views and views being
// removed let the touch through; clips (a scroll view's bounds, `clipped()`) bound it. SwiftUI
// does not clip hit-testing with `clipped()`; Frost does, one difference kept for simplicity.

/// One view on the way from the touched leaf to the root: its identity, the transform from
/// host points to its local space (top-leading corner at the origin) and its size.
struct HitHop {
    let identity: SceneIdentity
    let toLocal: AffineTransform2D
    let size: Size
}

/// Hit-tests one frame's display list against the host's live elements.
struct HitTester {
    /// The live elements by identity, and the identities of views being removed.
    let elements: [SceneIdentity: Element]
    let ghosts: Set<SceneIdentity>

    init(roots: [Element]) {
        var live: [SceneIdentity: Element] = [:], gone: Set<SceneIdentity> = []
        func walk(_ e: Element, _ removed: Bool) {
            let removed = removed || e.isGhost
            if removed { gone.insert(e.identity) } else { live[e.identity] = e }
            e.children.forEach { walk($0, removed) }
        }
        roots.forEach { walk($0, false) }
        elements = live; ghosts = gone
    }

    /// The views under `point` (host points), innermost first, each once; nil when the touch
    /// lands on nothing.
    func path(_ list: DisplayList, at point: Point) -> [HitHop]? {
        guard let hops = hit(list, .identity, point) else { return nil }
        var seen: Set<SceneIdentity> = []
        return hops.filter { seen.insert($0.identity).inserted }
    }

    private func hit(_ list: DisplayList, _ toParent: AffineTransform2D, _ point: Point) -> [HitHop]? {
        for item in list.items.reversed() {
            if let found = hit(item, toParent, point) { return found }
        }
        return nil
    }

    private func hit(_ item: DisplayItem, _ toParent: AffineTransform2D, _ point: Point) -> [HitHop]? {
        if ghosts.contains(item.identity) { return nil }
        let element = elements[item.identity]
        if element?.isInert == true { return nil }
        let rule = element?.hitTesting
        if case .disabled = rule { return nil }
        let toLocal = toParent.concatenating(AffineTransform2D(translationX: -item.frame.minX, y: -item.frame.minY))
        let local = toLocal.apply(to: point)
        let size = item.frame.size
        let bounds = Rect(origin: .zero, size: size)
        let hop = HitHop(identity: item.identity, toLocal: toLocal, size: size)
        var drawn = false
        switch item.content {
        case .group(let children):
            if let inner = hit(children, toLocal, point) { return inner + [hop] }
        case let .effect(effect, children):
            switch effect {
            case .opacity(let o) where !(o > 0.001):
                return nil
            case .transform(let t):
                if let inverse = t.inverted, let inner = hit(children, toLocal.concatenating(inverse), point) { return inner + [hop] }
            case let .clip(path, fillRule):
                guard path.contains(local, rule: fillRule) else { return nil }
                if let inner = hit(children, toLocal, point) { return inner + [hop] }
            default:
                if let inner = hit(children, toLocal, point) { return inner + [hop] }
            }
        case .shape(let shape):
            // A symbol is an image: SwiftUI hit-tests it by its frame, its holes included (the
            // bar of minus.circle.fill).
            let isSymbol = shape.name.hasPrefix("symbol ")
            drawn = shape.fill != nil && !isSymbol ? shape.path.contains(local, rule: shape.rule) : bounds.contains(local)
        case .text, .image, .material:
            drawn = bounds.contains(local)
        }
        if drawn { return [hop] }
        if case let .shape(makePath, fillRule) = rule, makePath(size).contains(local, rule: fillRule) { return [hop] }
        return nil
    }

    /// Where `identity` is drawn: the transform from host points to its local space (inside its
    /// own effects, so a gesture's space moves with the modifiers outside it) and its size.
    static func locate(_ identity: SceneIdentity, in list: DisplayList) -> HitHop? {
        func find(_ list: DisplayList, _ toParent: AffineTransform2D) -> HitHop? {
            for item in list.items {
                let toLocal = toParent.concatenating(AffineTransform2D(translationX: -item.frame.minX, y: -item.frame.minY))
                var inside = toLocal
                let children: DisplayList?
                switch item.content {
                case .group(let c): children = c
                case let .effect(effect, c):
                    children = c
                    if case .transform(let t) = effect, let inverse = t.inverted { inside = toLocal.concatenating(inverse) }
                default: children = nil
                }
                if item.identity == identity {
                    // The same identity inside (the element's own effects) is the innermost space.
                    if let c = children, let deeper = find(c, inside), deeper.identity == identity { return deeper }
                    return HitHop(identity: identity, toLocal: toLocal, size: item.frame.size)
                }
                if let c = children, let found = find(c, inside) { return found }
            }
            return nil
        }
        return find(list, .identity)
    }
}
