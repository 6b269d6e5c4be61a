import Testing
import Foundation
import FrostImage
import FrostTestSupport
@testable import FrostServe

/// The API's routes under seeded random queries and bodies (issue 49: the property suite over
/// the server's surfaces): valid, out of range, misspelt and mutated parameters; real, truncated,
/// random and empty images; small memory budgets. Every call answers (200, or a 4xx/503
/// problem, never a 500 or a trap), a problem is one JSON object naming what is wrong, the same
/// request gives the same bytes, and every byte held is given back.
@Suite("Randomized frost-serve routes", .hangLimit)
struct RandomizedServeTests {
    static let parameters: [String: [String]] = [
        "blur": ["sigma", "edges", "quality", "region"],
        "material": ["style", "appearance", "rect", "corner-radius", "vibrancy", "label"],
        "legibility": ["rect", "text-color", "appearance"],
        "stages": ["count", "max-sigma", "spacing", "size"],
    ]
    /// Values each parameter takes (the rest of the time a value from `values`).
    static let valid: [String: [String]] = [
        "sigma": ["0", "1", "2.5", "8"], "edges": ["clamp", "wrap", "mirror", "transparent"], "quality": ["exact", "realtime", "default"],
        "region": ["0,0,1,1", "0,0,2,2"], "style": ["systemMaterial", "regularMaterial", "bar", "systemThinMaterialDark"],
        "appearance": ["light", "dark"], "rect": ["0,0,1,1", "0,0,2,2"], "corner-radius": ["0", "4"], "vibrancy": ["label", "secondaryLabel"],
        "label": ["Hi", "", "héllo"], "text-color": ["#FFF", "#000000", "#00000080"], "count": ["1", "3"], "max-sigma": ["0", "4"],
        "spacing": ["linear", "doubling"], "size": ["16", "32"],
    ]
    static let values = [
        "0", "1", "2.5", "-1", "1e3", "nan", "inf", "999999", "", " ", "0,0,4,4", "2,2,8,6", "0,0,0,0", "1,1,99999,1", "x,y,w,h",
        "clamp", "wrap", "mirror", "transparent", "exact", "realtime", "default", "light", "dark", "regularMaterial", "bar",
        "systemMaterial", "systemThinMaterialDark", "label", "secondaryLabel", "linear", "doubling", "#FFF", "#00000080", "#GGG",
        "héllo", "\u{0}", "%", String(repeating: "a", count: 300),
    ]

    static func image(_ rng: inout SeededGenerator) throws -> [UInt8] {
        let w = Int.random(in: 1...24, using: &rng), h = Int.random(in: 1...24, using: &rng)
        var image = try Image(width: w, height: h, fill: RGBA8(0, 0, 0, 255))
        for y in 0..<h { for x in 0..<w { image[x, y] = RGBA8(UInt8.random(in: 0...255, using: &rng), UInt8(x * 10 % 256), UInt8(y * 10 % 256), 255) } }
        let png = try PNGCodec.encode(image)
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return Array(png.prefix(Int.random(in: 0...png.count, using: &rng)))  // truncated
        case 1: return (0..<Int.random(in: 0...64, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 2:
            var bytes = png
            for _ in 0..<3 { bytes[Int.random(in: 8..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng) }
            return bytes
        default: return png
        }
    }

    @Test("random queries and bodies on every image route: 200 or a 4xx/503 problem, deterministic, memory given back")
    func routes() throws {
        var answered = 0, refused = 0
        let ran = try PropertyRun.check("serve routes", seed: 4903, cases: 60) { c in
            var limits = ServeLimits()
            limits.memoryBytes = c.rng.pick([64 << 10, 1 << 20, 64 << 20])
            limits.maxPixels = c.rng.pick([100, 4096 * 4096])
            let api = FrostAPI(limits: limits)
            let route = c.rng.pick(Self.parameters.keys.sorted())
            var query: FrostAPI.Query = [:]
            for name in Self.parameters[route]! where Bool.random(using: &c.rng) {
                query[name] = Int.random(in: 0..<6, using: &c.rng) == 0 ? c.rng.pick(Self.values) : c.rng.pick(Self.valid[name]!)
            }
            if Int.random(in: 0..<5, using: &c.rng) == 0 { query[c.rng.pick(["qualty", "sigmas", "style2"])] = "1" }
            if route == "blur", query["sigma"] == nil, Bool.random(using: &c.rng) { query["sigma"] = "3" }
            let body = try Self.image(&c.rng)
            func call() throws -> FrostAPI.Answer {
                let hold = api.budget.hold()
                defer { hold.release() }
                return try MemoryBudget.$current.withValue(hold) {
                    switch route {
                    case "blur": return try api.blur(query: query, body: body)
                    case "material": return try api.material(query: query, body: body)
                    case "legibility": return try api.legibility(query: query, body: body)
                    default: return try api.stages(query: query, body: body)
                    }
                }
            }
            do {
                let answer = try call()
                #expect(!answer.body.isEmpty, "\(route) \(query): \(c)")
                #expect(try call().body == answer.body, "the same request gave other bytes: \(route) \(query): \(c)")
                answered += 1
            } catch let p as Problem {
                refused += 1
                #expect((400..<500).contains(p.status) || p.status == 503, "\(p.status) \(p.detail): \(route) \(query): \(c)")
                #expect(!p.detail.isEmpty, "\(c)")
                #expect((try? JSONSerialization.jsonObject(with: Data(p.json))) is [String: Any], "\(c)")
            }
            #expect(api.budget.inUse == 0, "bytes still held after \(route): \(c)")
        }
        // Both sides of the property were exercised.
        #expect(answered + refused == ran && answered >= ran / 10 && refused >= ran / 10, "\(answered) answered, \(refused) refused")
    }

    @Test("random live-socket messages: σ is read from {\"sigma\": s} or refused, never trapped on")
    func liveMessages() throws {
        let pieces = ["{", "}", "\"sigma\"", ":", "1", "-2", "1e309", "nan", "null", "[", "]", "\"", ",", " ", "true", "\u{FFFF}", "0.5"]
        try PropertyRun.check("live messages", seed: 4904, cases: 200) { c in
            let text = (0..<Int.random(in: 0...8, using: &c.rng)).map { _ in c.rng.pick(pieces) }.joined()
            // JSON has no NaN: a σ read came from a "sigma" member holding a number.
            if let sigma = LiveImage.sigma(in: text) { #expect(!sigma.isNaN && text.contains("\"sigma\""), "\(text): \(c)") }
        }
        #expect(LiveImage.sigma(in: #"{"sigma": 12.5}"#) == 12.5)
        #expect(LiveImage.sigma(in: #"{"sigma": "x"}"#) == nil && LiveImage.sigma(in: "") == nil)
    }
}
