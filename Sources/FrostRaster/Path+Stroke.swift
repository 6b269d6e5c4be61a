import FrostGeometry
import Foundation

extension Path {
    /// How a path is stroked, as Core Graphics and SwiftUI's `StrokeStyle` describe it.
    public struct StrokeStyle: Hashable, Sendable {
        /// What ends an open subpath or a dash.
        public enum Cap: String, Hashable, Sendable, CaseIterable { case butt, round, square }
        /// What joins two segments.
        public enum Join: String, Hashable, Sendable, CaseIterable { case miter, round, bevel }
        /// The line width, in path units.
        public var width: Double
        public var cap: Cap
        public var join: Join
        /// The longest miter, in line widths, before a miter join is drawn as a bevel (Core
        /// Graphics' rule: miter length ÷ width = 1 ÷ sin(θ/2) for a turn leaving an angle θ).
        public var miterLimit: Double
        /// Alternating dash and gap lengths, in path units (empty: a solid line). Negative or
        /// non-finite lengths, or a pattern summing to zero, draw a solid line.
        public var dash: [Double]
        /// How far into the dash pattern the line starts, in path units.
        public var dashPhase: Double

        /// Core Graphics' and SwiftUI's defaults: butt caps, miter joins with limit 10, no dashes.
        public init(
            width: Double = 1, cap: Cap = .butt, join: Join = .miter, miterLimit: Double = 10,
            dash: [Double] = [], dashPhase: Double = 0
        ) {
            self.width = width; self.cap = cap; self.join = join; self.miterLimit = miterLimit
            self.dash = dash; self.dashPhase = dashPhase
        }

        /// Round caps and joins: how Frost stroked before styles existed (`stroked(width:)`).
        public static func round(width: Double) -> StrokeStyle { StrokeStyle(width: width, cap: .round, join: .round) }
    }

    /// The outline of this path stroked with `width` pixels (round joins and caps), as a path
    /// to fill with the non-zero rule.
    public func stroked(width: Double) -> Path { stroked(StrokeStyle.round(width: width)) }

    /// The outline of this path stroked as `style` says, as a path to fill with the non-zero
    /// rule: every piece (segment quads, joins, caps) is wound the same way, so overlaps unite.
    public func stroked(_ style: StrokeStyle) -> Path {
        let h = style.width / 2
        var out = Path()
        guard h > 0, h.isFinite else { return out }
        var lines = subpaths()
        if let pattern = Path.usableDash(style.dash) { lines = Path.dashed(lines, pattern, phase: style.dashPhase) }
        for (raw, closed) in lines {
            // Coincident points would give segments without a direction.
            var points: [Point] = []
            for p in raw where points.last.map({ ($0 - p).length > 1e-9 }) ?? true { points.append(p) }
            if closed, points.count > 1, (points[0] - points[points.count - 1]).length <= 1e-9 { points.removeLast() }
            if points.count == 1 {
                // A zero-length dash or subpath: only its caps show (a dot or a square).
                switch style.cap {
                case .butt: break
                case .round: out.add(Path.disc(points[0], h))
                case .square:
                    let p = points[0]
                    out.addOriented(polygon: [Point(p.x - h, p.y - h), Point(p.x + h, p.y - h), Point(p.x + h, p.y + h), Point(p.x - h, p.y + h)])
                }
                continue
            }
            guard points.count > 1 else { continue }
            let ring = closed ? points + [points[0]] : points
            var directions: [Point] = []
            for i in 1..<ring.count { let d = ring[i] - ring[i - 1]; directions.append(d * (1 / d.length)) }
            for i in 1..<ring.count {
                // a + n → b + n → b − n → a − n, with n the left normal, is wound negatively
                // whatever the direction: as the discs and the oriented pieces are.
                let a = ring[i - 1], b = ring[i], n = Path.leftNormal(directions[i - 1]) * h
                out.move(to: a + n); out.line(to: b + n); out.line(to: b - n); out.line(to: a - n); out.close()
            }
            // Joins: between consecutive segments, and where a closed subpath meets itself.
            let joints = closed ? Array(0..<directions.count) : Array(1..<directions.count)
            for j in joints {
                let d1 = directions[(j - 1 + directions.count) % directions.count], d2 = directions[j]
                addJoin(at: ring[j], d1, d2, h, style, into: &out)
            }
            if !closed {
                addCap(at: ring[0], direction: directions[0] * -1, h, style.cap, into: &out)
                addCap(at: ring[ring.count - 1], direction: directions[directions.count - 1], h, style.cap, into: &out)
            }
        }
        return out
    }

