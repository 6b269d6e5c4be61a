import FrostImage

/// A 4×5 colour matrix on straight (un-premultiplied) sRGB-encoded RGBA in 0…1, as
/// `CIColorMatrix` and `feColorMatrix`: out = M · (r, g, b, a, 1).
public struct ColorMatrix: Hashable, Sendable {
    /// Rows R, G, B, A; columns r, g, b, a, bias.
    public var rows: [[Double]]

    /// - Precondition: 4 rows of 5 finite numbers (checked by ``validated()``).
    public init(rows: [[Double]]) { self.rows = rows }

    /// Throws unless the matrix is 4×5 and finite.
    public func validated() throws(ImageError) -> ColorMatrix {
        guard rows.count == 4, rows.allSatisfy({ $0.count == 5 && $0.allSatisfy(\.isFinite) }) else {
            throw .invalidArgument("a colour matrix needs 4 rows of 5 finite numbers")
        }
        return self
    }

    public static let identity = ColorMatrix(rows: [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0], [0, 0, 1, 0, 0], [0, 0, 0, 1, 0]])

    /// Rec. 709 luma weights used by Apple's saturation matrix.
    public static let rec709: (r: Double, g: Double, b: Double) = (0.2126, 0.7152, 0.0722)

    /// Saturation `s` (1 = unchanged, 0 = grey, > 1 more colourful): out = luma + s·(c − luma)
    /// with Rec. 709 luma, as `UIImage+ImageEffects` and the system materials.
    public static func saturation(_ s: Double) -> ColorMatrix {
        let (r, g, b) = rec709
        func row(_ i: Int) -> [Double] {
            var v = [r * (1 - s), g * (1 - s), b * (1 - s), 0, 0]
            v[i] += s
            return v
        }
        return ColorMatrix(rows: [row(0), row(1), row(2), [0, 0, 0, 1, 0]])
    }

    /// Adds `b` to R, G and B (the materials' brightness step).
    public static func brightness(_ b: Double) -> ColorMatrix {
        ColorMatrix(rows: [[1, 0, 0, 0, b], [0, 1, 0, 0, b], [0, 0, 1, 0, b], [0, 0, 0, 1, 0]])
    }

    /// `other` applied after `self`.
    public func then(_ other: ColorMatrix) -> ColorMatrix {
        // other · [self; 0 0 0 0 1]
        var out = [[Double]](repeating: [Double](repeating: 0, count: 5), count: 4)
        for i in 0..<4 {
            for j in 0..<5 {
                var v = j == 4 ? other.rows[i][4] : 0
                for k in 0..<4 { v += other.rows[i][k] * rows[k][j] }
                out[i][j] = v
            }
        }
        return ColorMatrix(rows: out)
    }

    /// The matrix applied to one straight colour (unclamped).
    public func apply(_ c: (r: Double, g: Double, b: Double, a: Double)) -> (r: Double, g: Double, b: Double, a: Double) {
        func row(_ i: Int) -> Double {
            let m = rows[i]
            return m[0] * c.r + m[1] * c.g + m[2] * c.b + m[3] * c.a + m[4]
        }
        return (row(0), row(1), row(2), row(3))
    }

    /// The matrix applied to a straight `Color` (unclamped: springs and matrices may leave 0…1;
    /// see `Color.clamped`).
    public func apply(to color: Color) -> Color {
        let o = apply((color.red, color.green, color.blue, color.opacity))
        return Color(red: o.r, green: o.g, blue: o.b, opacity: o.a)
    }
}

/// Apple's luminance curve map: a cubic through four control values applied to Rec. 709
/// luminance and mixed with the colour by `amount` (the first step of every system material).
public struct LuminanceCurve: Hashable, Sendable {
    public var amount: Double
    public var values: (Double, Double, Double, Double)

    public init(amount: Double, values: (Double, Double, Double, Double)) { self.amount = amount; self.values = values }

    public static func == (l: Self, r: Self) -> Bool { l.amount == r.amount && l.values == r.values }
    public func hash(into h: inout Hasher) {
        h.combine(amount); h.combine(values.0); h.combine(values.1); h.combine(values.2); h.combine(values.3)
    }

    /// y(L) = ((aL + b)L + c)L + d (the Bézier through v0…v3 in power form), clamped to 0…1.
    public func curve(_ l: Double) -> Double {
        let (v0, v1, v2, v3) = values
        let a = 3 * (v1 - v2) + v3 - v0, b = 3 * (v0 - 2 * v1 + v2), c = 3 * (v1 - v0), d = v0
        return min(max(((a * l + b) * l + c) * l + d, 0), 1)
    }

    /// The map applied to a straight colour: L = clamp(0.2125 R + 0.7154 G + 0.0721 B),
    /// rgb = mix(rgb, y(L), amount).
    public func apply(_ c: (r: Double, g: Double, b: Double)) -> (r: Double, g: Double, b: Double) {
        let l = min(max(0.2125 * c.r + 0.7154 * c.g + 0.0721 * c.b, 0), 1)
        let y = curve(l)
        return (c.r + (y - c.r) * amount, c.g + (y - c.g) * amount, c.b + (y - c.b) * amount)
    }
}
