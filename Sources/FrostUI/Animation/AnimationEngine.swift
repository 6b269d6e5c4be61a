import FrostGeometry
import FrostMotion
import FrostScene

// Reproduces SwiftUI's update model for animated state changes: each committed transaction
// diffs the new view tree against the last one by identity. Views in both retarget their
// animatable values (frame, effects, content colours) with the transaction's animation; views
// that appear or go run their transition; removed views stay, drawn in place, until their
// removal finishes. Everything is a function of the commits and the time asked for.

/// The animation state of one host: the committed tree, one ``AnimationSlot`` per animatable
/// value, running transitions and pending completions.
final class AnimationEngine: Presentation {
    struct TransitionRecord {
        var kind: AnyTransition.Kind
        var context: ResolveContext?
        /// The effect structure (builders); numbers come from the slots `.transition(i)`.
        var specs: [EffectSpec]
        var removing = false
        /// The removed element (drawn in place) and where it was.
        var ghost: Element?
        /// Its parent's key (nil for a root) and its index among the parent's children.
        var parentKey: ElementKey?
        var index = 0
        /// The order removals began in: ghosts at one index are spliced back in this order.
        var serial = 0
    }

    struct Pending {
        var owner: Int
        var criteria: AnimationCompletionCriteria
        var completion: () -> Void
    }

    private(set) var roots: [Element] = []
    var slots: [SlotKey: any AnimationSlot] = [:]
    var transitions: [ElementKey: TransitionRecord] = [:]
    /// Running content transitions of live text (ContentTransition.swift).
    var contentChanges: [ElementKey: ContentChange] = [:]
    /// Live elements of the last commit by key, and each one's parent key (nil for roots).
    var index: [ElementKey: Element] = [:]
    var parents: [ElementKey: ElementKey] = [:]
    var pending: [Pending] = []
    /// The next ``TransitionRecord/serial``.
    var nextRemovalSerial = 0
    /// The slots each commit's animation moved (a completion waits on these only), kept for the
    /// commits with a completion pending and the latest one.
    var ownerSlots: [Int: Set<SlotKey>] = [:]
    var nextOwner = 0
    private(set) var hasCommitted = false
    /// The instant the presentation reads (seconds).
    var time = 0.0

    // MARK: Presentation

    func localFrame(_ element: Element) -> Rect? {
        guard let v = slots[SlotKey(element.key, .frame)]?.sample(at: time) as? AnimatableVector, v.elements.count == 4 else { return nil }
        let e = v.elements
        return Rect(x: e[0], y: e[1], width: max(0, e[2]), height: max(0, e[3]))
    }

    func data(_ key: SlotKey, _ model: any VectorArithmetic) -> any VectorArithmetic {
        slots[key]?.sample(at: time) ?? model
    }

    func transitionEffects(_ element: Element, size: Size) -> [DisplayEffect] {
        guard let record = transitions[element.key] else { return [] }
        return record.specs.enumerated().map { i, spec in spec.make(data(SlotKey(element.key, .transition(i)), spec.data), size) }
    }

    func isVisible(_ element: Element) -> Bool {
        guard element.isGhost else { return true }
        return slots[SlotKey(element.key, .life)].map { !$0.isComplete(at: time) } ?? false
    }

    /// The display list at `time`.
    func displayList(at time: Double) -> DisplayList {
        self.time = time
        return DisplayList(roots.filter(isVisible).map { $0.displayItem(parentOrigin: .zero, self) })
    }

    // MARK: Commit