    /// The part of this path between fractions `from` and `to` (0…1) of its length, as
    /// SwiftUI's `trim(from:to:)` measures it: along all subpaths in order, closed ones
    /// including their closing segment. Empty when `from ≥ to`.
    public func trimmed(from: Double, to: Double) -> Path {
        let a = min(max(from.isFinite ? from : 0, 0), 1), b = min(max(to.isFinite ? to : 1, 0), 1)
        if a <= 0 && b >= 1 { return self }
        var out = Path()
        guard a < b else { return out }
        let lines = subpaths().map { $0.closed ? $0.points + [$0.points[0]] : $0.points }
        var total = 0.0
        for line in lines { for i in 1..<max(1, line.count) { total += (line[i] - line[i - 1]).length } }
        guard total > 0 else { return out }
        for piece in Path.cut(lines, from: a * total, to: b * total) {
            out.move(to: piece[0])
            for p in piece.dropFirst() { out.line(to: p) }
        }
        return out
    }

    // MARK: Pieces

    static func leftNormal(_ d: Point) -> Point { Point(-d.y, d.x) }

    private func addJoin(at p: Point, _ d1: Point, _ d2: Point, _ h: Double, _ style: StrokeStyle, into out: inout Path) {
        let cross = d1.x * d2.y - d1.y * d2.x, dot = d1.x * d2.x + d1.y * d2.y
        if abs(cross) < 1e-12 && dot > 0 { return }  // straight on
        // The outer side of the turn is opposite to the direction it turns.
        let side: Double = cross > 0 ? -1 : 1
        let n1 = Path.leftNormal(d1) * (h * side), n2 = Path.leftNormal(d2) * (h * side)
        switch style.join {
        case .round where abs(cross) > 0.05 || dot < 0:
            out.add(Path.disc(p, h))
        case .round:
            // A turn under 3° (a flattened curve's joints): the bevel is within h·θ²/8 of the
            // arc, so no disc per vertex.
            out.addOriented(polygon: [p, p + n1, p + n2])
        case .bevel:
            out.addOriented(polygon: [p, p + n1, p + n2])
        case .miter:
            // cos of half the angle between the offset normals; the miter tip is h / that away.
            let bisector = n1 + n2, len = bisector.length
            let cosHalf = len / (2 * h)
            if cosHalf > 1e-9, 1 / cosHalf <= max(style.miterLimit, 1) {
                let tip = p + bisector * (h / cosHalf / len)
                out.addOriented(polygon: [p, p + n1, tip, p + n2])
            } else {
                out.addOriented(polygon: [p, p + n1, p + n2])
            }
        }
    }

    private func addCap(at p: Point, direction d: Point, _ h: Double, _ cap: StrokeStyle.Cap, into out: inout Path) {
        switch cap {
        case .butt: return
        case .round: out.add(Path.disc(p, h))
        case .square:
            let n = Path.leftNormal(d) * h, e = d * h
            out.addOriented(polygon: [p + n, p + n + e, p - n + e, p - n])
        }
    }

    /// A closed polygon wound with negative signed area (as ``disc(_:_:)``), whatever order the
    /// points come in.
    mutating func addOriented(polygon points: [Point]) {
        guard points.count >= 3 else { return }
        var area = 0.0
        for i in 0..<points.count { let a = points[i], b = points[(i + 1) % points.count]; area += a.x * b.y - b.x * a.y }
        let ordered = area > 0 ? points.reversed() : points
        move(to: ordered[0])
        for q in ordered.dropFirst() { line(to: q) }
        close()
    }

