import Foundation
import FrostGeometry
import FrostImage

/// SVG path data (the `d` attribute) as a path: every command of SVG 1.1 — moveto, lineto,
/// horizontal and vertical lineto, cubic and quadratic Béziers with their smooth forms,
/// elliptical arcs (as cubics, at most 90° each) and closepath — absolute and relative, with
/// SVG's compact number syntax ("-.5.5", "1e-3", flags without separators).
extension Path {
    /// Parses SVG path data.
    /// - Throws: `ImageError.invalidArgument` naming the first thing that is not path data
    ///   (with its character offset), or a non-finite number.
    public init(svgPathData data: String) throws(ImageError) {
        self.init()
        var scanner = SVGPathScanner(Array(data.utf8))
        var current = Point(x: 0, y: 0), start = current
        var lastControl: Point? = nil  // the previous cubic's second control (for S)
        var lastQuadControl: Point? = nil  // the previous quadratic's control (for T)
        var command: UInt8 = 0
        while true {
            scanner.skipSeparators()
            guard !scanner.atEnd else { break }
            if let c = scanner.command() {
                command = c
            } else if command == 0 {
                throw .invalidArgument("SVG path data must start with a command, at offset \(scanner.offset)")
            } else if command == UInt8(ascii: "M") || command == UInt8(ascii: "m") {
                // Coordinates after a moveto are implicit linetos.
                command = command == UInt8(ascii: "M") ? UInt8(ascii: "L") : UInt8(ascii: "l")
            } else if command == UInt8(ascii: "Z") || command == UInt8(ascii: "z") {
                throw .invalidArgument("SVG path data has a number after closepath, at offset \(scanner.offset)")
            }
            let relative = command >= UInt8(ascii: "a")
            let base = relative ? current : Point(x: 0, y: 0)
            func point() throws(ImageError) -> Point {
                let x = try scanner.number(), y = try scanner.number()
                return Point(x: base.x + x, y: base.y + y)
            }
            var cubicControl: Point? = nil, quadControl: Point? = nil
            switch command | 0x20 {  // lower case
            case UInt8(ascii: "m"):
                current = try point(); start = current
                move(to: current)
            case UInt8(ascii: "l"):
                current = try point(); line(to: current)
            case UInt8(ascii: "h"):
                current = Point(x: (relative ? current.x : 0) + (try scanner.number()), y: current.y); line(to: current)
            case UInt8(ascii: "v"):
                current = Point(x: current.x, y: (relative ? current.y : 0) + (try scanner.number())); line(to: current)
            case UInt8(ascii: "c"):
                let c1 = try point(), c2 = try point(), p = try point()
                cubic(to: p, control1: c1, control2: c2); current = p; cubicControl = c2
            case UInt8(ascii: "s"):
                let c1 = lastControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let c2 = try point(), p = try point()
                cubic(to: p, control1: c1, control2: c2); current = p; cubicControl = c2
            case UInt8(ascii: "q"):
                let c = try point(), p = try point()
                quad(to: p, control: c); current = p; quadControl = c
            case UInt8(ascii: "t"):
                let c = lastQuadControl.map { Point(x: 2 * current.x - $0.x, y: 2 * current.y - $0.y) } ?? current
                let p = try point()
                quad(to: p, control: c); current = p; quadControl = c
            case UInt8(ascii: "a"):
                let rx = try scanner.number(), ry = try scanner.number(), rotation = try scanner.number()
                let large = try scanner.flag(), sweep = try scanner.flag()
                let p = try point()
                arc(from: current, to: p, rx: rx, ry: ry, rotation: rotation, largeArc: large, sweep: sweep)
                current = p
            case UInt8(ascii: "z"):
                close(); current = start
            default:
                throw .invalidArgument("'\(Character(UnicodeScalar(command)))' is not an SVG path command, at offset \(scanner.offset - 1)")
            }
            lastControl = cubicControl
            lastQuadControl = quadControl
        }
    }

