import FrostMotion

// One animated value of the committed tree, whatever its vector type (SwiftUI keeps one per
// animatable attribute). Internal; the motion maths is FrostMotion's AnimatedValue.

/// One animated value of a committed view tree (a frame, an effect's numbers, a content's
/// colours), whatever its value type: FrostMotion's ``AnimatedValue`` behind a protocol.
protocol AnimationSlot {
    var kind: PropertyKind { get }
    func sample(at time: Double) -> any VectorArithmetic
    /// Moves the target to `value` at `time`: true when it animates, false when unchanged or
    /// jumping, nil when `value` is of another type or shape (the caller replaces the slot).
    mutating func retarget(_ value: any VectorArithmetic, animation: Animation?, at time: Double, owner: Int) -> Bool?
    func isComplete(at time: Double) -> Bool
    /// See ``AnimatedValue/restTime``.
    var restTime: Double? { get }
    /// See ``AnimatedValue/completionTime(owner:criteria:)``.
    func completionTime(owner: Int, criteria: AnimationCompletionCriteria) -> Double?
}

/// A vector whose number of components matters: values of different lengths cannot animate
/// into each other (a gradient that gains a stop jumps).
protocol ShapedVector { var shapeCount: Int { get } }
extension AnimatableVector: ShapedVector { var shapeCount: Int { elements.count } }
extension AnimatablePair: ShapedVector {
    var shapeCount: Int { ((first as? ShapedVector)?.shapeCount ?? 0) * 4099 + ((second as? ShapedVector)?.shapeCount ?? 0) }
}

struct TypedSlot<V: VectorArithmetic>: AnimationSlot {
    var value: AnimatedValue<V>
    let kind: PropertyKind
    let shape: Int

    init(_ v: V, kind: PropertyKind) {
        value = AnimatedValue(v); self.kind = kind; shape = (v as? ShapedVector)?.shapeCount ?? 0
    }

    func sample(at time: Double) -> any VectorArithmetic { value.value(at: time) }

    mutating func retarget(_ new: any VectorArithmetic, animation: Animation?, at time: Double, owner: Int) -> Bool? {
        guard let v = new as? V, ((v as? ShapedVector)?.shapeCount ?? 0) == shape else { return nil }
        if v == value.target { return false }
        do {
            try value.set(v, animation: animation, at: time, initialVelocity: nil, owner: owner)
        } catch {
            // A non-finite value (or a clock that went back) cannot animate: jump to it.
            value = AnimatedValue(v)
            return false
        }
        return animation != nil
    }

    func isComplete(at time: Double) -> Bool { value.isComplete(at: time) }
    var restTime: Double? { value.restTime }
    func completionTime(owner: Int, criteria: AnimationCompletionCriteria) -> Double? {
        value.completionTime(owner: owner, criteria: criteria)
    }
}

/// A slot at rest at `value`.
func makeSlot(_ value: any VectorArithmetic, kind: PropertyKind) -> any AnimationSlot {
    func open<V: VectorArithmetic>(_ v: V) -> any AnimationSlot { TypedSlot(v, kind: kind) }
    return open(value)
}
