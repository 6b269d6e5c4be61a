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
        /// The effect structure (builders); numbers come from the slots `key|t<i>`.
        var specs: [EffectSpec]
        var removing = false
        /// The removed element (drawn in place) and where it was.
        var ghost: Element?
        var parentKey = ""
        var index = 0
    }

    struct Pending {
        var owner: Int
        var criteria: AnimationCompletionCriteria
        var completion: () -> Void
    }

    private(set) var roots: [Element] = []
    var slots: [String: any AnimationSlot] = [:]
    var transitions: [String: TransitionRecord] = [:]
    /// Live elements of the last commit by key, and each one's parent key ("" for roots).
    var index: [String: Element] = [:]
    var parents: [String: String] = [:]
    var pending: [Pending] = []
    var nextOwner = 0
    private(set) var hasCommitted = false
    /// The instant the presentation reads (seconds).
    var time = 0.0

    // MARK: Presentation

    func localFrame(_ element: Element) -> Rect? {
        guard let v = slots[element.key + "|f"]?.sample(at: time) as? AnimatableVector, v.elements.count == 4 else { return nil }
        let e = v.elements
        return Rect(x: e[0], y: e[1], width: max(0, e[2]), height: max(0, e[3]))
    }

    func data(_ key: String, _ model: any VectorArithmetic) -> any VectorArithmetic {
        slots[key]?.sample(at: time) ?? model
    }

    func transitionEffects(_ element: Element, size: Size) -> [DisplayEffect] {
        guard let record = transitions[element.key] else { return [] }
        return record.specs.enumerated().map { i, spec in spec.make(data(element.key + "|t\(i)", spec.data), size) }
    }

    func isVisible(_ element: Element) -> Bool {
        guard element.isGhost else { return true }
        return slots[element.key + "|life"].map { !$0.isComplete(at: time) } ?? false
    }

    /// The display list at `time`.
    func displayList(at time: Double) -> DisplayList {
        self.time = time
        return DisplayList(roots.filter(isVisible).map { $0.displayItem(parentOrigin: .zero, self) })
    }

    // MARK: Commit

    /// Commits a freshly resolved and laid-out tree at `time` in `transaction`; returns the
    /// owner id of the commit and whether anything it changed animates.
    @discardableResult
    func commit(_ newRoots: [Element], transaction: Transaction, reduceMotion: Bool, at time: Double) -> (owner: Int, animates: Bool) {
        let owner = nextOwner
        nextOwner += 1
        var animates = false
        var used = Set<String>()

        // Keys: identity paths, made unique in tree order.
        var newIndex: [String: Element] = [:], newParents: [String: String] = [:], origins: [String: Point] = [:]
        func assign(_ e: Element, _ parent: String, _ origin: Point) {
            var k = e.identity.description
            if newIndex[k] != nil {
                var n = 2
                while newIndex["\(k)~\(n)"] != nil { n += 1 }
                k = "\(k)~\(n)"
            }
            e.key = k
            newIndex[k] = e
            newParents[k] = parent
            origins[k] = origin
            e.children.forEach { assign($0, k, e.node.frame.origin) }
        }
        newRoots.forEach { assign($0, "", .zero) }

        func animation(for e: Element?, kind: PropertyKind) -> Animation? {
            var t = transaction
            for edit in e?.transactionEdits ?? [] { edit(&t) }
            if t.disablesAnimations { return nil }
            let policy = t.reduceMotion ?? (reduceMotion ? .crossFade : .off)
            return policy.animates(kind) ? t.animation : nil
        }

        func set(_ key: String, _ value: any VectorArithmetic, kind: PropertyKind, _ animation: Animation?) {
            used.insert(key)
            if var slot = slots[key], let moved = slot.retarget(value, animation: animation, at: time, owner: owner) {
                slots[key] = slot
                animates = animates || moved
            } else {
                slots[key] = makeSlot(value, kind: kind)
            }
        }

        // Live views retarget every animatable value.
        for key in newIndex.keys.sorted() {
            let e = newIndex[key]!
            // The frame in the parent's space (SwiftUI animates positions relative to the parent).
            let f = e.node.frame, o = origins[key]!
            set(key + "|f", AnimatableVector([f.minX - o.x, f.minY - o.y, f.width, f.height]), kind: .movement, animation(for: e, kind: .movement))
            for (i, spec) in e.effects.enumerated() { set(key + "|e\(i)", spec.data, kind: spec.kind, animation(for: e, kind: spec.kind)) }
            if let c = e.content { set(key + "|c", c.data, kind: .other, animation(for: e, kind: .other)) }
        }

        // A transition's numbers move from `from` (created at rest when missing) to `to`.
        func run(_ key: String, _ record: TransitionRecord, from: TransitionPhase?, to: TransitionPhase, _ animation: Animation?) {
            let target = record.kind.effects(to, record.context)
            let start = from.map { record.kind.effects($0, record.context) }
            for (i, spec) in target.enumerated() {
                let slot = key + "|t\(i)"
                if let start, i < start.count, slots[slot] == nil || from == .willAppear {
                    slots[slot] = makeSlot(start[i].data, kind: spec.kind)
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

        // An inserted view has no earlier geometry: it appears at its final place in the host
        // even while its parent moves or grows around it (its siblings move; it does not). Its
        // frame, local to the parent, runs the parent's movement backwards with the same curve.
        func presentedOrigin(_ key: String) -> Point {
            var p = Point.zero, k = key
            while !k.isEmpty {
                if let v = slots[k + "|f"]?.sample(at: time) as? AnimatableVector, v.elements.count == 4 { p.x += v.elements[0]; p.y += v.elements[1] }
                k = newParents[k] ?? ""
            }
            return p
        }
        func pinInserted(_ e: Element, key: String, parent: String) {
            guard !parent.isEmpty, let a = animation(for: newIndex[parent], kind: .movement) else { return }
            let now = presentedOrigin(parent), final = origins[key]!
            guard abs(now.x - final.x) > 1e-9 || abs(now.y - final.y) > 1e-9 else { return }
            let f = e.node.frame
            slots[key + "|f"] = makeSlot(AnimatableVector([f.minX - now.x, f.minY - now.y, f.width, f.height]), kind: .movement)
            set(key + "|f", AnimatableVector([f.minX - final.x, f.minY - final.y, f.width, f.height]), kind: .movement, a)
        }

        // Insertions: a new view whose parent was there before (or a new root after the first commit).
        var newTransitions: [String: TransitionRecord] = [:]
        for key in newIndex.keys.sorted() where index[key] == nil {
            let e = newIndex[key]!, parent = newParents[key]!
            guard parent.isEmpty ? hasCommitted : index[parent] != nil else { continue }
            if var record = transitions[key], record.removing {
                // Re-inserted mid-removal: back to identity from where it is.
                record.removing = false
                record.ghost = nil
                run(key, record, from: nil, to: .identity, transitionAnimation(record.kind, newIndex[parent]))
                slots[key + "|life"] = nil
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

        // Removals: a view gone whose parent is still there (or a root).
        for key in index.keys.sorted() where newIndex[key] == nil {
            let old = index[key]!, parent = parents[key] ?? ""
            guard parent.isEmpty || newIndex[parent] != nil else { continue }
            var record = transitions[key] ?? {
                let kind = effective(old.transition?.kind ?? .opacity)
                return TransitionRecord(kind: kind, context: old.transitionContext, specs: kind.effects(.identity, old.transitionContext))
            }()
            guard let a = transitionAnimation(record.kind, parent.isEmpty ? nil : newIndex[parent]) else { continue }
            record.removing = true
            record.ghost = old
            record.parentKey = parent
            let siblings = parent.isEmpty ? roots : (index[parent]?.children ?? [])
            record.index = siblings.firstIndex { $0 === old } ?? siblings.count
            record.specs = record.kind.effects(.didDisappear, record.context)
            run(key, record, from: .identity, to: .didDisappear, a)
            slots[key + "|life"] = makeSlot(AnimatableVector([0]), kind: .other)
            set(key + "|life", AnimatableVector([1]), kind: .other, a)
            old.isGhost = true
            newTransitions[key] = record
        }

        // Live views keep the record of a finished insertion (its identity-phase effects stay).
        for (key, record) in transitions where newTransitions[key] == nil {
            if !record.removing, newIndex[key] != nil { newTransitions[key] = record; continue }
            // Removals still running stay, spliced below.
            if record.removing, let ghost = record.ghost, newIndex[key] == nil,
               record.parentKey.isEmpty || newIndex[record.parentKey] != nil,
               slots[key + "|life"].map({ !$0.isComplete(at: time) }) ?? false {
                ghost.isGhost = true
                newTransitions[key] = record
            }
        }

        // Splice ghosts into their parents, in their old places; keep their subtrees' slots.
        var rootsOut = newRoots
        var ghostKeys = Set<String>()
        for key in newTransitions.keys.sorted() {
            guard let record = newTransitions[key], record.removing, let ghost = record.ghost else { continue }
            func mark(_ e: Element) { ghostKeys.insert(e.key); e.children.forEach(mark) }
            mark(ghost)
            if record.parentKey.isEmpty {
                rootsOut.insert(ghost, at: min(record.index, rootsOut.count))
            } else if let parent = newIndex[record.parentKey] {
                parent.children.insert(ghost, at: min(record.index, parent.children.count))
            }
        }
        for key in newTransitions.keys {
            for i in 0..<(newTransitions[key]?.specs.count ?? 0) { used.insert(key + "|t\(i)") }
            if newTransitions[key]?.removing == true { used.insert(key + "|life") }
        }
        slots = slots.filter { entry in
            used.contains(entry.key) || ghostKeys.contains(String(entry.key[..<(entry.key.firstIndex(of: "|") ?? entry.key.endIndex)]))
        }
        transitions = newTransitions
        roots = rootsOut
        index = newIndex
        parents = newParents
        hasCommitted = true
        return (owner, animates)
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
            for slot in slots.values {
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
    func takeCompletion(_ index: Int) -> () -> Void { pending.remove(at: index).completion }
}
