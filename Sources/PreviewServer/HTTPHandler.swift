import NIOCore
import NIOHTTP1
import NIOPosix
import ReflowKit
import TextMetrics

/// What every connection's handler shares: the document's renderer, the open event streams, how
/// a query is read and an error worded, the render threads and how much work may wait for them.
struct ServerContext: Sendable {
    let renderer: DocumentRenderer
    let events: EventStream
    let parameters: @Sendable (Query) throws -> ScreenParameters
    let describe: @Sendable (any Error) -> String
    let pool: NIOThreadPool
    /// Requests being drawn or waiting for a render thread now.
    let pending: Locked<Int>
    /// How many may (beyond that: 503, try again).
    let maximumPending: Int
    /// Who is answered (beyond: 403).
    let requestGuard: RequestGuard

    /// `error` in `describe`'s words, without the machine's paths: a 422's body.
    func message(for error: any Error) -> String { renderer.source.redaction(describe(error)) }

    /// Counts a request in, if there is room for it.
    func admit() -> Bool {
        pending.withLock { count in
            guard count < maximumPending else { return false }
            count += 1
            return true
        }
    }

    /// Counts a request out.
    func release() { pending.withLock { $0 -= 1 } }

    /// The answer to `route` with `parameters`, made on the calling (render) thread.
    func answer(_ route: Route, _ parameters: ScreenParameters) throws -> DocumentRenderer.Answer {
        switch route {
        case .png: try renderer.picture(.png, parameters)
        case .svg: try renderer.picture(.svg, parameters)
        case .layout: try renderer.layoutJSON(parameters)
        case .audit: try renderer.auditJSON(parameters)
        case .page, .info, .events: renderer.info()
        }
    }
}

/// One HTTP/1.1 connection's requests (NIO's server pipeline in front: parsing, keep-alive,
/// pipelined requests answered in order; a request head over 80 KiB is NIO's 400). Each request
/// is checked by the `RequestGuard` first (403), then GET and HEAD only; the path is matched
/// exactly against the routes (`Route`), never read from the disk; a query over 8 KiB is 414,
/// over 64 parameters 400 (`Query`). The page and `/info.json` are answered on the
/// event loop; pictures, layouts and audits on a render thread (`NIOThreadPool`), the answer
/// written back on the event loop, so the loop never waits for a render. `/events` turns the
/// connection into an event stream (`EventStream`).
final class HTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let server: ServerContext
    private var request: HTTPRequestHead?
    /// This connection is an event stream: it takes no more requests.
    private var streaming = false

    init(server: ServerContext) { self.server = server }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): request = head
        case .body: break  // GET and HEAD have none; whatever is sent is dropped
        case .end:
            guard let head = request, !streaming else { return }
            request = nil
            handle(head, context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if streaming { server.events.remove(context.channel) }
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // A connection idle past the idle handler's limit is closed; an event stream is never
        // idle (it is sent a comment now and then).
        if event is IdleStateHandler.IdleStateEvent, !streaming {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func handle(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        if let refusal = server.requestGuard.refusal(of: head, port: context.channel.localAddress?.port) {
            return respond(.forbidden, text: refusal.message, to: head, context: context)
        }
        guard head.method == .GET || head.method == .HEAD else {
            return respond(.methodNotAllowed, text: "\(head.method) is not answered here: only GET and HEAD",
                           headers: [("Allow", "GET, HEAD")], to: head, context: context)
        }
        guard let (route, queryText) = Route.match(head.uri) else {
            return respond(.notFound, text: "not found: this server answers \(Route.listed) and nothing else", to: head,
                           context: context)
        }
        // Bounded before any parsing: a query is read in one pass of at most 8 KiB, and at most
        // `Query.maximumItems` parameters reach the parser of `parameters`, here on the event loop.
        guard queryText.utf8.count <= Query.maximumLength else {
            return respond(.uriTooLong, text: Query.tooLongMessage(length: queryText.utf8.count), to: head, context: context)
        }
        switch route {
        case .page:
            respond(.ok, contentType: "text/html; charset=utf-8", body: Array(PreviewPage.html(document: server.renderer.source.name).utf8),
                    headers: [("Content-Security-Policy", PreviewPage.contentSecurityPolicy)], to: head, context: context)
        case .info:
            respond(server.renderer.info(), to: head, context: context)
        case .events:
            startStream(head, context: context)
        case .png, .svg, .layout, .audit:
            let parameters: ScreenParameters
            do {
                parameters = try server.parameters(try Query(parsing: queryText))
            } catch {
                let message = (error as? BadRequest)?.message ?? server.describe(error)
                return respond(.badRequest, text: server.renderer.source.redaction(message, knownFoldersOnly: true), to: head,
                               context: context)
            }
            guard server.admit() else {
                return respond(.serviceUnavailable, text: "too many requests are waiting to be drawn; try again in a moment",
                               headers: [("Retry-After", "1")], to: head, context: context)
            }
            let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
            server.pool.runIfActive(eventLoop: context.eventLoop) { [server] in
                try server.answer(route, parameters)
            }.whenComplete { [server] result in
                server.release()
                let (handler, context) = bound.value
                switch result {
                case .success(let answer):
                    handler.respond(answer, to: head, context: context)
                case .failure(let error) where error is NIOThreadPoolError.ThreadPoolInactive:
                    handler.respond(.serviceUnavailable, text: "the server is stopping", to: head, context: context)
                case .failure(let error):
                    // Valid parameters the document cannot be drawn with (a width too narrow for
                    // its cells, an anchor it does not have): what the command line says, exit 1 there.
                    handler.respond(.unprocessableEntity, text: server.message(for: error), to: head, context: context)
                }
            }
        }
    }

    /// Answers `head` with the stream's head, the document as it is now (an event `hello`, so a
    /// page that reconnects sees what it missed), then every `changed` event until it closes.
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
        let source = server.renderer.source
        let hello = "retry: 1000\n" + EventStream.text(event: "hello", data: DocumentRenderer.infoJSON(source.current, name: source.name))
        context.writeAndFlush(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: hello)))), promise: nil)
        server.events.add(context.channel)
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

    /// Writes the response: `body` for GET, only its length for HEAD; never cached (every
    /// answer depends on the document's version); the connection closed after it unless the
    /// request keeps it alive.
    private func respond(_ status: HTTPResponseStatus, contentType: String, body: [UInt8],
                         headers extra: [(name: String, value: String)] = [], to head: HTTPRequestHead,
                         context: ChannelHandlerContext) {
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: contentType)
        headers.add(name: "Content-Length", value: String(body.count))
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "X-Content-Type-Options", value: "nosniff")
        for (name, value) in extra { headers.add(name: name, value: value) }
        let keepAlive = head.isKeepAlive
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
        if head.method != .HEAD {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: body)))), promise: nil)
        }
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in
            if !keepAlive { channel.close(promise: nil) }
        }
    }
}
