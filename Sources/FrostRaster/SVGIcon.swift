import Foundation
import FrostGeometry
import FrostImage

/// A single-colour SVG icon, as icon sets ship them (Bootstrap Icons, and any set drawn the same
/// way): `<path d fill-rule>`, `<circle>`, `<ellipse>` and `<rect>` (with `rx`, `ry` and a
/// `matrix(…)` transform) inside an `<svg viewBox>`, filled in one colour. Anything else —
/// strokes, gradients, groups, `<use>` — is not read: such a file is rejected with a message
/// rather than drawn wrongly.
public struct SVGIcon: Sendable, Hashable {
    /// One filled outline and how it decides its inside.
    public struct Shape: Sendable, Hashable {
        public var path: Path
        public var rule: FillRule
        public init(path: Path, rule: FillRule) { self.path = path; self.rule = rule }
    }
    /// The icon's coordinate box (from `viewBox`, else `width` × `height`).
    public var viewBox: Rect
    public var shapes: [Shape]

    /// The most bytes an icon file may have (real icons are a few kilobytes).
    public static let maxBytes = 1 << 20

    /// Reads an icon from SVG text.
    /// - Throws: `ImageError.invalidArgument` for text that is not such an icon, naming what.
    public init(svg text: String) throws(ImageError) {
        guard text.utf8.count <= SVGIcon.maxBytes else {
            throw .invalidArgument("the SVG has \(text.utf8.count) bytes; icons are limited to \(SVGIcon.maxBytes)")
        }
        let elements = SVGIcon.elements(text)
        guard let svg = elements.first(where: { $0.name == "svg" }) else { throw .invalidArgument("no <svg> element") }
        if let box = svg.attributes["viewBox"] {
            let v = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            guard v.count == 4, v.allSatisfy(\.isFinite), v[2] > 0, v[3] > 0 else {
                throw .invalidArgument("viewBox \"\(box)\" is not four numbers with a positive size")
            }
            viewBox = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        } else if let w = svg.attributes["width"].flatMap(Double.init), let h = svg.attributes["height"].flatMap(Double.init), w > 0, h > 0 {
            viewBox = Rect(x: 0, y: 0, width: w, height: h)
        } else {
            throw .invalidArgument("the <svg> has neither a viewBox nor a width and height")
        }
        var shapes: [Shape] = []
        for e in elements where e.name != "svg" {
            func number(_ key: String, _ fallback: Double? = nil) throws(ImageError) -> Double {
                guard let v = e.attributes[key].flatMap(Double.init) ?? fallback, v.isFinite else {
                    throw .invalidArgument("<\(e.name)> needs a number for \(key)")
                }
                return v
            }
            if e.attributes["stroke"].map({ $0 != "none" }) ?? false {
                throw .invalidArgument("<\(e.name)> is stroked; only filled icons are read")
            }
            var path: Path
            switch e.name {
            case "path":
                guard let d = e.attributes["d"] else { throw .invalidArgument("<path> without d") }
                path = try Path(svgPathData: d)
            case "circle":
                let r = try number("r")
                path = .ellipse(x: try number("cx", 0) - r, y: try number("cy", 0) - r, width: 2 * r, height: 2 * r)
            case "ellipse":
                let rx = try number("rx"), ry = try number("ry")
                path = .ellipse(x: try number("cx", 0) - rx, y: try number("cy", 0) - ry, width: 2 * rx, height: 2 * ry)
            case "rect":
                let w = try number("width"), h = try number("height")
                let rx = try number("rx", e.attributes["ry"].flatMap(Double.init) ?? 0)
                let ry = try number("ry", rx)
                let r = min(rx, ry, w / 2, h / 2)
                path = .roundedRect(x: try number("x", 0), y: try number("y", 0), width: w, height: h, radius: max(0, r))
            case "title", "desc", "defs", "metadata", "style":
                continue
            default:
                throw .invalidArgument("<\(e.name)> is not read (paths, circles, ellipses and rectangles are)")
            }
            if let transform = e.attributes["transform"] {
                path = path.applying(try SVGIcon.matrix(transform))
            }
            shapes.append(Shape(path: path, rule: e.attributes["fill-rule"] == "evenodd" ? .evenOdd : .nonZero))
        }
        guard !shapes.isEmpty else { throw .invalidArgument("the SVG draws nothing") }
        self.shapes = shapes
    }

