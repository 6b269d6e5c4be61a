extension Spring {
    /// A spring without parameter checks, for values derived from checked springs.
    init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// The spring a fraction `f` (0…1) of the way from `a` to `b`, interpolating response and
    /// damping ratio (what SwiftUI's blendDuration blends), mass 1.
    static func mix(_ a: Spring, _ b: Spring, _ f: Double) -> Spring {
        let response = a.response + (b.response - a.response) * f
        let ratio = a.dampingRatio + (b.dampingRatio - a.dampingRatio) * f
        let omega = 2 * Double.pi / response
        return Spring(uncheckedMass: 1, stiffness: omega * omega, damping: 2 * ratio * omega)
    }

    /// Steps the offset (y, y′) from `t0` to `t1` (both within the blend) with the spring
    /// blending from `a` to `b` over `blend` seconds: exact spring steps of ≤ 1/480 s with the
    /// parameters at each step's midpoint (second-order accurate in the step).
    static func stepBlend(
        from a: Spring, to b: Spring, blend: Double, y: inout Double, v: inout Double,
        from t0: Double, to t1: Double
    ) {
        guard t1 > t0 else { return }
        let n = max(1, Int(((t1 - t0) * 480).rounded(.up)))
        let dt = (t1 - t0) / Double(n)
        for i in 0..<n {
            let f = min(1, (t0 + (Double(i) + 0.5) * dt) / blend)
            mix(a, b, f).update(value: &y, velocity: &v, target: 0, deltaTime: dt)
        }
    }

    /// The unit responses of ``unitResponses(time:)`` for a spring whose parameters blend from
    /// `previous` to `self` over `blend` seconds. `end` holds the responses at the end of the
    /// blend (computed once when the motion starts); after it the motion is closed-form again.
    @usableFromInline
    func blendedResponses(
        from previous: Spring, blend: Double, end: BlendEnd, time: Double
    )
        -> (distance: (value: Double, velocity: Double), kick: (value: Double, velocity: Double))
    {
        let t = max(0, time)
        if t >= blend {
            let tau = t - blend
            let d = offset(target: -end.distance.0, initialVelocity: end.distance.1, time: tau)
            let k = offset(target: -end.kick.0, initialVelocity: end.kick.1, time: tau)
            return ((d.value, d.velocity), (k.value, k.velocity))
        }
        var dy = -1.0, dv = 0.0, ky = 0.0, kv = 1.0
        Spring.stepBlend(from: previous, to: self, blend: blend, y: &dy, v: &dv, from: 0, to: t)
        Spring.stepBlend(from: previous, to: self, blend: blend, y: &ky, v: &kv, from: 0, to: t)
        return ((dy, dv), (ky, kv))
    }

    /// The unit responses (offset, velocity) at the end of a blend.
    static func blendEnd(from previous: Spring, to next: Spring, blend: Double) -> BlendEnd {
        var dy = -1.0, dv = 0.0, ky = 0.0, kv = 1.0
        stepBlend(from: previous, to: next, blend: blend, y: &dy, v: &dv, from: 0, to: blend)
        stepBlend(from: previous, to: next, blend: blend, y: &ky, v: &kv, from: 0, to: blend)
        return BlendEnd(distance: (dy, dv), kick: (ky, kv))
    }
}

/// Where a blended spring's two unit responses stand when its blend ends.
@usableFromInline
struct BlendEnd: Hashable, Sendable {
    @usableFromInline var distance: (Double, Double)
    @usableFromInline var kick: (Double, Double)
    init(distance: (Double, Double), kick: (Double, Double)) { self.distance = distance; self.kick = kick }
    @usableFromInline static func == (l: BlendEnd, r: BlendEnd) -> Bool {
        l.distance == r.distance && l.kick == r.kick
    }
    @usableFromInline func hash(into h: inout Hasher) {
        h.combine(distance.0); h.combine(distance.1); h.combine(kick.0); h.combine(kick.1)
    }
}
