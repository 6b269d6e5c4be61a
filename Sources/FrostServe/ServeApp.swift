import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import NIOCore
import NIOConcurrencyHelpers
import FrostImage
import FrostBlur

/// `frost-serve`'s HTTP application: the API's routes (``FrostAPI``) behind an admission gate
/// (bounded concurrency and queue; 503 with Retry-After past it), a per-request time limit,
/// RFC 9457 problem+json for every error, the OpenAPI document, the playground page and the
/// live-blur WebSocket.
public enum ServeApp {
    public typealias Context = ServeContext

    /// The router with every route; `Application(router:server:)` serves it.
    public static func router(api: FrostAPI) -> Router<Context> {
        let router = Router(context: Context.self)
        // First, so it also wraps the router's not-found answer; it learns the routes (for 405's
        // Allow) from the router once they are all added, below.
        let routeTable = ProblemMiddleware<Context>.Routes()
        router.add(middleware: ProblemMiddleware(routes: routeTable))
        let gate = AdmissionGate(concurrency: api.limits.concurrency, queueDepth: api.limits.queueDepth, maxWait: api.limits.requestSeconds)
        let live = LiveClients(limit: api.limits.liveClients)
        // Every GET route answers HEAD too (its status and headers, no body), as HTTP asks of a
        // general-purpose server.
        func get(_ path: RouterPath, _ handler: @escaping @Sendable (Request, Context) async throws -> Response) {
            router.get(path, use: handler)
            router.head(path) { request, context in
                let response = try await handler(request, context)
                var headers = response.headers
                if let length = response.body.contentLength { headers[.contentLength] = String(length) }
                return Response(status: response.status, headers: headers, body: .init())
            }
        }
        get("/healthz") { _, _ -> Response in
            let (running, waiting) = await gate.load
            return text("{\"status\":\"ok\",\"running\":\(running),\"queued\":\(waiting),\"cachedImages\":\(api.cache.count)}\n", "application/json")
        }
        let document = OpenAPIDocument.yaml(limits: api.limits)
        get("/openapi.yaml") { _, _ in text(document, "application/yaml") }
        get("/") { _, _ in text(PlaygroundPage.html, "text/html; charset=utf-8") }
        get("/app.js") { _, _ in text(PlaygroundPage.script, "text/javascript; charset=utf-8") }
        get("/sample.png") { request, _ in await run(api, gate) { _, _ in try api.sample() }(request, [], api.budget.hold()) }

        let routes: [(String, @Sendable (FrostAPI.Query, [UInt8]) throws -> FrostAPI.Answer)] = [
            ("/v1/blur", api.blur), ("/v1/material", api.material), ("/v1/legibility", api.legibility),
            ("/v1/stages", api.stages),
            (
                "/v1/transition",
                { q, body in
                    try FrostAPI.only(q, []); return try api.transition(body: body)
                }
            ),
        ]
        for (path, work) in routes {
            router.post(RouterPath(path)) { request, context -> Response in
                let body: [UInt8]
                let hold = api.budget.hold()
                defer { hold.release() }
                do {
                    body = try await collect(request, channel: context.channel, limit: api.limits.maxUploadBytes, seconds: api.limits.bodySeconds, hold: hold)
                } catch let p as Problem {
                    return problem(p)
                }
                var response = await run(api, gate, work)(request, body, hold)
                // A browser form's upload arrives as multipart: say what to send instead.
                if response.status == .badRequest, request.headers[.contentType]?.hasPrefix("multipart/") == true,
                    !PNGCodec.matches(body), !JPEGCodec.matches(body), path != "/v1/transition"
                {
                    response = problem(
                        .unreadableImage(
                            "the body is a multipart form; send the PNG or JPEG bytes themselves as the body (Content-Type: image/png or image/jpeg)"))
                }
                return response
            }
        }
        // Live blur: each text message {"sigma": s} answers with the current image blurred at
        // σ s (PNG, binary); a binary message (PNG or JPEG) replaces the image. The image starts
        // as the sample photo at 480 px.
        router.ws(
            "/v1/live",
            shouldUpgrade: { request, _ in
                // A plain GET (no upgrade) is told what this path is, not answered with an empty 200.
                guard request.headers[.upgrade]?.lowercased() == "websocket" else {
                    throw HTTPError(.upgradeRequired, message: "/v1/live is a WebSocket: connect with Upgrade: websocket")
                }
                return .upgrade([:])
            }
        ) { inbound, outbound, _ in
            // Each connection holds its image against the memory budget, and the connections
            // are counted: past either, the socket is closed with 1013 (try again later).
            guard live.enter() else {
                try await outbound.close(.unknown(1013), reason: "\(api.limits.liveClients) live connections are open; retry later")
                return
            }
            defer { live.leave() }
            let hold = api.budget.hold()
            defer { hold.release() }
            var image = try LiveImage.sample()
            do { try hold.grow(by: image.pixels.count, for: "the live image") } catch is Problem {
                // A close reason is at most 123 bytes: the short form.
                try await outbound.close(.unknown(1013), reason: "the server's memory is in use; retry later")
                return
            }
            for try await message in inbound.messages(maxSize: api.limits.maxUploadBytes) {
                switch message {
                case .binary(let buffer):
                    do {
                        let bytes = Array(buffer.readableBytesView)
                        // The new image is held beside the old until it replaces it; then only it is.
                        let next = try MemoryBudget.$current.withValue(hold) { try api.image(bytes) }
                        hold.shrink(by: hold.held - next.pixels.count)
                        image = next
                    } catch let p as Problem {
                        hold.shrink(by: hold.held - image.pixels.count)
                        try await outbound.write(.text(String(decoding: p.json, as: UTF8.self)))
                    }
                case .text(let text):
                    guard let sigma = LiveImage.sigma(in: text), sigma >= 0, sigma <= api.limits.maxSigma else {
                        try await outbound.write(
                            .text(String(decoding: Problem.badParameter("sigma", "send {\"sigma\": 0…\(Int(api.limits.maxSigma))}").json, as: UTF8.self)))
                        continue
                    }
                    guard await gate.enter() else {
                        try await outbound.write(.text(String(decoding: Problem.busy(retryAfter: 1).json, as: UTF8.self)))
                        continue
                    }
                    let frame = image
                    let png: [UInt8]
                    let started = DispatchTime.now().uptimeNanoseconds
                    do {
                        png = try await RenderThread.run {
                            try PNGCodec.encode(try GaussianBlur(sigma: sigma, quality: .realtime).apply(to: frame, threads: 1), threads: 1)
                        }
                        await gate.leave(seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                    } catch {
                        await gate.leave()
                        throw error
                    }
                    try await outbound.write(.binary(ByteBuffer(bytes: png)))
                }
            }
        }
        routeTable.set(router.routes)
        return router
    }

    /// The application on `host:port`, WebSocket upgrades included.
    public static func application(
        api: FrostAPI, host: String, port: Int, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    )
        -> some ApplicationProtocol
    {
        let router = router(api: api)
        let limits = api.limits
        let webSocketResponder = router.buildResponder()
        let server = HTTPServerBuilder { responder in
            GuardedServerChannel(
                base: HTTP1WebSocketUpgradeChannel(
                    responder: responder, webSocketResponder: webSocketResponder,
                    configuration: .init(
                        http1: .init(idleTimeout: .seconds(Int64(limits.idleSeconds))),
                        // A live upload is one message of up to the upload limit (Hummingbird's
                        // default frame limit, 16 KiB, closed almost every photo with 1009); a
                        // client that does not answer a close frame is dropped after 5 s.
                        ws: .init(maxFrameSize: limits.maxUploadBytes, closeTimeout: .seconds(5)))),
                headLimit: limits.maxHeaderBytes, timeout: .seconds(Int64(limits.headerSeconds)),
                bodyTimeout: .seconds(Int64(limits.bodySeconds)))
        }
        return Application(
            router: router, server: server,
            configuration: .init(address: .hostname(host, port: port), serverName: "frost-serve"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) })
    }

