import Foundation

extension Spring {
    /// λ = c / 2m: how fast the motion's envelope decays, per second.
    var decay: Double { damping / (2 * mass) }

    /// ω² − λ² with ω² = k/m: positive underdamped, zero critical, negative overdamped.
    var discriminant: Double { stiffness / mass - decay * decay }

    /// How far a spring starting at 0 with `initialVelocity` has moved toward `target` after
    /// `time` seconds (closed form; `time` < 0 counts as 0).
    ///
    /// With y = x − target: y″ + 2λy′ + ω²y = 0, y(0) = −target, y′(0) = initialVelocity.
    public func value(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        target + offset(target: target, initialVelocity: initialVelocity, time: time).value
    }

    /// The velocity (units per second) of the same motion at `time`.
    public func velocity(target: Double, initialVelocity: Double = 0, time: Double) -> Double {
        offset(target: target, initialVelocity: initialVelocity, time: time).velocity
    }

    /// y = x − target and y′ at `time`, for each damping regime.
    func offset(target: Double, initialVelocity v0: Double, time: Double) -> (value: Double, velocity: Double) {
        let t = max(0, time), l = decay, y0 = -target
        let d = discriminant
        // Within this band of ω² the regimes' formulas agree to rounding; treat it as critical
        // so the underdamped and overdamped forms never divide by a vanishing frequency.
        let tolerance = 1e-9 * stiffness / mass
        if d > tolerance {
            let w = d.squareRoot(), e = exp(-l * t)
            let (s, c) = (sin(w * t), cos(w * t))
            let b = (v0 + l * y0) / w  // y = e^(−λt)(y0 cos ωt + b sin ωt)
            let y = e * (y0 * c + b * s)
            let dy = e * ((b * w - l * y0) * c - (y0 * w + l * b) * s)
            return (y, dy)
        } else if d < -tolerance {
            let r = (-d).squareRoot()
            let r1 = -l + r, r2 = -l - r  // both negative
            let a = (v0 - r2 * y0) / (r1 - r2), b = y0 - a
            let e1 = exp(r1 * t), e2 = exp(r2 * t)
            return (a * e1 + b * e2, a * r1 * e1 + b * r2 * e2)
        } else {
            let e = exp(-l * t), b = v0 + l * y0  // y = e^(−λt)(y0 + b t)
            return (e * (y0 + b * t), e * (b - l * (y0 + b * t)))
        }
    }

    /// The offsets (y, y′) of a unit move from rest and of a unit velocity kick at distance 0,
    /// sharing one exp/sin/cos: any motion is `distance · first + velocity · second`.
    @usableFromInline
    func unitResponses(time: Double) -> (distance: (value: Double, velocity: Double), kick: (value: Double, velocity: Double)) {
        let t = max(0, time), l = decay
        let d = discriminant
        let tolerance = 1e-9 * stiffness / mass
        if d > tolerance {
            let w = d.squareRoot(), e = exp(-l * t)
            let (s, c) = (sin(w * t), cos(w * t))
            // Unit move: y0 = −1, v0 = 0 → b = −λ/ω. Kick: y0 = 0, v0 = 1 → b = 1/ω.
            let b1 = -l / w, b2 = 1 / w
            let y1 = e * (-c + b1 * s), dy1 = e * ((b1 * w + l) * c - (-w + l * b1) * s)
            let y2 = e * (b2 * s), dy2 = e * (b2 * w * c - l * b2 * s)
            return ((y1, dy1), (y2, dy2))
        }
        return (offset(target: 1, initialVelocity: 0, time: t), offset(target: 0, initialVelocity: 1, time: t))
    }

    /// The force (mass · acceleration) on the spring at `position` moving at `velocity`.
    public func force(target: Double, position: Double, velocity: Double) -> Double {
        stiffness * (target - position) - damping * velocity
    }

    /// Advances a spring by `deltaTime` seconds from its current value and velocity, exactly
    /// (no integration error, whatever the step).
    public func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        let (y, dy) = offset(target: target - value, initialVelocity: velocity, time: deltaTime)
        value = target + y
        velocity = dy
    }

    /// Seconds until the spring stays within `epsilon` of `target` (SwiftUI's definition).
    ///
    /// Underdamped springs use SwiftUI's envelope estimate: the distance is taken as
    /// e^(−λt)·(|λ·target − v0| + |target|), so t = ln((|λ·target − v0| + |target|) / ε) / λ.
    /// Critically and overdamped springs have no envelope formula; they are sampled every 0.1 s
    /// and the first sample after which the distance stays below ε for a full second is
    /// returned. An undamped spring never settles (+∞).
    public func settlingDuration(target: Double, initialVelocity: Double = 0, epsilon: Double) -> Double {
        let l = decay
        if l == 0 { return .infinity }
        if discriminant > 1e-9 * stiffness / mass {
            let magnitude = abs(l * target - initialVelocity) + abs(target)
            return max(0, log(magnitude / epsilon) / l)
        }
        var settledSince: Double? = nil
        for step in 0..<1024 {
            let t = Double(step) * 0.1
            let distance = abs(offset(target: target, initialVelocity: initialVelocity, time: t).value)
            if !distance.isFinite { break }
            if distance < epsilon {
                let since = settledSince ?? t
                settledSince = since
                if t - since > 1 { return since }
            } else {
                settledSince = nil
            }
        }
        return settledSince ?? .infinity
    }

    /// ``settlingDuration(target:initialVelocity:epsilon:)`` for a unit move from rest with
    /// ε = 0.001: `.smooth` 0.8 s, `.snappy` 0.877 s, `.bouncy` 1.045 s.
    public var settlingDuration: Double { settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001) }
}
