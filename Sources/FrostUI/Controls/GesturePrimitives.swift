import Foundation
import FrostGeometry

// SwiftUI's primitive gestures — tap, spatial tap, long press, drag, magnify and rotate — and
// `@GestureState`, each recognising the touches a host delivers (see Gestures.swift for the
// rules and GestureRecognition.swift for the machinery).

/// One tap sequence: fails when the finger moves more than 10 pt; ends at touch-up when the
/// touch's tap count is a multiple of `count`. The value is where it ended, in `space`.
private func tapStep(count: Int, space: CoordinateSpace, _ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Point> {
    guard !node.finished, let finger = input.global.first else { return node.record(.failed) }
    node.sample(input.global, at: input.time)
    if distance(finger, node.startPoints.first ?? finger) > tapMovementAllowance { return node.record(.failed) }
    switch input.phase {
    case .began, .moved: return node.record(.possible)
    case .cancelled: return node.record(.failed)
    case .ended:
        guard input.tapCount % max(1, count) == 0 else {
            node.wantsMoreTaps = true
            return node.record(.failed)
        }
        return node.record(.ended(input.points(in: space).first ?? .zero))
    }
}

/// A tap (or `count` taps), as SwiftUI's `TapGesture`.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = count }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Void> {
        tapStep(count: count, space: .local, input, node).map { _ in () }
    }
}

/// A tap that reports where it landed, as SwiftUI's `SpatialTapGesture`.
public struct SpatialTapGesture: Gesture {
    public struct Value: Equatable, Sendable {
        /// Where the tap ended, in the gesture's coordinate space (points).
        public var location: CGPoint
    }
    public var count: Int
    public var coordinateSpace: CoordinateSpace
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) { self.count = count; self.coordinateSpace = coordinateSpace }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        tapStep(count: count, space: coordinateSpace, input, node).map { Value(location: CGPoint(x: $0.x, y: $0.y)) }
    }
}

/// A press held for `minimumDuration` seconds within `maximumDistance` points, as SwiftUI's
/// `LongPressGesture`: its value is true from touch-down (`updating` sees the press), and it
/// ends (true) once the duration has passed, with the finger still down.
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration; self.maximumDistance = maximumDistance
    }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Bool> {
        guard !node.finished, let finger = input.global.first else { return node.record(.failed) }
        node.sample(input.global, at: input.time)
        if distance(finger, node.startPoints.first ?? finger) > Double(maximumDistance) { return node.record(.failed) }
        // A billionth of a second of slack: sample times are sums of fractions.
        let held = input.time - node.startTime >= minimumDuration - 1e-9
        switch input.phase {
        case .began: return node.record(held ? .ended(true) : .changed(true))
        case .moved: return node.record(held ? .ended(true) : .possible)
        case .ended: return node.record(held ? .ended(true) : .failed)
        case .cancelled: return node.record(.failed)
        }
    }
}

/// A drag, as SwiftUI's `DragGesture`: recognised once the finger is `minimumDistance` points
/// from where it went down (at once for 0), reporting every move until it lifts.
public struct DragGesture: Gesture {
    /// Where a drag is, as SwiftUI reports it (points, in the gesture's coordinate space).
    public struct Value: Equatable, Sendable {
        /// The host's clock as a date (from ``HostCore/timerEpoch``).
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        /// Points per second, over the last two samples.
        public var velocity: CGSize
        /// Where the content would come to rest if released now (UIScrollView's normal deceleration).
        public var predictedEndLocation: CGPoint
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }
    /// How long UIScrollView's normal deceleration (a rate of 0.998 per millisecond) carries a
    /// velocity: Σ 0.998ᵏ ms = 0.998 / 0.002 ms ≈ 0.499 s.
    static let projection = 0.998 / (1 - 0.998) / 1000
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance; self.coordinateSpace = coordinateSpace
    }

    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        guard !node.finished, input.phase != .cancelled, let finger = input.points(in: coordinateSpace).first else { return node.record(.failed) }
        node.sample([finger], at: input.time)
        let start = node.startPoints[0]
        let recognised = node.recognised || distance(finger, start) >= Double(minimumDistance)
        guard recognised else { return node.record(input.phase == .ended ? .failed : .possible) }
        let vx = node.rate { $0[0].x }, vy = node.rate { $0[0].y }
        let value = Value(
            time: HostCore.timerEpoch.addingTimeInterval(input.time),
            location: CGPoint(x: finger.x, y: finger.y), startLocation: CGPoint(x: start.x, y: start.y),
            velocity: CGSize(width: vx, height: vy),
            predictedEndLocation: CGPoint(x: finger.x + vx * DragGesture.projection, y: finger.y + vy * DragGesture.projection))
        return node.record(input.phase == .ended ? .ended(value) : .changed(value))
    }
}

/// Two fingers' measure relative to where they started (a ratio of distances, or an angle),
/// recognised past `threshold`; the value's rate is per second.
private func twoFingerStep(
    _ input: _GestureInput, _ node: _GestureNode, threshold: Double, relative: ([Point], [Point]) -> Double, identity: Double
) -> _GestureStep<(value: Double, rate: Double, start: Point)> {
    let fingers = input.points(in: .local)
    guard !node.finished, input.phase != .cancelled, fingers.count >= 2 else { return node.record(.failed) }
    node.sample(fingers, at: input.time)
    let start = node.startPoints
    let value = relative(start, fingers)
    let recognised = node.recognised || abs(value - identity) >= threshold
    guard recognised else { return node.record(input.phase == .ended ? .failed : .possible) }
    let rate = node.rate { relative(start, $0) }
    let result = (value: value, rate: rate, start: centroid(start))
    return node.record(input.phase == .ended ? .ended(result) : .changed(result))
}

