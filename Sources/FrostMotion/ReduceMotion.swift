/// What the system's Reduce Motion setting does to animated changes. Apple's guidance: replace
/// x/y/z movement with fades, and avoid animating into and out of blurs.
public enum ReduceMotionPolicy: Hashable, Sendable {
    /// Animate everything as asked.
    case off
    /// Movement (position, offset, scale, rotation, size) and blur jump to their new values;
    /// opacity and other properties still animate, so changes read as cross-fades.
    case crossFade

    /// Whether a change of a property of `kind` animates under this policy.
    public func animates(_ kind: PropertyKind) -> Bool {
        switch self {
        case .off: return true
        case .crossFade: return kind == .opacity || kind == .other
        }
    }
}

/// What an animated property does on screen, so policies such as Reduce Motion can treat
/// movement, fades and blur differently.
public enum PropertyKind: Hashable, Sendable {
    /// Position, offset, scale, rotation, size: anything that moves.
    case movement
    /// Opacity: fades.
    case opacity
    /// A blur radius.
    case blur
    /// Anything else (colours, corner radii, …).
    case other
}
