import Foundation
import NIOCore
import NIOConcurrencyHelpers
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging

/// The first handler of every connection, on raw bytes, guarding the one phase Hummingbird's
/// own handlers do not: a request head being sent. A head larger than `headLimit` bytes is
/// answered 431 (SwiftNIO's decoder would only drop the connection, at 80 kB) and a head
/// begun but not finished within `timeout` is answered 408 (a slow client cannot hold a
/// connection forever). Either way the connection closes. It stands aside while a request is
/// being read and answered, times each head from its first byte, and leaves WebSocket
/// connections (after `101`) alone. A connection silent from the start is closed after
/// `timeout`; idle kept-alive connections are Hummingbird's idle timeout's.
///
/// An answer may go out before its body has arrived (a 413 read from Content-Length): the rest
/// of that body is counted off by its length, not read as the next head, and the connection
/// lingers while at most ``lingerBytes`` of it arrive within `timeout`, as nginx's lingering
/// close does, so a client that sends its whole body before reading still reads the answer.
/// A chunked body answered early leaves the guard standing aside for the connection.
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State {
        case awaitingHead(bytes: Int, matched: Int)
        /// Reading a request; `bodyLeft`: the bytes of its body still to come (nil: chunked).
        case inRequest(bodyLeft: Int?)
        /// Answered before its body arrived: `left` bytes of it to discard.
        case lingering(left: Int)
        case passthrough, refused
    }
    private var state = State.awaitingHead(bytes: 0, matched: 0)
    /// The head being read, kept to find its Content-Length.
    private var head: [UInt8] = []
    /// Body bytes this connection may still read after answering early.
    private var lingerBudget = 0
    /// Hummingbird's close of a lingering connection (a `Connection: close` request answered
    /// early), held until the body has drained: closing at once would reset the connection
    /// under a client still sending, which then never reads the answer.
    private var heldClose: EventLoopPromise<Void>?
    private var closeHeld = false
    /// The most body bytes a connection reads after answering early, before it closes.
    static let lingerBytes = 256 << 20
    private var timer: Scheduled<Void>?
    private var answered = false
    private let headLimit: Int
    private let timeout: TimeAmount
    /// How long a body with a Content-Length has, from the end of its head, to arrive (408
    /// beyond). Chunked bodies are timed by the route that reads them.
    private let bodyTimeout: TimeAmount
    /// Set once this guard has answered and closed the connection (read by the connection's log).
    let refusal = NIOLockedValueBox(false)

    init(headLimit: Int, timeout: TimeAmount, bodyTimeout: TimeAmount) {
        self.headLimit = headLimit; self.timeout = timeout; self.bodyTimeout = bodyTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) { if context.channel.isActive { arm(context) } }
    func channelActive(context: ChannelHandlerContext) { arm(context); context.fireChannelActive() }
    func channelInactive(context: ChannelHandlerContext) { timer?.cancel(); context.fireChannelInactive() }
    func handlerRemoved(context: ChannelHandlerContext) { timer?.cancel() }

    private func arm(_ context: ChannelHandlerContext) {
        timer?.cancel()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            guard case .awaitingHead(let bytes, _) = state else { return }
            if bytes > 0 {
                refuse(
                    context, status: 408, reason: "Request Timeout", slug: "timeout",
                    detail: "the request head was not complete within \(timeout.nanoseconds / 1_000_000_000) s")
            } else if !answered {
                // Connected and silent: nothing to answer. (After an answer, an idle kept-alive
                // connection may be mid-way through a pipelined request this handler did not
                // scan; Hummingbird's idle timeout, which knows, closes those.)
                state = .refused
                refusal.withLockedValue { $0 = true }
                context.close(promise: nil)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .refused = state { return }
        var buffer = unwrapInboundIn(data)
        if case .lingering(let left) = state {
            // The rest of a body already answered: passed on (the HTTP decoder must see it to
            // find the next request, and Hummingbird discards it), but not read as a head.
            let n = min(left, buffer.readableBytes)
            lingerBudget -= n
            if lingerBudget < 0 {
                endLinger(context)
                return
            }
            let body = buffer.readSlice(length: n)!
            if !closeHeld { context.fireChannelRead(wrapInboundOut(body)) }
            if left - n > 0 {
                state = .lingering(left: left - n)
                return
            }
            timer?.cancel()
            if closeHeld {
                endLinger(context)
                return
            }
            state = .awaitingHead(bytes: 0, matched: 0)
            guard buffer.readableBytes > 0 else { return }
        }
        if case .inRequest(let bodyLeft?) = state, bodyLeft > 0 {
            state = .inRequest(bodyLeft: max(0, bodyLeft - buffer.readableBytes))
            if case .inRequest(0) = state { timer?.cancel() }
        }
        if case .awaitingHead(var bytes, var matched) = state {
            // The clock runs from a head's first byte, so a kept-alive connection that waited
            // before asking is not cut off mid-head (its waiting is the idle timeout's).
            if bytes == 0, buffer.readableBytes > 0 { arm(context); head.removeAll(keepingCapacity: true) }
            let crlfcrlf: [UInt8] = [13, 10, 13, 10]
            var used = 0
            var complete = false
            buffer.withUnsafeReadableBytes { raw in
                for byte in raw {
                    bytes += 1; used += 1
                    head.append(byte)
                    if byte == crlfcrlf[matched] { matched += 1 } else { matched = byte == 13 ? 1 : 0 }
                    if matched == 4 { complete = true; return }
                    if bytes > headLimit { return }
                }
            }
            if complete {
                // What follows the head in this read is body already.
                let bodyLeft = Self.bodyLength(head).map { max(0, $0 - (buffer.readableBytes - used)) }
                state = .inRequest(bodyLeft: bodyLeft)
                head.removeAll(keepingCapacity: true)
                timer?.cancel()
                if let bodyLeft, bodyLeft > 0 { bodyTimer(context) }
            } else if bytes > headLimit {
                refuse(
                    context, status: 431, reason: "Request Header Fields Too Large", slug: "too-large",
                    detail: "the request head is over \(headLimit) bytes", limit: headLimit)
                return
            } else {
                state = .awaitingHead(bytes: bytes, matched: matched)
            }
        }
        context.fireChannelRead(wrapInboundOut(buffer))
    }

    /// The body's length by the head's Content-Length; 0 without one; nil when chunked (or a
    /// length that cannot be read, which the HTTP decoder refuses anyway).
    static func bodyLength(_ head: [UInt8]) -> Int? {
        var length = 0
        for line in String(decoding: head, as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "transfer-encoding" { return nil }
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else { return nil }
                length = n
            }
        }
        return length
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let buffer = unwrapOutboundIn(data)
        switch state {
        case .passthrough, .refused: break
        default:
            if let start = buffer.getString(at: buffer.readerIndex, length: min(12, buffer.readableBytes)), start.hasPrefix("HTTP/1.") {
                if start == "HTTP/1.1 101" {
                    state = .passthrough
                    timer?.cancel()
                } else {
                    // An answer's head: the next request's head is awaited (timed from its
                    // first byte), after what is left of this request's body.
                    answered = true
                    timer?.cancel()
                    switch state {
                    case .inRequest(bodyLeft: nil) where start.hasSuffix(" 408"):
                        // A chunked body too slow for its route: close once the answer is out.
                        state = .refused
                        let written = context.writeAndFlush(data)
                        written.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
                        if let promise { written.cascade(to: promise) }
                        return
                    case .inRequest(bodyLeft: nil): state = .passthrough
                    case .inRequest(let left?) where left > 0:
                        state = .lingering(left: left)
                        lingerBudget = Self.lingerBytes
                        lingerTimer(context)
                    default: state = .awaitingHead(bytes: 0, matched: 0)
                    }
                }
            }
        }
        context.write(data, promise: promise)
    }

    /// A body still arriving after `bodyTimeout` is answered 408, unless the route has answered.
    private func bodyTimer(_ context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: bodyTimeout) { [self] in
            guard case .inRequest(let left?) = state, left > 0 else { return }
            refuse(
                context, status: 408, reason: "Request Timeout", slug: "timeout",
                detail: "the request body was not complete within \(bodyTimeout.nanoseconds / 1_000_000_000) s (\(left) bytes missing)")
        }
    }

    /// A lingering connection whose body stops arriving is closed after `timeout`.
    private func lingerTimer(_ context: ChannelHandlerContext) {
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            guard case .lingering = state else { return }
            endLinger(context)
        }
    }

    private func endLinger(_ context: ChannelHandlerContext) {
        state = .refused
        timer?.cancel()
        let promise = heldClose
        heldClose = nil
        closeHeld = false
        context.close(mode: .all, promise: promise)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Hummingbird no longer asks for reads once it is done with the connection: the guard
        // asks, to drain the body it holds the close for.
        if closeHeld { context.read() }
        context.fireChannelReadComplete()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        guard case .lingering = state else {
            context.close(mode: mode, promise: promise)
            return
        }
        // Hummingbird is done with a connection whose body is still arriving. Shutting the
        // input (or the whole socket) now would reset it under a client still sending, which
        // then never reads the answer: the answer's side closes, the rest of the body is read
        // and dropped, and the close completes when it has (or the linger runs out).
        if !closeHeld { context.read() }
        closeHeld = true
        switch mode {
        case .input: promise?.succeed()
        case .output: context.close(mode: .output, promise: promise)
        default:
            if let promise {
                if let held = heldClose { held.futureResult.cascade(to: promise) } else { heldClose = promise }
            }
            context.flush()
            context.close(mode: .output, promise: nil)
        }
    }

    /// The route gave up waiting for a body (``ServeApp/BodyTimedOut``): answer 408 and close,
    /// which ends the route's read of the body.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let timedOut = event as? ServeApp.BodyTimedOut {
            if case .inRequest = state {
                refuse(
                    context, status: 408, reason: "Request Timeout", slug: "timeout",
                    detail: "the request body was not complete within \(timedOut.seconds) s")
            } else if case .refused = state {
            } else {
                state = .refused
                context.close(promise: nil)
            }
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Answers with a problem on the raw socket (this handler is the pipeline's first, so the
    /// bytes go straight out) and closes.
    private func refuse(_ context: ChannelHandlerContext, status: Int, reason: String, slug: String, detail: String, limit: Int? = nil) {
        state = .refused
        refusal.withLockedValue { $0 = true }
        timer?.cancel()
        var extensions: [String: Problem.ProblemValue] = [:]
        if let limit { extensions = ["limit": .number(Double(limit)), "unit": .text("bytes")] }
        let body = Problem(status: status, slug: slug, title: reason, detail: detail, extensions: extensions).json
        var out = context.channel.allocator.buffer(capacity: body.count + 160)
        out.writeString("HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(Problem.contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n")
        out.writeBytes(body)
        context.writeAndFlush(wrapOutboundOut(out)).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

/// The HTTP/1.1 server with WebSocket upgrades, each connection fronted by a ``RequestHeadGuard``.
struct GuardedServerChannel: ServerChildChannel {
    let base: HTTP1WebSocketUpgradeChannel
    let headLimit: Int
    let timeout: TimeAmount
    let bodyTimeout: TimeAmount

    struct Value: ServerChildChannelValue {
        let base: HTTP1WebSocketUpgradeChannel.Value
        let refusal: NIOLockedValueBox<Bool>
        var channel: any Channel { base.channel }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture { () throws -> NIOLockedValueBox<Bool> in
            let handler = RequestHeadGuard(headLimit: headLimit, timeout: timeout, bodyTimeout: bodyTimeout)
            try channel.pipeline.syncOperations.addHandler(handler, position: .first)
            return handler.refusal
        }.flatMap { refusal in base.setup(channel: channel, logger: logger).map { Value(base: $0, refusal: refusal) } }
    }

    func handle(value: Value, logger: Logger) async {
        // A connection the guard refused closed before its upgrade decision, which Hummingbird
        // logs as an error; the guard's answer already said what happened.
        var quiet = logger
        quiet.handler = RefusedConnectionLog(base: logger.handler, refusal: value.refusal)
        await base.handle(value: value.base, logger: quiet)
    }
}

/// A connection's log that drops what Hummingbird says about a connection the guard refused.
struct RefusedConnectionLog: LogHandler {
    var base: any LogHandler
    let refusal: NIOLockedValueBox<Bool>

    func log(event: LogEvent) {
        if refusal.withLockedValue({ $0 }) { return }
        base.log(event: event)
    }
    var metadataProvider: Logger.MetadataProvider? {
        get { base.metadataProvider }
        set { base.metadataProvider = newValue }
    }
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { base[metadataKey: key] }
        set { base[metadataKey: key] = newValue }
    }
    var metadata: Logger.Metadata {
        get { base.metadata }
        set { base.metadata = newValue }
    }
    var logLevel: Logger.Level {
        get { base.logLevel }
        set { base.logLevel = newValue }
    }
}
