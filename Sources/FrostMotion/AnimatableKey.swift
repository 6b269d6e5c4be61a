/// A typed name for one animatable property of an ``Animator``: its value type, its name and
/// what it does on screen (for Reduce Motion). Two keys are the same property when their
/// names, kinds and value types match, so `AnimatableKey<Rect>("frame")` and
/// `AnimatableKey<Double>("frame")` never collide.
public struct AnimatableKey<Value: VectorArithmetic>: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var kind: PropertyKind
    public init(_ name: String, kind: PropertyKind = .other) { self.name = name; self.kind = kind }
    public var description: String { "\(name): \(Value.self)" }

    var slot: SlotID { SlotID(name: name, kind: kind, type: ObjectIdentifier(Value.self)) }
}

/// The untyped identity of a key inside an animator.
struct SlotID: Hashable, Sendable, Comparable {
    let name: String, kind: PropertyKind, type: ObjectIdentifier
    /// Deterministic order (by name, then type name) so transactions apply in the same order
    /// on every run, whatever the dictionary's layout.
    static func < (l: SlotID, r: SlotID) -> Bool {
        l.name != r.name ? l.name < r.name : String(describing: l.type) < String(describing: r.type)
    }
}

/// One animated property of any value type, behind a protocol so one animator holds them all.
protocol AnimatedSlot: Sendable {
    func isComplete(at time: Double) -> Bool
    func isLogicallyComplete(owner: Int, at time: Double) -> Bool
    func isRemoved(owner: Int, at time: Double) -> Bool
    mutating func prune(at time: Double)
}

extension AnimatedValue: AnimatedSlot {}