    /// An SVG elliptical arc (endpoint form, SVG 1.1 appendix F.6) as cubic Béziers of at most
    /// 90° each; a zero radius draws a line, radii too small to reach are scaled up.
    mutating func arc(from p0: Point, to p1: Point, rx: Double, ry: Double, rotation: Double, largeArc: Bool, sweep: Bool) {
        if p0 == p1 { return }
        var rx = abs(rx), ry = abs(ry)
        guard rx > 0, ry > 0 else { line(to: p1); return }
        let phi = rotation * .pi / 180, cosPhi = cos(phi), sinPhi = sin(phi)
        let dx = (p0.x - p1.x) / 2, dy = (p0.y - p1.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy, y1 = -sinPhi * dx + cosPhi * dy
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        let num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let den = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var k = den > 0 ? (max(0, num) / den).squareRoot() : 0
        if largeArc == sweep { k = -k }
        let cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx
        let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
        let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
        func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double { atan2(ux * vy - uy * vx, ux * vx + uy * vy) }
        let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
        var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
        if !sweep && delta > 0 { delta -= 2 * .pi } else if sweep && delta < 0 { delta += 2 * .pi }
        let segments = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(segments)
        let t = 4.0 / 3 * tan(step / 4)
        func at(_ a: Double) -> (Point, Point) {
            // The point and its derivative direction on the ellipse at parameter angle a.
            let ca = cos(a), sa = sin(a)
            let p = Point(x: cx + rx * ca * cosPhi - ry * sa * sinPhi, y: cy + rx * ca * sinPhi + ry * sa * cosPhi)
            let d = Point(x: -rx * sa * cosPhi - ry * ca * sinPhi, y: -rx * sa * sinPhi + ry * ca * cosPhi)
            return (p, d)
        }
        var a = theta1
        var (from, dFrom) = at(a)
        for n in 0..<segments {
            let b = a + step
            var (to, dTo) = at(b)
            if n == segments - 1 { to = p1 }
            cubic(
                to: to, control1: Point(x: from.x + t * dFrom.x, y: from.y + t * dFrom.y),
                control2: Point(x: to.x - t * dTo.x, y: to.y - t * dTo.y))
            a = b; from = to; dFrom = dTo
        }
    }
}

/// Reads SVG path data's tokens.
struct SVGPathScanner {
    let bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    var atEnd: Bool { offset >= bytes.count }

    mutating func skipSeparators() {
        while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ",")].contains(bytes[offset]) { offset += 1 }
    }
    /// A command letter, if one is next.
    mutating func command() -> UInt8? {
        guard offset < bytes.count else { return nil }
        let b = bytes[offset] | 0x20
        guard "mlhvcsqtaz".utf8.contains(b), bytes[offset] != UInt8(ascii: "e"), bytes[offset] != UInt8(ascii: "E") else { return nil }
        offset += 1
        return bytes[offset - 1]
    }
    /// A number in SVG's syntax: sign, digits, a point, digits, an exponent.
    mutating func number() throws(ImageError) -> Double {
        skipSeparators()
        let begin = offset
        func digits() { while offset < bytes.count, (0x30...0x39).contains(bytes[offset]) { offset += 1 } }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: "+") { offset += 1 }
        digits()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") { offset += 1; digits() }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e"), offset + 1 < bytes.count,
            (0x30...0x39).contains(bytes[offset + 1]) || bytes[offset + 1] == UInt8(ascii: "-") || bytes[offset + 1] == UInt8(ascii: "+")
        {
            offset += 1
            if bytes[offset] == UInt8(ascii: "-") || bytes[offset] == UInt8(ascii: "+") { offset += 1 }
            digits()
        }
        guard offset > begin, let value = Double(String(decoding: bytes[begin..<offset], as: UTF8.self)), value.isFinite else {
            throw .invalidArgument("SVG path data needs a number at offset \(begin)")
        }
        return value
    }
    /// An arc flag: one "0" or "1", separators optional.
    mutating func flag() throws(ImageError) -> Bool {
        skipSeparators()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "0") || bytes[offset] == UInt8(ascii: "1") else {
            throw .invalidArgument("SVG path data needs an arc flag (0 or 1) at offset \(offset)")
        }
        offset += 1
        return bytes[offset - 1] == UInt8(ascii: "1")
    }
}
