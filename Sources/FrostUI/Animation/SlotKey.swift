import FrostScene

// Typed names for what the animation engine tracks, replacing the strings ("#root/0|e1") it
// used to build and parse back: an element of a committed tree, and one animatable property of it.

/// An element of a committed tree: its identity, and which occurrence of it in tree order (a
/// primitive may produce several elements of one identity; the second is occurrence 2).
struct ElementKey: Hashable, CustomStringConvertible {
    let identity: SceneIdentity
    let occurrence: Int
    init(_ identity: SceneIdentity, occurrence: Int = 1) { self.identity = identity; self.occurrence = occurrence }
    var description: String { occurrence == 1 ? identity.description : "\(identity)~\(occurrence)" }
}

/// One animated value of an element.
struct SlotKey: Hashable, CustomStringConvertible {
    enum Property: Hashable {
        /// The frame in the parent's space (x, y, width, height).
        case frame
        /// The numbers of the i-th effect (outermost first).
        case effect(Int)
        /// What a leaf draws (colours, gradient stops…).
        case content
        /// The i-th effect of the element's running transition.
        case transition(Int)
        /// A removal's progress (0 → 1): the ghost is drawn until it completes.
        case life
        /// A content transition's progress (0 → 1): old content gives way to the new.
        case contentChange
    }
    let element: ElementKey
    let property: Property
    init(_ element: ElementKey, _ property: Property) { self.element = element; self.property = property }
    var description: String { "\(element)|\(property)" }
}
