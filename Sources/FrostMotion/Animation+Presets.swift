/// SwiftUI's animation names and defaults.
///
/// Like SwiftUI, none of these throws. A NaN parameter takes its default, other values clamp to
/// the documented range (a duration ≤ 0 becomes 1 µs: the move completes on the next frame).
/// ``Animation/parse(_:)`` and the `frost` CLI use the same builders with strict checks and
/// report such values as errors instead.
extension Animation {
    /// SwiftUI's default curve duration, in seconds.
    public static let defaultCurveDuration = 0.35

    /// A timing curve over `duration` seconds (> 0).
    public static func timingCurve(_ curve: UnitCurve, duration: Double = defaultCurveDuration) -> Animation {
        timingCurve(curve, duration: duration, check: Lenient())
    }

    static func timingCurve<C: ParameterCheck>(_ curve: UnitCurve, duration: Double, check: C) throws(C.Failure) -> Animation {
        let d = try check.value("duration", duration, in: 0...1e6, open: true, default: defaultCurveDuration)
        return Animation(.curve(curve, duration: d))
    }

    /// A cubic Bézier timing curve with control points (p1x, p1y) and (p2x, p2y); x clamps to
    /// [0, 1] (see ``UnitCurve/bezier(startControlPoint:endControlPoint:)``).
    public static func timingCurve(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
        duration: Double = defaultCurveDuration
    ) -> Animation {
        timingCurve(p1x, p1y, p2x, p2y, duration: duration, check: Lenient())
    }

    static func timingCurve<C: ParameterCheck>(
        _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
        duration: Double, check: C
    ) throws(C.Failure) -> Animation {
        let curve = try UnitCurve.bezier(
            startControlPoint: UnitPoint(x: p1x, y: p1y),
            endControlPoint: UnitPoint(x: p2x, y: p2y), check: check)
        return try timingCurve(curve, duration: duration, check: check)
    }

    public static func linear(duration: Double) -> Animation { timingCurve(.linear, duration: duration) }
    public static func easeIn(duration: Double) -> Animation { timingCurve(.easeIn, duration: duration) }
    public static func easeOut(duration: Double) -> Animation { timingCurve(.easeOut, duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { timingCurve(.easeInOut, duration: duration) }

    public static let linear = linear(duration: defaultCurveDuration)
    public static let easeIn = easeIn(duration: defaultCurveDuration)
    public static let easeOut = easeOut(duration: defaultCurveDuration)
    public static let easeInOut = easeInOut(duration: defaultCurveDuration)

    /// A spring that merges with the animation it interrupts; `blendDuration` (≥ 0, seconds)
    /// is how long the previous spring's response blends into this one's.
    public static func spring(_ spring: Spring, blendDuration: Double = 0) -> Animation {
        self.spring(spring, blendDuration: blendDuration, check: Lenient())
    }

    static func spring<C: ParameterCheck>(_ spring: Spring, blendDuration: Double, check: C) throws(C.Failure) -> Animation {
        Animation(.spring(spring, blendDuration: try check.value("blendDuration", blendDuration, in: 0...1e6, default: 0)))
    }

    /// `.spring(duration:bounce:)`: defaults 0.5 s, bounce 0.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        spring(Spring(duration: duration, bounce: bounce), blendDuration: blendDuration)
    }

    /// `.spring(response:dampingFraction:blendDuration:)`: defaults 0.5 s, 0.825, 0.
    public static func spring(
        response: Double = 0.5, dampingFraction: Double = 0.825,
        blendDuration: Double = 0
    ) -> Animation {
        spring(Spring(response: response, dampingRatio: dampingFraction), blendDuration: blendDuration)
    }

    /// `.interactiveSpring(response:dampingFraction:blendDuration:)`: defaults 0.15 s, 0.86, 0.25 s.
    public static func interactiveSpring(
        response: Double = 0.15, dampingFraction: Double = 0.86,
        blendDuration: Double = 0.25
    ) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// `.spring`: response 0.5 s, critically damped.
    public static let spring = spring(Spring(response: 0.5, dampingRatio: 1))
    /// SwiftUI's `.default`: the same as ``spring``.
    public static let `default` = spring
    public static let interactiveSpring = interactiveSpring()
    public static let smooth = spring(.smooth)
    public static let snappy = spring(.snappy)
    public static let bouncy = spring(.bouncy)

    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(Spring.smooth(duration: duration, extraBounce: extraBounce))
    }
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(Spring.snappy(duration: duration, extraBounce: extraBounce))
    }
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(Spring.bouncy(duration: duration, extraBounce: extraBounce))
    }

    /// A spring that adds to the animation it interrupts instead of merging; `initialVelocity`
    /// is in progress units per second (1 = the whole move per second; NaN is 0, clamped to ±1e9).
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        interpolatingSpring(spring, initialVelocity: initialVelocity, check: Lenient())
    }

    static func interpolatingSpring<C: ParameterCheck>(
        _ spring: Spring, initialVelocity: Double,
        check: C
    ) throws(C.Failure) -> Animation {
        let v = try check.value("initialVelocity", initialVelocity, in: -1e9...1e9, default: 0)
        return Animation(.interpolatingSpring(spring, initialVelocity: v))
    }

    public static func interpolatingSpring(
        mass: Double = 1, stiffness: Double, damping: Double,
        initialVelocity: Double = 0
    ) -> Animation {
        interpolatingSpring(
            Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true),
            initialVelocity: initialVelocity)
    }

    public static func interpolatingSpring(
        duration: Double = 0.5, bounce: Double = 0,
        initialVelocity: Double = 0
    ) -> Animation {
        interpolatingSpring(Spring(duration: duration, bounce: bounce), initialVelocity: initialVelocity)
    }

    public static let interpolatingSpring = interpolatingSpring()
}

extension Animation {
    /// A gesture's velocity (value units per second) as the normalised velocity that
    /// `interpolatingSpring(initialVelocity:)` and UIKit's `initialSpringVelocity` take:
    /// fractions of the whole move per second. 0 when the move has no length.
    public static func normalizedVelocity(_ velocity: Double, from: Double, to: Double) -> Double {
        let distance = to - from
        return distance == 0 || !distance.isFinite ? 0 : velocity / distance
    }
}
