import Testing
import Foundation
import FrostImage
import FrostBlur
import Hummingbird
import HummingbirdTesting
import NIOCore
import FrostTestSupport
@testable import FrostServe

/// A 64 × 48 gradient as PNG bytes.
private func gradientPNG(width: Int = 64, height: Int = 48) throws -> [UInt8] {
    var image = try Image(width: width, height: height, fill: RGBA8(0, 0, 0, 255))
    for y in 0..<height { for x in 0..<width { image[x, y] = RGBA8(UInt8(x * 255 / max(1, width - 1)), UInt8(y * 255 / max(1, height - 1)), 128, 255) } }
    return try PNGCodec.encode(image)
}

private func app(_ limits: ServeLimits = ServeLimits()) -> some ApplicationProtocol {
    ServeApp.application(api: FrostAPI(limits: limits), host: "127.0.0.1", port: 0)
}

private func buffer(_ bytes: [UInt8]) -> ByteBuffer { ByteBuffer(bytes: bytes) }

/// The problem+json body of a response, parsed.
private func problem(_ response: TestResponse) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(response.body.readableBytesView)) as? [String: Any]) ?? [:]
}

@Suite("frost-serve: routes, errors and limits", .hangLimit)
struct ServeRouteTests {
    @Test("GET /healthz and /openapi.yaml; every documented path is routed and every route documented")
    func documented() async throws {
        try await app().test(.router) { client in
            try await client.execute(uri: "/healthz", method: .get) { r in
                #expect(r.status == .ok && String(buffer: r.body).contains("\"status\":\"ok\""))
            }
            let yaml = try await client.execute(uri: "/openapi.yaml", method: .get) { String(buffer: $0.body) }
            let paths = yaml.split(separator: "\n").compactMap { line -> String? in
                line.hasPrefix("  /") && line.hasSuffix(":") ? String(line.dropFirst(2).dropLast()) : nil
            }
            #expect(
                paths == [
                    "/healthz", "/openapi.yaml", "/", "/app.js", "/sample.png", "/v1/blur", "/v1/material", "/v1/legibility", "/v1/stages", "/v1/transition",
                ])
            // Every route is documented (the WebSocket in the description: OpenAPI has no upgrades).
            #expect(Set(ServeApp.router(api: FrostAPI()).routes.map { "\($0.path)" }) == Set(paths + ["/v1/live"]))
            #expect(yaml.contains("/v1/live"))
            for path in paths where path.hasPrefix("/v1/") {
                // Routed: an empty body is a 4xx problem, not a 404.
                try await client.execute(uri: path, method: .post, body: buffer([])) { r in
                    #expect(r.status.code == 400 && r.headers[.contentType] == Problem.contentType, "\(path): \(r.status)")
                }
                // Another method: 405 naming the one it answers.
                try await client.execute(uri: path, method: .get) { r in
                    #expect(
                        r.status == .methodNotAllowed && r.headers[.allow] == "POST" && (problem(r)["valid"] as? [String]) == ["POST"], "\(path): \(r.status)")
                }
            }
            try await client.execute(uri: "/healthz", method: .delete) { r in
                #expect(r.status == .methodNotAllowed && r.headers[.allow] == "GET, HEAD")
            }
            // HEAD: the GET's status and length, no body.
            try await client.execute(uri: "/openapi.yaml", method: .head) { r in
                #expect(r.status == .ok && r.body.readableBytes == 0 && r.headers[.contentLength] == String(yaml.utf8.count))
            }
            try await client.execute(uri: "/v1/nothing", method: .post) { r in
                #expect(
                    r.status == .notFound && r.headers[.contentType] == Problem.contentType
                        && (problem(r)["detail"] as? String) == "no route /v1/nothing; see /openapi.yaml")
            }
            // The WebSocket's path without an upgrade says what it is.
            try await client.execute(uri: "/v1/live", method: .get) { r in
                #expect(r.status == .upgradeRequired && r.headers[.upgrade] == "websocket" && (problem(r)["detail"] as? String)?.contains("WebSocket") == true)
            }
            try await client.execute(uri: "/", method: .get) { r in #expect(String(buffer: r.body).contains("Frost playground")) }
            try await client.execute(uri: "/app.js", method: .get) { r in #expect(String(buffer: r.body).contains("new WebSocket")) }
        }
    }

    @Test("POST /v1/blur answers the same pixels as the library's blur; the cache decodes an input once")
    func blur() async throws {
        let png = try gradientPNG()
        let api = FrostAPI()
        let direct = try GaussianBlur(sigma: 3, edges: .mirror).apply(to: try PNGCodec.decode(png), threads: 1)
        try await ServeApp.application(api: api, host: "127.0.0.1", port: 0).test(.router) { client in
            for _ in 0..<2 {
                try await client.execute(uri: "/v1/blur?sigma=3&edges=mirror", method: .post, body: buffer(png)) { r in
                    #expect(r.status == .ok && r.headers[.contentType] == "image/png")
                    let out = try PNGCodec.decode(Array(r.body.readableBytesView))
                    #expect(out == direct)
                }
            }
            try await client.execute(uri: "/v1/blur?sigma=3&region=8,8,16,16", method: .post, body: buffer(png)) { r in
                let out = try PNGCodec.decode(Array(r.body.readableBytesView))
                let original = try PNGCodec.decode(png)
                #expect(out[0, 0] == original[0, 0], "outside the region the pixels stay")
            }
        }
        #expect(api.cache.hits == 2 && api.cache.misses == 1)
    }

    @Test("material, legibility, stages and transition answer what they say")
    func endpoints() async throws {
        let png = try gradientPNG(width: 96, height: 64)
        try await app().test(.router) { client in
            try await client.execute(
                uri: "/v1/material?style=systemThinMaterial&appearance=dark&rect=8,8,80,48&vibrancy=secondaryLabel&label=Hi",
                method: .post, body: buffer(png)
            ) { r in
                #expect(r.status == .ok)
                let out = try PNGCodec.decode(Array(r.body.readableBytesView))
                #expect(out.width == 96 && out.height == 64)
            }
            try await client.execute(uri: "/v1/legibility?rect=8,8,80,48&text-color=%23FFFFFF", method: .post, body: buffer(png)) { r in
                let json = try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)) as? [String: Any]
                #expect((json?["materials"] as? [Any])?.count == 5 && json?["image"] != nil, "\(String(buffer: r.body))")
            }
            try await client.execute(uri: "/v1/stages?count=3&max-sigma=8", method: .post, body: buffer(png)) { r in
                let json = try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)) as? [String: Any]
                #expect((json?["sigmas"] as? [Double]) == [0, 4, 8] && (json?["images"] as? [String])?.count == 3)
            }
            try await client.execute(uri: "/v1/stages?spacing=doubling&max-sigma=30", method: .post, body: buffer(png)) { r in
                let json = try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)) as? [String: Any]
                #expect((json?["sigmas"] as? [Double]) == [0, 1, 2, 4, 8, 16, 30])
            }
            try await client.execute(
                uri: "/v1/transition", method: .post,
                body: ByteBuffer(
                    string: #"{"transition": ".opacity", "animation": ".linear(duration: 0.2)", "fps": 10, "width": 60, "height": 40, "format": "frames"}"#)
            ) { r in
                let json = try JSONSerialization.jsonObject(with: Data(r.body.readableBytesView)) as? [String: Any]
                // 0.2 s + 0.1 s of settling at 10 fps: frames at 0, 0.1, 0.2, 0.3.
                #expect((json?["frames"] as? [String])?.count == 4 && (json?["fps"] as? Double) == 10, "\(String(buffer: r.body).prefix(200))")
            }
            let request = #"{"transition": ".scale.combined(with: .opacity)", "animation": ".easeOut(duration: 0.2)", "fps": 10, "width": 120, "height": 80}"#
            try await client.execute(uri: "/v1/transition", method: .post, body: ByteBuffer(string: request)) { r in
                #expect(r.status == .ok && r.headers[.contentType] == "image/apng", "\(String(buffer: r.body))")
                let bytes = Array(r.body.readableBytesView)
                #expect(PNGCodec.matches(bytes) && String(decoding: bytes.prefix(200), as: UTF8.self).contains("acTL"))
            }
            try await client.execute(
                uri: "/v1/transition", method: .post,
                body: ByteBuffer(string: #"{"example": "content-card-bridged", "format": "gif", "fps": 10, "width": 200, "height": 160}"#)
            ) { r in
                #expect(r.status == .ok && Array(r.body.readableBytesView).starts(with: Array("GIF89a".utf8)))
            }
        }
    }

    @Test("bad input: one problem+json each, 4xx, naming the problem (and the valid values)")
    func problems() async throws {
        let png = try gradientPNG()
        var limits = ServeLimits()
        limits.maxUploadBytes = 4000
        limits.maxPixels = 100 * 100
        let big = try gradientPNG(width: 200, height: 10)  // 2,000 pixels fine, but wider…
        let huge = try gradientPNG(width: 120, height: 100)  // over 10,000 pixels
        try await app(limits).test(.router) { client in
            let cases: [(String, [UInt8], Int, String)] = [
                ("/v1/blur", png, 400, "sigma: required"),
                ("/v1/blur?sigma=999", png, 400, "out of range 0…256"),
                ("/v1/blur?sigma=abc", png, 400, "'abc' is not a number"),
                ("/v1/blur?sigma=2&edges=bogus", png, 400, "'bogus' is not one of them"),
                ("/v1/blur?sigma=2&region=60,40,50,50", png, 400, "outside the 64×48 image"),
                ("/v1/blur?sigma=2", Array("not an image".utf8), 400, "not PNG or JPEG"),
                ("/v1/blur?sigma=2", Array(png.prefix(60)), 400, "truncated"),
                ("/v1/blur?sigma=2", [UInt8](repeating: 7, count: 5000), 413, "limit is 4000"),
                ("/v1/blur?sigma=2", huge, 413, "limit is 10000 pixels"),
                ("/v1/material?style=systemThinnestMaterial", png, 400, "systemThinnestMaterial"),
                ("/v1/material?appearance=sepia", png, 400, "'sepia'"),
                ("/v1/legibility?text-color=blue", png, 400, "is not #RGB, #RRGGBB or #RRGGBBAA"),
                ("/v1/legibility?text-color=%20%23FFF", png, 400, "is not #RGB"),
                // The document's types, exactly: whole numbers, rects without signs, exact names.
                ("/v1/stages?count=2.5", png, 400, "'2.5' is not a whole number"),
                ("/v1/stages?size=+64", png, 400, "not a whole number"),
                ("/v1/blur?sigma=2&region=+1,0,4,4", png, 400, "is not x,y,w,h"),
                ("/v1/blur?sigma=2&region=0,0,0,4", png, 400, "w and h at least 1"),
                ("/v1/material?style=SystemMaterial", png, 400, "did you mean systemMaterial"),
                ("/v1/material?vibrancy=Label", png, 400, "names are exact"),
                // A misspelt parameter is named, not ignored.
                ("/v1/blur?sigma=2&qualty=exact", png, 400, "qualty: not a parameter of this endpoint"),
                ("/v1/transition?fps=3", Array("{}".utf8), 400, "fps: not a parameter"),
                ("/v1/stages?count=0", png, 400, "count"),
                ("/v1/stages?spacing=log", png, 400, "'log'"),
                ("/v1/transition", Array("{".utf8), 400, "not a JSON object"),
                ("/v1/transition", Array("[1]".utf8), 400, "not a JSON object"),
                ("/v1/transition", Array(#"{"tranistion": ".opacity"}"#.utf8), 400, "tranistion: not a member"),
                ("/v1/transition", Array(#"{"fps": null}"#.utf8), 400, "fps: must be a number"),
                ("/v1/transition", Array(#"{"fps": true}"#.utf8), 400, "fps: must be a number"),
                ("/v1/transition", Array(#"{"width": "wide"}"#.utf8), 400, "width: must be a number"),
                ("/v1/transition", Array(#"{"format": 3}"#.utf8), 400, "format: must be a string"),
                ("/v1/transition", Array("{\"transition\": \"\(String(repeating: ".opacity", count: 70))\"}".utf8), 400, "at most 500"),
                ("/v1/transition", Array(#"{"width": 1024, "height": 1024, "scale": 3}"#.utf8), 413, "a frame is 9437184 pixels"),
                // Every parameter is checked before a limit: a bad one is a 400 even on a frame too big.
                ("/v1/transition", Array(#"{"width": 1024, "height": 1024, "scale": 3, "appearance": "sepia"}"#.utf8), 400, "'sepia'"),
                ("/v1/transition", Array(#"{"example": "nope"}"#.utf8), 400, "'nope'"),
                ("/v1/transition", Array(#"{"transition": ".wobble"}"#.utf8), 400, "transition"),
                ("/v1/transition", Array(#"{"animation": ".linear.repeatForever()"}"#.utf8), 400, "repeatForever"),
                ("/v1/transition", Array(#"{"animation": ".linear(duration: 9)", "fps": 120, "width": 60, "height": 40}"#.utf8), 413, "frames"),
            ]
            for (uri, body, status, mention) in cases {
                try await client.execute(uri: uri, method: .post, body: buffer(body)) { r in
                    let p = problem(r)
                    #expect(Int(r.status.code) == status && r.headers[.contentType] == Problem.contentType, "\(uri): \(r.status) \(String(buffer: r.body))")
                    #expect(
                        (p["detail"] as? String ?? "").contains(mention) && (p["status"] as? Int) == status
                            && (p["type"] as? String)?.hasPrefix("urn:frost:problem:") == true,
                        "\(uri): \(String(buffer: r.body))")
                }
            }
            _ = big
            try await client.execute(uri: "/v1/blur?sigma=2&edges=bogus", method: .post, body: buffer(png)) { r in
                #expect((problem(r)["valid"] as? [String]) == ["clamp", "mirror", "wrap", "transparent"])
            }
        }
    }

    @Test("the document states the limits the server runs with")
    func documentFollowsLimits() async throws {
        var limits = ServeLimits()
        limits.maxSigma = 64
        limits.maxStages = 12
        limits.maxFrames = 90
        let yaml = OpenAPIDocument.yaml(limits: limits)
        #expect(yaml.contains("{name: sigma, in: query, required: true, schema: {type: number, minimum: 0, maximum: 64}}"))
        #expect(yaml.contains("{type: integer, minimum: 1, maximum: 12, default: 10}") && yaml.contains("at most 90 frames"))
        #expect(yaml.contains("enum: [systemUltraThinMaterial,") && !yaml.contains("\\("))
        try await app(limits).test(.router) { client in
            try await client.execute(uri: "/openapi.yaml", method: .get) { r in #expect(String(buffer: r.body) == yaml) }
        }
    }

    @Test("the command line: every limit a flag, bad values one readable line")
    func options() throws {
        let o = try ServeOptions.parse(["--host", "0.0.0.0", "--port", "0", "--max-sigma", "64", "--idle-seconds", "5", "--cache", "4", "--queue", "2"])
        #expect(
            o.host == "0.0.0.0" && o.port == 0 && o.limits.maxSigma == 64 && o.limits.idleSeconds == 5 && o.limits.cacheEntries == 4 && o.limits.queueDepth == 2
        )
        let bad: [([String], String)] = [
            (["--port", "70000"], "--port must be 0…65535, got '70000'"), (["--idle-seconds", "0"], "--idle-seconds must be a positive integer, got '0'"),
            (["--max-frames"], "--max-frames needs a value"), (["--verbose"], "unknown option --verbose"),
        ]
        for (arguments, message) in bad {
            #expect(throws: ServeOptions.Failure.self) { try ServeOptions.parse(arguments) }
            do { _ = try ServeOptions.parse(arguments) } catch { #expect(error.description == message) }
        }
    }

    @Test("a label longer than its panel is clipped by it (a 1 × 1 panel renders)")
    func labelClipped() async throws {
        let png = try gradientPNG()
        try await app().test(.router) { client in
            try await client.execute(uri: "/v1/material?rect=0,0,1,1&label=\(String(repeating: "W", count: 200))", method: .post, body: buffer(png)) { r in
                #expect(r.status == .ok, "\(String(buffer: r.body))")
            }
            try await client.execute(uri: "/v1/material?rect=10,10,30,20&label=%20%20", method: .post, body: buffer(png)) { r in
                #expect(r.status == .ok, "\(String(buffer: r.body))")
            }
        }
    }

    @Test("a multipart form upload is told to send the image bytes")
    func multipart() async throws {
        let headers: HTTPFields = [.contentType: "multipart/form-data; boundary=x"]
        try await app().test(.router) { client in
            try await client.execute(
                uri: "/v1/blur?sigma=2", method: .post, headers: headers, body: ByteBuffer(string: "--x\r\nContent-Disposition: form-data\r\n\r\nabc\r\n--x--")
            ) { r in
                #expect(r.status == .badRequest && (problem(r)["detail"] as? String)?.contains("multipart form") == true)
            }
        }
    }

    @Test("a render over the time limit is a 503 with Retry-After; a full queue refuses at once")
    func limits() async throws {
        var limits = ServeLimits()
        limits.requestSeconds = 0.000_001
        // A render of ~0.1 s against a limit of 1 µs: the limit always wins the race.
        let png = try gradientPNG(width: 400, height: 400)
        try await app(limits).test(.router) { client in
            try await client.execute(uri: "/v1/blur?sigma=30", method: .post, body: buffer(png)) { r in
                #expect(r.status.code == 503 && r.headers[.retryAfter] == "1" && (problem(r)["type"] as? String) == "urn:frost:problem:timeout")
            }
        }
        let gate = AdmissionGate(concurrency: 1, queueDepth: 1)
        #expect(await gate.enter())
        let waiter = Task { await gate.enter() }
        // Poll until the waiter is queued (a fixed sleep raced a late waiter: it could take the
        // third place and hang the test); 10 s is a hang, not a slow machine.
        let deadline = ContinuousClock.now + .seconds(10)
        while await gate.load != (1, 1) {
            #expect(ContinuousClock.now < deadline, "the waiter never queued")
            if ContinuousClock.now >= deadline { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(await gate.enter() == false, "one running, one queued: the third is refused")
        await gate.leave()
        #expect(await waiter.value)
        await gate.leave()
        #expect(await gate.load == (0, 0))
    }

    @Test("fuzzed uploads (seeded): random bytes, truncated and bit-flipped images never give a 5xx")
    func fuzz() async throws {
        let png = try gradientPNG(width: 40, height: 30)
        let jpeg = try JPEGCodec.encode(try PNGCodec.decode(png))
        var rng = SeededGenerator.forTest(0x5EED_F405)
        var bodies: [[UInt8]] = []
        for i in 0..<240 {
            var body: [UInt8]
            switch i % 4 {
            case 0: body = (0..<Int(rng.next() % 3000)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            case 1: body = Array(png.prefix(Int(rng.next() % UInt64(png.count))))
            case 2: body = Array(jpeg.prefix(Int(rng.next() % UInt64(jpeg.count))))
            default:
                body = i % 8 == 3 ? png : jpeg
                for _ in 0..<4 { body[Int(rng.next() % UInt64(body.count))] ^= UInt8(truncatingIfNeeded: rng.next() | 1) }
            }
            bodies.append(body)
        }
        let cases = bodies, seed = rng.description
        try await app().test(.router) { client in
            for (i, body) in cases.enumerated() {
                let path = ["/v1/blur?sigma=2", "/v1/material", "/v1/stages?count=2", "/v1/legibility"][i % 4]
                try await client.execute(uri: path, method: .post, body: buffer(body)) { r in
                    #expect(r.status.code < 500, "case \(i) \(path) (\(seed)): \(r.status) \(String(buffer: r.body))")
                }
            }
            // A huge header is refused before any route runs.
            var headers = HTTPFields()
            headers[.userAgent] = String(repeating: "a", count: 100_000)
            try await client.execute(uri: "/healthz", method: .get, headers: headers) { r in #expect(r.status.code < 500) }
        }
    }

    @Test("problem JSON is valid and escapes control characters; the live socket reads σ")
    func pieces() throws {
        let p = Problem.badParameter("label", "a \"quoted\"\nline\u{1}", valid: ["a", "b"])
        let json = try JSONSerialization.jsonObject(with: Data(p.json)) as? [String: Any]
        #expect(json?["detail"] as? String == "label: a \"quoted\"\nline\u{1}" && (json?["valid"] as? [String]) == ["a", "b"])
        #expect(LiveImage.sigma(in: #"{"sigma": 12.5}"#) == 12.5 && LiveImage.sigma(in: "nope") == nil)
        #expect(PNGCodec.dimensions(of: try gradientPNG(width: 33, height: 21)).map { [$0.width, $0.height] } == [33, 21])
        let jpeg = try JPEGCodec.encode(try Image(width: 17, height: 9, fill: RGBA8(1, 2, 3, 255)))
        #expect(JPEGCodec.dimensions(of: jpeg).map { [$0.width, $0.height] } == [17, 9])
        #expect(PNGCodec.dimensions(of: Array(try gradientPNG().prefix(20))) == nil && JPEGCodec.dimensions(of: Array(jpeg.prefix(4))) == nil)
    }
}