    // MARK: Plumbing

    /// The request body, at most `limit` bytes (a 413 problem beyond), within `seconds` (a 408
    /// problem beyond; a body with a Content-Length is also timed on the socket, by
    /// ``RequestHeadGuard``), each byte held against the memory budget as it arrives.
    static func collect(_ request: Request, channel: any Channel, limit: Int, seconds: Int, hold: MemoryBudget.Hold) async throws -> [UInt8] {
        let declared = request.headers[.contentLength].flatMap(Int.init)
        if let length = declared, length > limit {
            throw Problem.tooLarge("the body is \(length) bytes; the limit is \(limit)", limit: limit, unit: "bytes")
        }
        if let declared { try hold.grow(by: declared, for: "the \(declared)-byte body") }
        let body = request.body
        // The read is never abandoned (Hummingbird reads the rest of the body after the answer,
        // and a body has one reader): past the deadline the connection's guard answers 408
        // and closes, which ends the read.
        return try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            group.addTask {
                var bytes: [UInt8] = []
                bytes.reserveCapacity(declared ?? 0)
                for try await part in body {
                    guard bytes.count + part.readableBytes <= limit else {
                        throw Problem.tooLarge("the body is over the limit of \(limit) bytes", limit: limit, unit: "bytes")
                    }
                    if declared == nil || bytes.count + part.readableBytes > declared! {
                        try hold.grow(by: part.readableBytes, for: "the body")
                    }
                    bytes += part.readableBytesView
                }
                return bytes
            }
            group.addTask {
                try? await Task.sleep(nanoseconds: UInt64(seconds) * 1_000_000_000)
                if !Task.isCancelled { channel.pipeline.fireUserInboundEventTriggered(BodyTimedOut(seconds: seconds)) }
                return nil
            }
            var timedOut = false
            while let next = await group.nextResult() {
                switch next {
                case .success(let bytes?):
                    group.cancelAll()
                    return bytes
                case .success(nil): timedOut = true
                case .failure(let error):
                    group.cancelAll()
                    throw timedOut || error is CancellationError ? Problem.bodyTimedOut(seconds) : error
                }
            }
            throw Problem.bodyTimedOut(seconds)
        }
    }

    /// Sent down a connection's pipeline when a route's body read runs out of time.
    struct BodyTimedOut: Sendable { let seconds: Int }

    /// Runs `work` through the gate, answering by the time limit; errors become problems.
    /// Everything the work allocates is counted against `hold` (the request's share of the
    /// memory budget).
    static func run(
        _ api: FrostAPI, _ gate: AdmissionGate,
        _ work: @escaping @Sendable (FrostAPI.Query, [UInt8]) throws -> FrostAPI.Answer
    ) -> @Sendable (Request, [UInt8], MemoryBudget.Hold) async -> Response {
        { request, body, hold in
            var parameters: FrostAPI.Query = [:]
            for (k, v) in request.uri.queryParameters { parameters[String(k)] = String(v) }
            let query = parameters
            guard await gate.enter() else {
                let wait = await gate.expectedWait
                // Whole seconds, at least 1, at most an hour (Retry-After is a delay, not a clock).
                return problem(.busy(retryAfter: max(1, Int(min(wait, 3600).rounded(.up)))))
            }
            // The render keeps its worker until it ends (at its next cancellation check once
            // the client has been told it took too long): the gate bounds the work actually
            // running, and learns from it how long renders take.
            let render = Task { () throws -> FrostAPI.Answer in
                let started = DispatchTime.now().uptimeNanoseconds
                do {
                    let answer = try await RenderThread.run { try MemoryBudget.$current.withValue(hold) { try work(query, body) } }
                    await gate.leave(seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
                    return answer
                } catch {
                    // A cancelled render's time says nothing of how long renders take.
                    await gate.leave()
                    throw error
                }
            }
            do {
                let seconds = api.limits.requestSeconds
                let answer = try await Deadline.run(seconds: seconds, expired: { Problem.timedOut(seconds) }) {
                    try await withTaskCancellationHandler {
                        try await render.value
                    } onCancel: {
                        render.cancel()
                    }
                }
                var headers = HTTPFields()
                headers[.contentType] = answer.contentType
                return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: answer.body)))
            } catch let p as Problem {
                return problem(p)
            } catch {
                return problem(Problem(status: 500, slug: "internal", title: "Internal error", detail: "\(error)"))
            }
        }
    }

    static func problem(_ p: Problem) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = Problem.contentType
        if let r = p.retryAfter { headers[.retryAfter] = String(r) }
        return Response(status: .init(code: p.status), headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: p.json)))
    }

    static func text(_ s: String, _ type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: s)))
    }
}