    /// Commits a freshly resolved and laid-out tree at `time` in `transaction`; returns the
    /// owner id of the commit and whether anything it changed animates. The steps, in order:
    /// name the new tree's elements, retarget live views, start insertions, start removals,
    /// keep running transitions, splice removed views back in, drop unused slots.
    @discardableResult
    func commit(_ newRoots: [Element], transaction: Transaction, reduceMotion: Bool, at time: Double) -> (owner: Int, animates: Bool) {
        // Only commits with a completion still pending need their moved slots (what
        // dueCompletion reads): a commit gets its completion right after it returns, so an
        // entry without one by the next commit never will. Without this the table grew by one
        // entry per animated commit for the host's life.
        if !ownerSlots.isEmpty {
            let waiting = Set(pending.map(\.owner))
            ownerSlots = ownerSlots.filter { waiting.contains($0.key) }
        }
        var c = Commit(engine: self, transaction: transaction, reduceMotion: reduceMotion, time: time, owner: nextOwner)
        nextOwner += 1
        c.name(newRoots)
        c.retargetLive()
        c.insert()
        c.remove()
        c.matchGeometry()
        c.keepRunning()
        roots = c.splice(newRoots)
        c.dropUnusedSlots()
        transitions = c.newTransitions
        contentChanges = c.newContentChanges
        index = c.newIndex
        parents = c.newParents
        hasCommitted = true
        return (c.owner, c.animates)
    }

    /// One commit's working state (see ``commit(_:transaction:reduceMotion:at:)``).
    struct Commit {
        let engine: AnimationEngine
        let transaction: Transaction
        let reduceMotion: Bool
        let time: Double
        let owner: Int
        var animates = false
        var used = Set<SlotKey>()
        /// The new tree's elements in tree order, by key, with parents and parents' origins.
        var order: [ElementKey] = []
        var newIndex: [ElementKey: Element] = [:]
        var newParents: [ElementKey: ElementKey] = [:]
        var origins: [ElementKey: Point] = [:]
        var newTransitions: [ElementKey: TransitionRecord] = [:]
        var newContentChanges: [ElementKey: ContentChange] = [:]
        var ghostKeys = Set<ElementKey>()

        init(engine: AnimationEngine, transaction: Transaction, reduceMotion: Bool, time: Double, owner: Int) {
            self.engine = engine; self.transaction = transaction; self.reduceMotion = reduceMotion; self.time = time; self.owner = owner
        }

        /// Keys: identities, made unique in tree order (a second element of one identity is occurrence 2).
        mutating func name(_ roots: [Element]) {
            var seen: [SceneIdentity: Int] = [:]
            func assign(_ e: Element, _ parent: ElementKey?, _ origin: Point) {
                let n = (seen[e.identity] ?? 0) + 1
                seen[e.identity] = n
                let k = ElementKey(e.identity, occurrence: n)
                e.key = k
                newIndex[k] = e
                if let parent { newParents[k] = parent }
                origins[k] = origin
                order.append(k)
                for child in e.children { assign(child, k, e.node.frame.origin) }
            }
            for r in roots { assign(r, nil, .zero) }
        }

        func animation(for e: Element?, kind: PropertyKind) -> Animation? {
            var t = transaction
            for edit in e?.transactionEdits ?? [] { edit(&t) }
            if t.disablesAnimations { return nil }
            let policy = t.reduceMotion ?? (reduceMotion ? .crossFade : .off)
            return policy.animates(kind) ? t.animation : nil
        }

        mutating func set(_ key: SlotKey, _ value: any VectorArithmetic, kind: PropertyKind, _ animation: Animation?) {
            used.insert(key)
            if var slot = engine.slots[key], let moved = slot.retarget(value, animation: animation, at: time, owner: owner) {
                engine.slots[key] = slot
                if moved { animates = true; engine.ownerSlots[owner, default: []].insert(key) }
            } else {
                engine.slots[key] = makeSlot(value, kind: kind)
            }
        }

        /// Live views retarget every animatable value; the frame in the parent's space, as
        /// SwiftUI animates positions relative to the parent.
        mutating func retargetLive() {
            for key in order {
                let e = newIndex[key]!
                let f = e.node.frame, o = origins[key]!
                set(
                    SlotKey(key, .frame), AnimatableVector([f.minX - o.x, f.minY - o.y, f.width, f.height]), kind: .movement, animation(for: e, kind: .movement)
                )
                for (i, spec) in e.effects.enumerated() { set(SlotKey(key, .effect(i)), spec.data, kind: spec.kind, animation(for: e, kind: spec.kind)) }
                if e.text != nil, !(engine.contentChanges.isEmpty && e.contentTransitionStyle == .identity) { noteContentChange(key, e) }
                if let c = e.content { set(SlotKey(key, .content), c.data, kind: .other, animation(for: e, kind: .other)) }
            }
        }