private func spread(_ p: [Point]) -> Double { distance(p[0], p[1]) }
private func scale(_ start: [Point], _ now: [Point]) -> Double { spread(start) > 0 ? spread(now) / spread(start) : 1 }
private func turn(_ start: [Point], _ now: [Point]) -> Double {
    let a0 = atan2(start[1].y - start[0].y, start[1].x - start[0].x), a1 = atan2(now[1].y - now[0].y, now[1].x - now[0].x)
    var d = a1 - a0
    while d > .pi { d -= 2 * .pi }
    while d <= -.pi { d += 2 * .pi }
    return d
}
private func anchor(_ p: Point, _ size: Size) -> UnitPoint {
    UnitPoint(x: size.width > 0 ? p.x / size.width : 0.5, y: size.height > 0 ? p.y / size.height : 0.5)
}

/// A pinch, as SwiftUI's `MagnifyGesture` (iOS 17): the fingers' spread relative to its start.
public struct MagnifyGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var magnification: CGFloat
        /// Magnification per second.
        public var velocity: CGFloat
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        twoFingerStep(input, node, threshold: Double(minimumScaleDelta), relative: scale, identity: 1).map {
            Value(
                time: HostCore.timerEpoch.addingTimeInterval(input.time), magnification: $0.value, velocity: $0.rate,
                startAnchor: anchor($0.start, input.size), startLocation: CGPoint(x: $0.start.x, y: $0.start.y))
        }
    }
}

/// A pinch, as SwiftUI's `MagnificationGesture` (its value is the scale).
public struct MagnificationGesture: Gesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<CGFloat> {
        twoFingerStep(input, node, threshold: Double(minimumScaleDelta), relative: scale, identity: 1).map { CGFloat($0.value) }
    }
}

/// A two-finger rotation, as SwiftUI's `RotateGesture` (iOS 17): clockwise on screen is positive.
public struct RotateGesture: Gesture {
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var rotation: Angle
        /// Rotation per second.
        public var velocity: Angle
        public var startAnchor: UnitPoint
        public var startLocation: CGPoint
    }
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Value> {
        twoFingerStep(input, node, threshold: minimumAngleDelta.radians, relative: turn, identity: 0).map {
            Value(
                time: HostCore.timerEpoch.addingTimeInterval(input.time), rotation: .radians($0.value), velocity: .radians($0.rate),
                startAnchor: anchor($0.start, input.size), startLocation: CGPoint(x: $0.start.x, y: $0.start.y))
        }
    }
}

/// A two-finger rotation, as SwiftUI's `RotationGesture` (its value is the angle).
public struct RotationGesture: Gesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
    public func _step(_ input: _GestureInput, _ node: _GestureNode) -> _GestureStep<Angle> {
        twoFingerStep(input, node, threshold: minimumAngleDelta.radians, relative: turn, identity: 0).map { .radians($0.value) }
    }
}

/// State that a gesture sets while it runs and that returns to its initial value when the
/// gesture ends, fails or is cancelled, as SwiftUI's `@GestureState`: stored by the view's
/// identity like `@State`, set through `updating(_:body:)`.
@propertyWrapper
public struct GestureState<Value>: HostBoundProperty {
    let location: StateLocation<Value>
    let resetTransaction: Transaction
    let resetBody: ((Value, inout Transaction) -> Void)?
    public init(wrappedValue: Value) { self.init(wrappedValue: wrappedValue, resetTransaction: Transaction()) }
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }
    /// Returns to the initial value in `resetTransaction` (animated, when it has an animation).
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        location = StateLocation(wrappedValue); self.resetTransaction = resetTransaction; resetBody = nil
    }
    /// Calls `reset` with the value being dropped and the transaction the reset runs in.
    public init(wrappedValue: Value, reset: @escaping (Value, inout Transaction) -> Void) {
        location = StateLocation(wrappedValue); resetTransaction = Transaction(); resetBody = reset
    }
    public var wrappedValue: Value { location.box.value }
    public var projectedValue: GestureState<Value> { self }

    func bind(_ binder: inout PropertyBinder) {
        location.box = binder.host.stateBox(StateKey(identity: binder.identity, field: binder.field), initial: location.initial)
    }
    func set(_ value: Value, in transaction: Transaction) { withTransaction(transaction) { location.box.value = value } }
    func reset() {
        var t = resetTransaction
        resetBody?(location.box.value, &t)
        set(location.initial, in: t)
    }
}

extension GestureState where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
    public init(resetTransaction: Transaction) { self.init(wrappedValue: nil, resetTransaction: resetTransaction) }
}

/// Which gestures a modifier's gesture may win over, as SwiftUI's `GestureMask`.
public struct GestureMask: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let none = GestureMask([])
    public static let gesture = GestureMask(rawValue: 1)
    public static let subviews = GestureMask(rawValue: 2)
    public static let all: GestureMask = [.gesture, .subviews]
}
