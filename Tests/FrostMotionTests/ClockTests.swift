import Testing
@testable import FrostMotion
import FrostTestSupport

@Suite("Clocks", .hangLimit)
struct ClockTests {
    @Test("a manual clock gives drift-free frame times")
    func manual() throws {
        var clock = ManualClock()
        try clock.advance(by: 0.5)
        let frames = try clock.frames(rate: 120, duration: 1)
        #expect(frames.count == 121 && frames.first == 0.5 && frames.last == 1.5)
        #expect(frames[60] == 0.5 + 60.0 / 120)
        #expect(throws: MotionError.self) { try clock.advance(by: -1) }
        #expect(throws: MotionError.self) { try clock.frames(rate: .nan, duration: 1) }
    }

    @Test("missed frames and the hitch ratio at 60 and 120 Hz")
    func hitches() throws {
        for rate in [60.0, 120.0] {
            var ticker = try FrameTicker(rate: rate)
            var t = 0.0
            var frameCount = 0
            // One second; at frame 10 the next frame arrives 3 refreshes late, at 30 one late;
            // small timing jitter must not count.
            while t < 1 - 1e-9 {
                let gap = frameCount == 10 ? 4 : (frameCount == 30 ? 2 : 1)
                t += Double(gap) / rate + (frameCount % 2 == 0 ? 0.0004 : -0.0004)
                try ticker.tick(at: t)
                frameCount += 1
            }
            #expect(ticker.missedFrames == 4, "\(rate) Hz")
            #expect(abs(ticker.hitchTime - 4 / rate) < 1e-12)
            #expect(abs(ticker.hitchRatio - 4 / rate * 1000 / ticker.elapsed) < 1e-9)
        }
        var smooth = try FrameTicker(rate: 120)
        for i in 0...240 { try smooth.tick(at: Double(i) / 120) }
        #expect(smooth.missedFrames == 0 && smooth.hitchRatio == 0 && smooth.frames == 241)
        #expect(throws: MotionError.self) { try FrameTicker(rate: 75) }
        #expect(throws: MotionError.self) { try smooth.tick(at: 0.5) }
    }

    @Test("an animator driven by a manual clock is deterministic")
    func deterministic() throws {
        func run() throws -> [Double] {
            var a = Animator([Animator.Key("x"): 0])
            let clock = ManualClock()
            try a.withAnimation(.bouncy, at: 0, changes: [Animator.Key("x"): 10])
            return try clock.frames(rate: 60, duration: 1).map { t in
                a.advance(to: t); return a.value(Animator.Key("x"), at: t)!
            }
        }
        #expect(try run() == run())
    }
}