        /// A transition's numbers move from `from` (created at rest when missing) to `to`.
        mutating func run(_ key: ElementKey, _ record: TransitionRecord, from: TransitionPhase?, to: TransitionPhase, _ animation: Animation?) {
            let target = record.kind.effects(to, record.context)
            let start = from.map { record.kind.effects($0, record.context) }
            for (i, spec) in target.enumerated() {
                let slot = SlotKey(key, .transition(i))
                if let start, i < start.count, engine.slots[slot] == nil || from == .willAppear {
                    engine.slots[slot] = makeSlot(start[i].data, kind: spec.kind)
                }
                set(slot, spec.data, kind: spec.kind, animation)
            }
        }

        func transitionAnimation(_ kind: AnyTransition.Kind, _ parent: Element?) -> Animation? {
            // A transition's own animation (`.animation(_:)`) wins, even outside withAnimation.
            if let override = kind.animationOverride { return override }
            return animation(for: parent, kind: .other)
        }

        func effective(_ kind: AnyTransition.Kind) -> AnyTransition.Kind {
            let policy = transaction.reduceMotion ?? (reduceMotion ? .crossFade : .off)
            return policy == .crossFade && kind.hasMotion ? .opacity : kind
        }

        /// The element's origin as presented at the commit's instant (host points).
        func presentedOrigin(_ key: ElementKey) -> Point {
            var p = Point.zero, k: ElementKey? = key
            while let current = k {
                if let v = engine.slots[SlotKey(current, .frame)]?.sample(at: time) as? AnimatableVector, v.elements.count == 4 {
                    p.x += v.elements[0]; p.y += v.elements[1]
                }
                k = newParents[current]
            }
            return p
        }

        /// An inserted view has no earlier geometry: it appears at its final place in the host
        /// even while its parent moves or grows around it (its siblings move; it does not). Its
        /// frame, local to the parent, runs the parent's movement backwards with the same curve.
        mutating func pinInserted(_ e: Element, key: ElementKey, parent: ElementKey?) {
            guard let parent, let a = animation(for: newIndex[parent], kind: .movement) else { return }
            let now = presentedOrigin(parent), final = origins[key]!
            guard abs(now.x - final.x) > 1e-9 || abs(now.y - final.y) > 1e-9 else { return }
            let f = e.node.frame
            engine.slots[SlotKey(key, .frame)] = makeSlot(AnimatableVector([f.minX - now.x, f.minY - now.y, f.width, f.height]), kind: .movement)
            set(SlotKey(key, .frame), AnimatableVector([f.minX - final.x, f.minY - final.y, f.width, f.height]), kind: .movement, a)
        }

        /// Insertions: a new view whose parent was there before (or a new root after the first commit).
        mutating func insert() {
            for key in order where engine.index[key] == nil {
                let e = newIndex[key]!, parent = newParents[key]
                guard parent.map({ engine.index[$0] != nil }) ?? engine.hasCommitted else { continue }
                if var record = engine.transitions[key], record.removing {
                    // Re-inserted mid-removal: back to identity from where it is.
                    record.removing = false
                    record.ghost = nil
                    run(key, record, from: nil, to: .identity, transitionAnimation(record.kind, parent.flatMap { newIndex[$0] }))
                    engine.slots[SlotKey(key, .life)] = nil
                    newTransitions[key] = record
                    continue
                }
                pinInserted(e, key: key, parent: parent)
                let kind = effective(e.transition?.kind ?? .opacity)
                guard let a = transitionAnimation(kind, e) else { continue }
                let record = TransitionRecord(kind: kind, context: e.transitionContext, specs: kind.effects(.identity, e.transitionContext))
                run(key, record, from: .willAppear, to: .identity, a)
                newTransitions[key] = record
            }
        }

