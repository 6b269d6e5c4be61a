/// A clock whose time moves only when told: the same calls give the same frames on every run,
/// for tests and offline rendering. Seconds.
public struct ManualClock: Hashable, Sendable {
    public private(set) var now: Double

    public init(start: Double = 0) { now = start }

    /// Moves time forward by `seconds` (≥ 0, finite).
    public mutating func advance(by seconds: Double) throws(MotionError) {
        try MotionError.check("seconds", seconds, in: 0...1e9)
        now += seconds
    }

    /// Frame timestamps from ``now`` through `now + duration` at `rate` frames per second
    /// (computed as now + i/rate, so they never drift).
    public func frames(rate: Double, duration: Double) throws(MotionError) -> [Double] {
        try MotionError.check("rate", rate, in: 1...1000)
        try MotionError.check("duration", duration, in: 0...86_400)
        let count = Int((duration * rate + 1e-9).rounded(.down))
        return (0...count).map { now + Double($0) / rate }
    }
}

/// Watches frame timestamps at 60 or 120 Hz and measures smoothness the way Apple does: frames
/// delivered late count as missed, and the **hitch ratio** is the time spent waiting on late
/// frames per second of animation, in ms/s (Apple: < 5 good, 5–10 a warning, > 10 critical).
public struct FrameTicker: Hashable, Sendable {
    /// Frames per second the display expects.
    public let rate: Double
    /// Frames seen.
    public private(set) var frames = 0
    /// Display refreshes that showed a stale frame.
    public private(set) var missedFrames = 0
    /// Seconds of hitch (missed refreshes × frame interval).
    public private(set) var hitchTime = 0.0
    var first: Double?
    var last: Double?

    /// - Parameter rate: 60 or 120.
    public init(rate: Double) throws(MotionError) {
        guard rate == 60 || rate == 120 else { throw .invalidParameter("rate must be 60 or 120 Hz, got \(rate)") }
        self.rate = rate
    }

    /// Seconds per refresh: 16.667 ms at 60 Hz, 8.333 ms at 120 Hz.
    public var frameInterval: Double { 1 / rate }

    /// Records a frame presented at `timestamp` (seconds, non-decreasing); returns how many
    /// refreshes were missed since the previous frame.
    @discardableResult
    public mutating func tick(at timestamp: Double) throws(MotionError) -> Int {
        try MotionError.check("timestamp", timestamp, in: -1e300...1e300)
        if let last, timestamp < last { throw .invalidParameter("timestamp \(timestamp) is before the previous frame at \(last)") }
        defer { last = timestamp; frames += 1; if first == nil { first = timestamp } }
        guard let last else { return 0 }
        // Timestamps jitter around refresh boundaries: round to whole refreshes.
        let refreshes = Int(((timestamp - last) / frameInterval).rounded())
        let missed = max(0, refreshes - 1)
        missedFrames += missed
        hitchTime += Double(missed) * frameInterval
        return missed
    }

    /// Seconds from the first frame to the last.
    public var elapsed: Double { (last ?? 0) - (first ?? 0) }

    /// Hitch time per second, in ms/s (0 before two frames).
    public var hitchRatio: Double { elapsed > 0 ? hitchTime * 1000 / elapsed : 0 }
}
