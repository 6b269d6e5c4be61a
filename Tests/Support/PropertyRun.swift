import Foundation
import FrostImage

/// Runs a property over seeded random cases: the same cases on every run (CI is repeatable),
/// each replayable alone, and a long mode that keeps drawing new cases for as long as asked.
///
/// Each case gets its own generator, seeded from the run's seed and the case's index, and a
/// `replay` line naming that seed; a test puts the line in its failure messages. Environment:
/// - `FROST_TEST_SEED=N`: the run's seed (default: the test's own); the first case is seeded
///   with N itself, so a printed case seed replays that case.
/// - `FROST_PROPERTY_CASES=N`: how many cases (default: the test's own count).
/// - `FROST_PROPERTY_SECONDS=S`: long mode: new cases until S seconds have passed (the count is
///   then unbounded); what ran is printed at the end.
///
/// Why not x-sheep/swift-property-based: it draws a fresh random seed on every run (a fixed seed
/// runs one case and expects it to fail), so CI would test different cases each time; shrinking
/// is its advantage, and the generators here keep cases small instead (most images are tiny).
public enum PropertyRun {
    public struct Case: CustomStringConvertible {
        public let index: Int
        public let seed: UInt64
        public var rng: SeededGenerator
        /// How to run this case alone.
        public var replay: String { "case \(index), replay with FROST_TEST_SEED=\(seed) FROST_PROPERTY_CASES=1" }
        public var description: String { replay }
    }

    /// The run's settings as the environment says, for a property with `seed` and `cases`.
    public static func settings(seed: UInt64, cases: Int) -> (seed: UInt64, cases: Int, seconds: Double?) {
        let env = ProcessInfo.processInfo.environment
        let seconds = env["FROST_PROPERTY_SECONDS"].flatMap(Double.init).flatMap { $0 > 0 ? $0 : nil }
        return (SeededGenerator.testSeed(seed), env["FROST_PROPERTY_CASES"].flatMap(Int.init).map { max(1, $0) } ?? cases, seconds)
    }

    /// Runs `body` on each case; returns how many ran. `body` throwing stops the run (the test
    /// fails with the thrown error, which should carry `case.replay`).
    @discardableResult
    public static func check(_ name: String, seed: UInt64, cases: Int, _ body: (inout Case) throws -> Void) rethrows -> Int {
        let s = settings(seed: seed, cases: cases)
        let start = Date()
        var index = 0
        while s.seconds.map({ Date().timeIntervalSince(start) < $0 }) ?? (index < s.cases) {
            // SplitMix of (seed, index): neighbouring indices get unrelated generators.
            var mixer = SeededGenerator(seed: s.seed &+ UInt64(index) &* 0x9E37_79B9_7F4A_7C15)
            let caseSeed = index == 0 ? s.seed : mixer.next()
            var c = Case(index: index, seed: caseSeed, rng: SeededGenerator(seed: caseSeed))
            try body(&c)
            index += 1
        }
        if s.seconds != nil {
            print("property \(name): \(index) cases in \(String(format: "%.0f", Date().timeIntervalSince(start))) s from seed \(s.seed)")
        }
        return index
    }
}

extension RandomNumberGenerator {
    /// One of `values`, uniformly.
    public mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &self)] }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
}

/// Random images for property tests: premultiplied, of every kind the engines treat apart.
public enum RandomImages {
    public enum Kind: CaseIterable { case noise, opaqueNoise, constant, gradient, sparse }

    /// A `width × height` image of a random kind (or `kind`).
    public static func make<G: RandomNumberGenerator>(_ width: Int, _ height: Int, kind: Kind? = nil, using rng: inout G) throws -> Image {
        let kind = kind ?? rng.pick(Kind.allCases)
        var image = try Image(width: width, height: height)
        let fill = (
            UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng),
            UInt8.random(in: 0...255, using: &rng), UInt8.random(in: 0...255, using: &rng)
        )
        image.withUnsafeMutablePixels { p in
            for i in stride(from: 0, to: p.count, by: 4) {
                let n = i / 4, x = n % width, y = n / width
                var r: UInt8, g: UInt8, b: UInt8, a: UInt8
                switch kind {
                case .noise:
                    a = .random(in: 0...255, using: &rng)
                    r = .random(in: 0...a, using: &rng); g = .random(in: 0...a, using: &rng); b = .random(in: 0...a, using: &rng)
                case .opaqueNoise:
                    a = 255; r = .random(in: 0...255, using: &rng); g = .random(in: 0...255, using: &rng); b = .random(in: 0...255, using: &rng)
                case .constant:
                    a = fill.3; r = min(fill.0, a); g = min(fill.1, a); b = min(fill.2, a)
                case .gradient:
                    a = 255; r = UInt8(255 * x / max(1, width - 1)); g = UInt8(255 * y / max(1, height - 1)); b = fill.2
                case .sparse:
                    let on = rng.chance(0.02)
                    a = on ? 255 : 0; r = on ? fill.0 : 0; g = on ? fill.1 : 0; b = on ? fill.2 : 0
                }
                p[i] = r; p[i + 1] = g; p[i + 2] = b; p[i + 3] = a
            }
        }
        return image
    }

    /// A size: mostly small, often a line (1×N, N×1), now and then up to `large` pixels.
    public static func size<G: RandomNumberGenerator>(large: Int = 1 << 20, using rng: inout G) -> (Int, Int) {
        switch Int.random(in: 0..<20, using: &rng) {
        case 0: return (1, 1)
        case 1: return (1, Int.random(in: 2...2000, using: &rng))
        case 2: return (Int.random(in: 2...2000, using: &rng), 1)
        case 3:
            let w = Int.random(in: 256...2048, using: &rng)
            return (w, max(1, min(large / w, Int.random(in: 256...2048, using: &rng))))
        default: return (Int.random(in: 1...96, using: &rng), Int.random(in: 1...96, using: &rng))
        }
    }

    /// Whether every pixel's colour is at most its alpha (valid premultiplied RGBA).
    public static func isPremultiplied(_ image: Image) -> Bool {
        image.pixels.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count { if p[i] > p[i + 3] || p[i + 1] > p[i + 3] || p[i + 2] > p[i + 3] { return false }; i += 4 }
            return true
        }
    }

    /// Whether `a` and `b` (one size) agree on every pixel outside `rect`.
    public static func sameOutside(_ a: Image, _ b: Image, _ rect: PixelRect) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        for y in 0..<a.height {
            let inside = y >= rect.y && y < rect.maxY
            for x in 0..<a.width where !(inside && x >= rect.x && x < rect.maxX) {
                if a[x, y] != b[x, y] { return false }
            }
        }
        return true
    }
}