    /// A small circle as a polygon, wound like the stroke quads (negative signed area), so the
    /// non-zero rule unites them instead of cutting holes. Its sides stray at most 0.01 units
    /// inside the circle (as curves are flattened), so even a 2-unit dot keeps its area within 1 %.
    static func disc(_ c: Point, _ r: Double) -> Path {
        var p = Path()
        let sagitta = min(1, 0.01 / max(r, 1e-9))
        let n = max(16, min(512, Int((Double.pi / acos(1 - sagitta)).rounded(.up))))
        for i in 0..<n {
            let a = -2 * Double.pi * Double(i) / Double(n)
            let q = Point(c.x + r * cos(a), c.y + r * sin(a))
            if i == 0 { p.move(to: q) } else { p.line(to: q) }
        }
        p.close()
        return p
    }

    /// A dash pattern that can be drawn, or nil for a solid line.
    static func usableDash(_ dash: [Double]) -> [Double]? {
        guard !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
        // An odd-length pattern repeats twice, so dashes and gaps alternate (Core Graphics).
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let sum = pattern.reduce(0, +)
        guard sum > 1e-6 else { return nil }
        return pattern
    }

    /// The dashes of `lines` as open polylines, in one walk along each subpath. Each subpath
    /// starts the pattern afresh at `phase`.
    static func dashed(_ lines: [(points: [Point], closed: Bool)], _ pattern: [Double], phase: Double) -> [(points: [Point], closed: Bool)] {
        let period = pattern.reduce(0, +)
        var out: [(points: [Point], closed: Bool)] = []
        for (raw, closed) in lines {
            let points = closed ? raw + [raw[0]] : raw
            var length = 0.0
            for i in 1..<points.count { length += (points[i] - points[i - 1]).length }
            guard length > 0 else { continue }
            // At most 100,000 dashes along a subpath: a tiny pattern on a long path is drawn solid.
            if length / period > 100_000 { out.append((raw, closed)); continue }
            // Where the phase falls in the pattern: the entry, and how much of it is left.
            var offset = (phase.isFinite ? phase : 0).truncatingRemainder(dividingBy: period)
            if offset < 0 { offset += period }
            var index = 0
            // (A phase of 0 starts in the first entry even when it is a zero-length dot.)
            while offset > 0, offset >= pattern[index] { offset -= pattern[index]; index = (index + 1) % pattern.count }
            var left = pattern[index] - offset
            // Even entries are dashes, odd ones gaps.
            var current: [Point] = index % 2 == 0 ? [points[0]] : []
            for i in 1..<points.count {
                var a = points[i - 1]
                let b = points[i], len = (b - a).length
                guard len > 0 else { continue }
                let direction = (b - a) * (1 / len)
                var along = len
                while left <= along {
                    // The entry ends inside this segment: a dash ends, or one starts, here.
                    let p = a + direction * left
                    along -= left; a = p
                    if index % 2 == 0 { current.append(p); out.append((current, false)); current = [] } else { current = [p] }
                    index = (index + 1) % pattern.count
                    left = pattern[index]
                }
                left -= along
                if index % 2 == 0 { current.append(b) }
            }
            if index % 2 == 0, current.count >= 2 { out.append((current, false)) }
        }
        return out
    }

    /// The pieces of `lines` (polylines laid end to end) between arc lengths `from` and `to`.
    static func cut(_ lines: [[Point]], from: Double, to: Double) -> [[Point]] {
        var pieces: [[Point]] = []
        var s = 0.0
        for line in lines where line.count >= 2 {
            var current: [Point] = []
            for i in 1..<line.count {
                let a = line[i - 1], b = line[i], len = (b - a).length
                let s0 = s, s1 = s + len
                s = s1
                guard len > 0, s1 > from, s0 < to else { continue }
                let t0 = max(0, (from - s0) / len), t1 = min(1, (to - s0) / len)
                let p0 = a + (b - a) * t0, p1 = a + (b - a) * t1
                if current.isEmpty { current.append(p0) }
                current.append(p1)
            }
            if current.count >= 2 { pieces.append(current) }
        }
        return pieces
    }
}