/// Turns the router's own errors (no route, a WebSocket path asked without an upgrade) into
/// problem+json answers, and a known path with the wrong method into 405 with `Allow`.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// Each routed path's methods, read from the router (set once, before the server starts).
    final class Routes: Sendable {
        private let methods = NIOLockedValueBox<[String: [String]]>([:])
        func set(_ routes: [Router<Context>.RouteDescription]) {
            methods.withLockedValue { table in
                for route in routes { table["\(route.path)", default: []].append(route.method.rawValue) }
            }
        }
        func allowed(_ path: String) -> [String]? { methods.withLockedValue { $0[path] } }
    }
    let routes: Routes

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let path = request.uri.path
            if error.status == .notFound, let allowed = routes.allowed(path), !allowed.contains(request.method.rawValue) {
                var response = ServeApp.problem(Problem.methodNotAllowed(request.method.rawValue, path, allowed: allowed))
                response.headers[.allow] = allowed.joined(separator: ", ")
                return response
            }
            if error.status == .notFound { return ServeApp.problem(Problem.notFound(path)) }
            var response = ServeApp.problem(
                Problem(
                    status: Int(error.status.code), slug: "http", title: error.status.reasonPhrase,
                    detail: error.body ?? error.status.reasonPhrase))
            if error.status == .upgradeRequired { response.headers[.upgrade] = "websocket" }
            return response
        }
    }
}