    /// Reads an icon file.
    public init(contentsOfFile path: String) throws(ImageError) {
        guard let data = FileManager.default.contents(atPath: path) else { throw .invalidArgument("cannot read \(path)") }
        guard data.count <= SVGIcon.maxBytes else { throw .invalidArgument("\(path) has \(data.count) bytes; icons are limited to \(SVGIcon.maxBytes)") }
        do { try self.init(svg: String(decoding: data, as: UTF8.self)) } catch { throw .invalidArgument("\(path): \(error)") }
    }

    /// The drawn geometry's tight bounds in viewBox units (curves, not their control points).
    public var bounds: Rect? {
        var all = Path()
        for s in shapes { all.add(s.path) }
        return all.tightBounds()
    }

    /// `matrix(a b c d e f)`, `translate(x [y])` and `scale(x [y])`: what icon sets write.
    static func matrix(_ text: String) throws(ImageError) -> AffineTransform2D {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else { throw .invalidArgument("transform \"\(text)\" is not read") }
        let name = trimmed[..<open].trimmingCharacters(in: .whitespaces)
        let v = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
            .split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        switch (name, v.count) {
        case ("matrix", 6): return AffineTransform2D(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        case ("translate", 1), ("translate", 2): return AffineTransform2D(translationX: v[0], y: v.count > 1 ? v[1] : 0)
        case ("scale", 1), ("scale", 2): return AffineTransform2D(scaleX: v[0], y: v.count > 1 ? v[1] : v[0])
        default: throw .invalidArgument("transform \"\(text)\" is not read (matrix, translate and scale are)")
        }
    }

    /// The start tags of an XML text, with their attributes (entities are not expanded: icon
    /// attributes hold numbers and names).
    static func elements(_ text: String) -> [(name: String, attributes: [String: String])] {
        var out: [(name: String, attributes: [String: String])] = []
        let bytes = Array(text.utf8)
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
            i += 1
            guard i < bytes.count, bytes[i] != UInt8(ascii: "/"), bytes[i] != UInt8(ascii: "?"), bytes[i] != UInt8(ascii: "!") else { continue }
            var j = i
            while j < bytes.count,
                !(bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D || bytes[j] == UInt8(ascii: ">")
                    || bytes[j] == UInt8(ascii: "/"))
            { j += 1 }
            let name = String(decoding: bytes[i..<j], as: UTF8.self)
            var attributes: [String: String] = [:]
            // attribute="value" pairs up to the tag's end.
            while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x0A || bytes[j] == 0x09 || bytes[j] == 0x0D || bytes[j] == UInt8(ascii: "/") { j += 1 }
                var k = j
                while k < bytes.count, bytes[k] != UInt8(ascii: "="), bytes[k] != UInt8(ascii: ">"), bytes[k] != 0x20 { k += 1 }
                guard k < bytes.count, bytes[k] == UInt8(ascii: "="), k + 1 < bytes.count else { j = k; continue }
                let key = String(decoding: bytes[j..<k], as: UTF8.self)
                let quote = bytes[k + 1]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { j = k + 1; continue }
                var e = k + 2
                while e < bytes.count, bytes[e] != quote { e += 1 }
                attributes[key] = String(decoding: bytes[(k + 2)..<min(e, bytes.count)], as: UTF8.self)
                j = e + 1
            }
            out.append((name, attributes))
            i = j
        }
        return out
    }
}
