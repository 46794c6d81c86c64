import NIOCore
import NIOHTTP1
import NIOPosix
import ReflowKit
import TextMetrics

/// One HTTP/1.1 connection's requests, behind NIO's request decoder and response encoder (a
/// request head over 80 KiB is a parse error). The connection is held to `ServerLimits`:
///
/// - **Time.** A request (its head and any body) must arrive within `headerTimeout` of its first byte; a connection
///   with no request under way is closed after `idleTimeout`; an answer the client does not take
///   (the unsent bytes over `maximumUnsentBytes`) closes it after `writeTimeout`.
/// - **Pipelining.** Requests are answered one at a time, in order. While one is answered, or its
///   answer is still unsent past the high-water mark, the connection is not read (back-pressure:
///   the client's sends block, the server's memory does not grow); at most `maximumPipelined`
///   requests wait, and past them the connection is closed once those are answered.
/// - **Malformed requests** are answered 400 `Connection: close` after the requests before them,
///   and the connection closed.
/// - **Room.** Each connection is counted in `ConnectionTable` (oldest idle closed first).
///
/// Each request is read by `RequestReading` (403, 405, 404, 414, 400), but a reorder (`/reorder`,
/// its body kept within `EditSession.maximumBodyBytes`), which `ServerContext.reorder` answers. The page and `/info.json`
/// are answered on the event loop; pictures, layouts and audits on a render thread
/// (`NIOThreadPool`), the answer written back on the event loop, so the loop never waits for a
/// render; a client that closes its connection cancels its work (`DocumentRenderer.Cancelled`).
/// `/events` turns the connection into an event stream (`EventStream`).
final class HTTPHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: ServerContext
    /// The request whose head arrived and whose end has not (a body is dropped, but a reorder's).
    private var request: HTTPRequestHead?
    /// That request's body so far when it is a reorder (`/reorder`); nil past `EditSession.maximumBodyBytes`.
    private var body: [UInt8]? = []
    /// Requests received and not yet answered, in order, each with its body (a reorder's only).
    private var queue: [(head: HTTPRequestHead, body: [UInt8]?)] = []
    /// A request is being answered.
    private var answering = false
    /// This connection is an event stream: it takes no more requests.
    private var streaming = false
    /// No more requests are taken: the connection closes once those queued are answered.
    private var closing = false
    /// Why the request after those queued could not be read: answered 400 with it, then closed.
    private var malformed: String?
    /// A read was asked for while the connection was held: done when it is let go.
    private var readHeld = false
    /// Bytes of a request arrived since the last head: the header timeout runs.
    private var headStarted = false
    /// The deadline that closes this connection, and which limit it is.
    private var timer: (kind: Deadline, task: Scheduled<Void>)?

    /// Which limit a connection's deadline is.
    enum Deadline: Equatable { case header, idle, write }

    init(server: ServerContext) { self.server = server }

    // MARK: The connection

    func channelActive(context: ChannelHandlerContext) {
        switch server.connections.admit(context.channel) {
        case .admitted(let closing):
            closing.forEach { $0.close(promise: nil) }
            updateDeadline(context: context)
        case .refused:
            closing = true
            write(.serviceUnavailable, text: "the server has \(server.connections.maximum) connections open, every one busy; "
                    + "try again in a moment", headers: [("Retry-After", "1")], version: .http1_1, isHead: false,
                  keepAlive: false, context: context)
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        server.connections.remove(context.channel)
        if streaming { server.events.remove(context.channel) }
        timer?.task.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    /// Bytes arrived (told by `ArrivalWatch`, in front of the decoder): the first of a request
    /// starts its header deadline.
    func bytesArrived(context: ChannelHandlerContext) {
        guard !headStarted, !answering, queue.isEmpty, request == nil, !streaming else { return }
        headStarted = true
        updateDeadline(context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            request = head
            body = []
            headStarted = false
            server.connections.setIdle(context.channel, false)
            updateDeadline(context: context)
        case .body(let part):
            // GET and HEAD have none, and whatever is sent is dropped; a reorder's is kept, within its limit.
            guard let head = request, Route.isReorder(head.uri), let kept = body else { break }
            body = kept.count + part.readableBytes > EditSession.maximumBodyBytes ? nil : kept + part.readableBytesView
        case .end:
            guard let head = request else { return }
            request = nil
            guard !streaming, !closing else { return }
            guard queue.count < server.limits.maximumPipelined else {
                closing = true  // the requests past the limit are not answered
                return
            }
            queue.append((head, body))
            body = []
            answerNext(context: context)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError, !streaming else {
            context.close(promise: nil)
            return
        }
        // NIO's decoder reads no further; the requests before the bad one are answered first.
        malformed = Self.problem(error as! HTTPParserError)
        closing = true
        answerNext(context: context)
    }

    func read(context: ChannelHandlerContext) {
        if isHeld(context) {
            readHeld = true
        } else {
            context.read()
        }
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        updateDeadline(context: context)
        if context.channel.isWritable { answerNext(context: context) }
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .inputClosed = event as? ChannelEvent {
            closing = true  // a client that shut its side is answered what it asked, then closed
            answerNext(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Whether the connection is not read now: a request is being answered or waits, or an answer
    /// waits unsent, or no more requests are taken.
    private func isHeld(_ context: ChannelHandlerContext) -> Bool {
        answering || !queue.isEmpty || closing || !context.channel.isWritable
    }

    /// Answers the next request, if none is being answered and the last answer was taken; with
    /// none left, closes a closing connection, or lets it be read and idle.
    private func answerNext(context: ChannelHandlerContext) {
        guard !answering, !streaming, context.channel.isActive else { return }
        if !queue.isEmpty {
            guard context.channel.isWritable else { return }
            answering = true
            // The request is whole: its header deadline ends here, however long it waits to be
            // drawn (behind others on the render threads), as the answer is the server's to make.
            updateDeadline(context: context)
            let next = queue.removeFirst()
            answer(next.head, body: next.body, context: context)
            return
        }
        if let problem = malformed {
            malformed = nil
            write(.badRequest, text: problem, headers: [], version: .http1_1, isHead: false, keepAlive: false, context: context)
            return
        }
        if closing {
            context.close(promise: nil)
            return
        }
        server.connections.setIdle(context.channel, true)
        updateDeadline(context: context)
        if readHeld {
            readHeld = false
            context.read()
        }
    }

    /// An answer was written whole (maybe not yet sent): the next request is taken, or the
    /// connection closed once it is sent.
    private func finished(keepAlive: Bool, context: ChannelHandlerContext) {
        answering = false
        if !keepAlive {
            closing = true
            queue.removeAll()
            return  // closed when the answer is sent (`write`)
        }
        answerNext(context: context)
    }

    /// What a client is told of a request NIO's decoder could not read.
    static func problem(_ error: HTTPParserError) -> String {
        switch error {
        case .headerOverflow:
            "the request's head is over 80 KiB, the most read here; send a shorter request line and fewer headers. "
                + "The connection is closed"
        case .invalidVersion: "the request is not HTTP/1.0 or HTTP/1.1; the connection is closed"
        case .invalidMethod: "the request's method could not be read; the connection is closed"
        default: "the request could not be read as HTTP/1.1 (\(error)); the connection is closed"
        }
    }

    /// Keeps the one deadline this connection's state calls for: none while it streams events or
    /// answers; the write timeout while its answers wait unsent; the header timeout from a
    /// request's first byte to its end, body and all (not restarted by later bytes); else the idle timeout.
    private func updateDeadline(context: ChannelHandlerContext) {
        let wanted: (Deadline, Double)?
        if streaming {
            wanted = nil
        } else if !context.channel.isWritable {
            wanted = (.write, server.limits.writeTimeout)
        } else if answering || !queue.isEmpty {
            wanted = nil
        } else if headStarted || request != nil {
            // A request's body too (a reorder's) must arrive within the header timeout of its first byte.
            wanted = (.header, server.limits.headerTimeout)
        } else {
            wanted = (.idle, server.limits.idleTimeout)
        }
        if timer?.kind == wanted?.0, timer != nil { return }
        timer?.task.cancel()
        timer = nil
        guard let (kind, seconds) = wanted else { return }
        let channel = context.channel
        let task = context.eventLoop.scheduleTask(in: .nanoseconds(Int64(seconds * 1e9))) { channel.close(promise: nil) }
        timer = (kind, task)
    }

    // MARK: Answers

    private func answer(_ head: HTTPRequestHead, body: [UInt8]?, context: ChannelHandlerContext) {
        if Route.isReorder(head.uri) { return reorder(head, body: body, context: context) }
        if let route = Route.match(head.uri)?.route, route.isDrawn { return render(head, context: context) }
        switch server.reading.decide(head, port: context.channel.localAddress?.port) {
        case .refuse(let status, let text, let headers):
            respond(status, text: text, headers: headers, to: head, context: context)
        case .page:
            let page = PreviewPage.html(document: server.renderer.source.name, edit: server.edits.pageFields())
            respond(.ok, contentType: "text/html; charset=utf-8", body: Array(page.utf8),
                    headers: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)], to: head, context: context)
        case .info:
            respond(server.renderer.info(), to: head, context: context)
        case .events:
            timer?.task.cancel()
            timer = nil
            startStream(head, context: context)
            answering = false
            if !streaming { finished(keepAlive: head.isKeepAlive, context: context) }
        case .render:
            // Not reached: a drawn route's request is read on a render thread (above).
            render(head, context: context)
        }
    }

    /// A picture, layout or audit: its request read (`RequestReading.decide`, whose parameters
    /// go through the command line's parser) and drawn on a render thread, and the answer written
    /// back on the event loop, which only moves bytes and so answers every connection while a
    /// picture is made.
    private func render(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard server.admit() else {
            return respond(.serviceUnavailable, text: "too many requests are waiting to be drawn; try again in a moment",
                           headers: [("Retry-After", "1")], to: head, context: context)
        }
        let channel = context.channel
        let port = channel.localAddress?.port
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        server.pool.runIfActive(eventLoop: context.eventLoop) { [server] () -> Drawn in
            switch server.reading.decide(head, port: port) {
            case .render(let route, let parameters):
                return .answer(try server.answer(route, parameters, isWanted: { channel.isActive }))
            case .refuse(let status, let text, let headers):
                return .refused(status, text, headers)
            case .page, .info, .events:
                return .answer(server.renderer.info())  // not a drawn route: `isDrawn` says which are
            }
        }.whenComplete { [server] result in
            server.release()
            let (handler, context) = bound.value
            switch result {
            case .success(.answer(let answer)):
                handler.respond(answer, to: head, context: context)
            case .success(.refused(let status, let text, let headers)):
                handler.respond(status, text: text, headers: headers, to: head, context: context)
            case .failure(is DocumentRenderer.Cancelled):
                handler.finished(keepAlive: false, context: context)
            case .failure(let error as DocumentRenderer.PictureMemoryBusy):
                handler.respond(.serviceUnavailable, text: error.description, headers: [("Retry-After", "1")], to: head,
                                context: context)
            case .failure(let error) where error is NIOThreadPoolError.ThreadPoolInactive:
                handler.respond(.serviceUnavailable, text: "the server is stopping", to: head, context: context)
            case .failure(let error):
                // Valid parameters the document cannot be drawn with (a width too narrow for
                // its cells, an anchor it does not have): what the command line says, exit 1 there.
                handler.respond(.unprocessableEntity, text: server.message(for: error), to: head, context: context)
            }
        }
    }

    /// What a render thread makes of a drawn route's request.
    private enum Drawn: Sendable {
        case answer(DocumentRenderer.Answer)
        case refused(HTTPResponseStatus, String, [RequestReading.Header])
    }

    /// A reorder (`EditSession`), made on a render thread and answered back on the event loop.
    private func reorder(_ head: HTTPRequestHead, body: [UInt8]?, context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        server.reorder(head, body: body, port: context.channel.localAddress?.port, on: context.eventLoop).whenComplete { result in
            let (handler, context) = bound.value
            switch result {
            case .success(let answer):
                handler.respond(answer.status, contentType: answer.contentType, body: answer.body, headers: answer.headers,
                                to: head, context: context)
            case .failure:
                handler.respond(.serviceUnavailable, text: "the server is stopping; nothing was written", to: head, context: context)
            }
        }
    }

    /// Answers `head` with the stream's head, the document's version now (an event `hello`, so a
    /// page that reconnects sees what it missed), then every `changed` event until it closes, or
    /// until more than `EventStream.maximumPendingBytes` wait for it (a client that does not read).
    private func startStream(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        headers.add(name: "Cache-Control", value: "no-store")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        guard head.method == .GET else {
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            return
        }
        streaming = true
        // Added first: an event sent from now on is written after the hello (on this event loop,
        // in a later turn), so none falls between the version the hello says and the stream.
        server.events.add(context.channel)
        // The version only, as every event (`DocumentInfo.event`): the page fetches /info.json.
        let hello = "retry: 1000\n" + EventStream.text(event: "hello", data: DocumentInfo.event(server.renderer.source.current))
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: hello)))), promise: nil)
    }

    private func respond(_ answer: DocumentRenderer.Answer, to head: HTTPRequestHead, context: ChannelHandlerContext) {
        respond(.ok, contentType: answer.contentType, body: answer.body, headers: answer.headers, to: head, context: context)
    }

    /// A plain-text answer: a message for a person, ending in a line feed.
    private func respond(_ status: HTTPResponseStatus, text: String, headers: [(name: String, value: String)] = [],
                         to head: HTTPRequestHead, context: ChannelHandlerContext) {
        respond(status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8), headers: headers, to: head,
                context: context)
    }

    /// Answers `head` and goes on to the next request: kept alive when the request asks so and
    /// the connection is not closing (the last answer before a close says `Connection: close`).
    private func respond(_ status: HTTPResponseStatus, contentType: String, body: [UInt8],
                         headers: [(name: String, value: String)] = [], to head: HTTPRequestHead,
                         context: ChannelHandlerContext) {
        let keepAlive = head.isKeepAlive && !(closing && queue.isEmpty && malformed == nil)
        write(status, contentType: contentType, body: body, headers: headers, version: head.version,
              isHead: head.method == .HEAD, keepAlive: keepAlive, context: context)
        finished(keepAlive: keepAlive, context: context)
    }

    /// A plain-text response written outside a request's answer (a refusal, the 400 of a
    /// malformed request), the connection closed after it unless `keepAlive`.
    private func write(_ status: HTTPResponseStatus, text: String, headers: [(name: String, value: String)],
                       version: HTTPVersion, isHead: Bool, keepAlive: Bool, context: ChannelHandlerContext) {
        write(status, contentType: "text/plain; charset=utf-8", body: Array((text + "\n").utf8), headers: headers,
              version: version, isHead: isHead, keepAlive: keepAlive, context: context)
    }

    /// Writes a response: `body`, or only its length for HEAD; never cached (every answer depends
    /// on the document's version); the connection closed once it is sent unless `keepAlive`.
    private func write(_ status: HTTPResponseStatus, contentType: String, body: [UInt8], headers extra: [(name: String, value: String)],
                       version: HTTPVersion, isHead: Bool, keepAlive: Bool, context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for (name, value) in extra { headers.add(name: name, value: value) }
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: status, headers: headers))), promise: nil)
        if !isHead {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }
}

/// Tells the connection's `HTTPHandler` when bytes arrive, before NIO's decoder has made a request
/// of them: the first byte of a request starts its header deadline.
final class ArrivalWatch: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let handler: HTTPHandler
    private var handlerContext: ChannelHandlerContext?

    init(telling handler: HTTPHandler) { self.handler = handler }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if handlerContext == nil { handlerContext = try? context.pipeline.syncOperations.context(handler: handler) }
        if let handlerContext { handler.bytesArrived(context: handlerContext) }
        context.fireChannelRead(data)
    }
}