        /// Removals: a view gone whose parent is still there (or a root), in the old tree's order.
        mutating func remove() {
            for old in engine.roots { removeGone(old) }
        }

        private mutating func removeGone(_ old: Element) {
            let key = old.key
            // Ghosts spliced in by earlier commits are not live (their removal runs already).
            guard !old.isGhost, engine.index[key] === old else { return }
            if newIndex[key] != nil {
                for child in old.children { removeGone(child) }
                return
            }
            let parent = engine.parents[key]
            guard parent.map({ newIndex[$0] != nil }) ?? true else { return }
            var record =
                engine.transitions[key]
                ?? {
                    let kind = effective(old.transition?.kind ?? .opacity)
                    return TransitionRecord(kind: kind, context: old.transitionContext, specs: kind.effects(.identity, old.transitionContext))
                }()
            guard let a = transitionAnimation(record.kind, parent.flatMap { newIndex[$0] }) else { return }
            record.removing = true
            record.ghost = old
            record.parentKey = parent
            let siblings = parent.map { engine.index[$0]?.children ?? [] } ?? engine.roots
            record.index = siblings.firstIndex { $0 === old } ?? siblings.count
            record.serial = engine.nextRemovalSerial
            engine.nextRemovalSerial += 1
            record.specs = record.kind.effects(.didDisappear, record.context)
            run(key, record, from: .identity, to: .didDisappear, a)
            engine.slots[SlotKey(key, .life)] = makeSlot(AnimatableVector([0]), kind: .other)
            set(SlotKey(key, .life), AnimatableVector([1]), kind: .other, a)
            old.isGhost = true
            newTransitions[key] = record
        }

        /// Matched geometry across an insertion and a removal of one id (MatchedGeometry.swift):
        /// the new view starts at the old one's presented frame, the old one moves to the new
        /// frame, with the commit's movement animation.
        mutating func matchGeometry() {
            var appearing: [MatchedGeometry.Key: ElementKey] = [:]
            for key in order where engine.index[key] == nil {
                if let m = newIndex[key]!.matchedGeometry, appearing[m.key] == nil { appearing[m.key] = key }
            }
            guard !appearing.isEmpty else { return }
            // Old views in tree order, so the pairing does not depend on dictionary order.
            var gone: [Element] = []
            func walk(_ e: Element) {
                // Live in the last commit (earlier ghosts are not in the index) and gone now.
                if engine.index[e.key] === e, newIndex[e.key] == nil, e.matchedGeometry != nil { gone.append(e) }
                e.children.forEach(walk)
            }
            engine.roots.forEach(walk)
            for old in gone {
                guard let m = old.matchedGeometry, let newKey = appearing.removeValue(forKey: m.key), removalAnimates(old.key),
                    let e = newIndex[newKey], let a = animation(for: e, kind: .movement)
                else { continue }
                let from = oldPresentedFrame(old.key) ?? old.node.frame, to = e.node.frame
                let start = m.adopt(from, own: to)
                let parentNow = newParents[newKey].map(presentedOrigin) ?? .zero, parentModel = origins[newKey]!
                engine.slots[SlotKey(newKey, .frame)] = makeSlot(Self.vector(start, minus: parentNow), kind: .movement)
                set(SlotKey(newKey, .frame), Self.vector(to, minus: parentModel), kind: .movement, a)
                let oldParent = engine.parents[old.key].flatMap { newIndex[$0] ?? engine.index[$0] }
                set(SlotKey(old.key, .frame), Self.vector(m.adopt(to, own: from), minus: oldParent?.node.frame.origin ?? .zero), kind: .movement, a)
            }
        }

        static func vector(_ r: Rect, minus o: Point) -> AnimatableVector { AnimatableVector([r.minX - o.x, r.minY - o.y, r.width, r.height]) }

        /// Whether an old view is inside a removal that animates (a ghost stays on screen).
        func removalAnimates(_ key: ElementKey) -> Bool {
            var k: ElementKey? = key
            while let current = k {
                if let record = newTransitions[current] { return record.removing }
                if newIndex[current] != nil { return false }
                k = engine.parents[current]
            }
            return false
        }