/// Hummingbird's WebSocket request context, keeping the connection's channel: a route that
/// gives up on a body tells the connection's guard (`RequestHeadGuard`).
public struct ServeContext: RequestContext, WebSocketRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let webSocket: WebSocketHandlerReference<ServeContext>
    let channel: any Channel
    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        webSocket = .init()
        channel = source.channel
    }
}

/// The live-blur connections open now, at most `limit`.
final class LiveClients: Sendable {
    private let limit: Int
    private let open = NIOLockedValueBox(0)
    init(limit: Int) { self.limit = max(1, limit) }
    func enter() -> Bool {
        open.withLockedValue { n in
            guard n < limit else { return false }
            n += 1
            return true
        }
    }
    func leave() { open.withLockedValue { $0 -= 1 } }
}

/// The live WebSocket's image and messages.
enum LiveImage {
    /// The 480 px sample every connection starts from, made once (images are copy-on-write
    /// values, so connections share its pixels until one uploads its own).
    static func sample() throws -> FrostImage.Image { try shared.get() }
    private static let shared = Result(catching: { try Resample.resized(try SampleImages.astronaut(), width: 480, height: 480, threads: 1) })
    /// σ from `{"sigma": 12.5}`.
    static func sigma(in text: String) -> Double? {
        guard let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return (object["sigma"] as? NSNumber)?.doubleValue
    }
}
