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
final class RequestHeadGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private enum State { case awaitingHead(bytes: Int, matched: Int), inRequest, passthrough, refused }
    private var state = State.awaitingHead(bytes: 0, matched: 0)
    private var timer: Scheduled<Void>?
    private var answered = false
    private let headLimit: Int
    private let timeout: TimeAmount
    /// Set once this guard has answered and closed the connection (read by the connection's log).
    let refusal = NIOLockedValueBox(false)

    init(headLimit: Int, timeout: TimeAmount) {
        self.headLimit = headLimit; self.timeout = timeout
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
        if case .awaitingHead(var bytes, var matched) = state {
            let buffer = unwrapInboundIn(data)
            // The clock runs from a head's first byte, so a kept-alive connection that waited
            // before asking is not cut off mid-head (its waiting is the idle timeout's).
            if bytes == 0, buffer.readableBytes > 0 { arm(context) }
            let crlfcrlf: [UInt8] = [13, 10, 13, 10]
            var complete = false
            buffer.withUnsafeReadableBytes { raw in
                for byte in raw {
                    bytes += 1
                    if byte == crlfcrlf[matched] { matched += 1 } else { matched = byte == 13 ? 1 : 0 }
                    if matched == 4 { complete = true; return }
                    if bytes > headLimit { return }
                }
            }
            if complete {
                state = .inRequest
                timer?.cancel()
            } else if bytes > headLimit {
                refuse(
                    context, status: 431, reason: "Request Header Fields Too Large", slug: "too-large",
                    detail: "the request head is over \(headLimit) bytes", limit: headLimit)
                return
            } else {
                state = .awaitingHead(bytes: bytes, matched: matched)
            }
        }
        context.fireChannelRead(data)
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
                    // first byte).
                    state = .awaitingHead(bytes: 0, matched: 0)
                    answered = true
                    timer?.cancel()
                }
            }
        }
        context.write(data, promise: promise)
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

    struct Value: ServerChildChannelValue {
        let base: HTTP1WebSocketUpgradeChannel.Value
        let refusal: NIOLockedValueBox<Bool>
        var channel: any Channel { base.channel }
    }

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture { () throws -> NIOLockedValueBox<Bool> in
            let handler = RequestHeadGuard(headLimit: headLimit, timeout: timeout)
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