        /// An old view's frame as drawn at the commit's instant (host points), through its old parents.
        func oldPresentedFrame(_ key: ElementKey) -> Rect? {
            var p = Point.zero, size: Size?
            var k: ElementKey? = key
            while let current = k {
                guard let v = engine.slots[SlotKey(current, .frame)]?.sample(at: time) as? AnimatableVector, v.elements.count == 4 else { return nil }
                p.x += v.elements[0]; p.y += v.elements[1]
                if size == nil { size = Size(width: v.elements[2], height: v.elements[3]) }
                k = engine.parents[current]
            }
            return size.map { Rect(origin: p, size: $0) }
        }

        /// Live views keep the record of a finished insertion (its identity-phase effects
        /// stay); removals still running stay, to be spliced back in.
        mutating func keepRunning() {
            for (key, record) in engine.transitions where newTransitions[key] == nil {
                if !record.removing, newIndex[key] != nil { newTransitions[key] = record; continue }
                if record.removing, let ghost = record.ghost, newIndex[key] == nil,
                    record.parentKey.map({ newIndex[$0] != nil }) ?? true,
                    engine.slots[SlotKey(key, .life)].map({ !$0.isComplete(at: time) }) ?? false
                {
                    ghost.isGhost = true
                    newTransitions[key] = record
                }
            }
        }

        /// Splices ghosts into their parents, in their old places (lower indices first); their
        /// subtrees keep their slots.
        mutating func splice(_ newRoots: [Element]) -> [Element] {
            var rootsOut = newRoots
            let ghosts = newTransitions.filter { $0.value.removing && $0.value.ghost != nil }
                .sorted { ($0.value.index, $0.value.serial) < ($1.value.index, $1.value.serial) }
            for (_, record) in ghosts {
                let ghost = record.ghost!
                func mark(_ e: Element) { ghostKeys.insert(e.key); e.children.forEach(mark) }
                mark(ghost)
                if let parentKey = record.parentKey {
                    if let parent = newIndex[parentKey] { parent.children.insert(ghost, at: min(record.index, parent.children.count)) }
                } else {
                    rootsOut.insert(ghost, at: min(record.index, rootsOut.count))
                }
            }
            return rootsOut
        }

        mutating func dropUnusedSlots() {
            for (key, record) in newTransitions {
                for i in 0..<record.specs.count { used.insert(SlotKey(key, .transition(i))) }
                if record.removing { used.insert(SlotKey(key, .life)) }
            }
            let used = self.used, ghostKeys = self.ghostKeys
            engine.slots = engine.slots.filter { used.contains($0.key) || ghostKeys.contains($0.key.element) }
        }
    }

    // MARK: Completions

    /// Registers a completion for the commit `owner` (it runs when ``dueCompletion(after:)`` says).
    func addCompletion(owner: Int, criteria: AnimationCompletionCriteria, _ completion: @escaping () -> Void) {
        pending.append(Pending(owner: owner, criteria: criteria, completion: completion))
    }

    /// The earliest pending completion and when it is due (never before `now`).
    func dueCompletion(now: Double) -> (index: Int, time: Double)? {
        var best: (Int, Double)?
        for (i, p) in pending.enumerated() {
            var end = -Double.infinity
            var never = false
            // Only the slots this commit's animation moved can carry it (others answer −∞).
            for key in ownerSlots[p.owner] ?? [] {
                guard let slot = slots[key] else { continue }
                guard let t = slot.completionTime(owner: p.owner, criteria: p.criteria) else { never = true; break }
                end = max(end, t)
            }
            if never { continue }
            let due = max(end, now)
            if best == nil || due < best!.1 { best = (i, due) }
        }
        return best
    }

    /// Removes and returns the completion at `index`.
    func takeCompletion(_ index: Int) -> () -> Void {
        let p = pending.remove(at: index)
        if !pending.contains(where: { $0.owner == p.owner }) { ownerSlots[p.owner] = nil }
        return p.completion
    }
}
