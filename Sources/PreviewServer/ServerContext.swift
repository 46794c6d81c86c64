import NIOCore
import NIOHTTP1
import NIOPosix
import ReflowKit
import TextMetrics

/// What every connection's handler shares: the document's renderer, the open event streams, how a
/// request is read (`RequestReading`) and an error worded, the render threads and how much work may
/// wait for them, the limits and the open connections.
struct ServerContext: Sendable {
    let renderer: DocumentRenderer
    let events: EventStream
    let reading: RequestReading
    let describe: @Sendable (any Error) -> String
    let pool: NIOThreadPool
    /// Requests being drawn or waiting for a render thread now.
    let pending: Locked<Int>
    /// How many may (beyond that: 503, try again).
    let maximumPending: Int
    /// What one client may hold.
    let limits: ServerLimits
    /// The connections open now, at most `limits.maximumConnections`.
    let connections: ConnectionTable
    /// What lets the page write a new order to the file (`POST /reorder`).
    let edits: EditSession

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

    /// The answer to a request of `/reorder` (`EditSession`) with its `body` (nil: over the
    /// limit), which came in on `port`: refused at once by `RequestGuard` (403) or by its head,
    /// else the file read, checked, edited and written on a render thread, the answer completed
    /// on `eventLoop`.
    func reorder(_ head: HTTPRequestHead, body: [UInt8]?, port: Int?, on eventLoop: any EventLoop)
        -> EventLoopFuture<EditSession.Answer>
    {
        if let refusal = reading.requestGuard.refusal(of: head, port: port) {
            return eventLoop.makeSucceededFuture(EditSession.Answer(.forbidden, refusal.message))
        }
        if let refusal = edits.refusal(of: head) { return eventLoop.makeSucceededFuture(refusal) }
        guard admit() else {
            return eventLoop.makeSucceededFuture(EditSession.Answer(.serviceUnavailable, "too many requests are waiting; "
                + "try again in a moment", headers: [("Retry-After", "1")]))
        }
        let server = self
        return pool.runIfActive(eventLoop: eventLoop) {
            server.edits.answer(body: body, describe: server.message(for:))
        }.always { _ in server.release() }
    }

    /// The answer to `route` with `parameters`, made on the calling (render) thread; `Cancelled`
    /// without any work once `isWanted` says the client went away (and, for a picture, between
    /// its steps).
    func answer(_ route: Route, _ parameters: ScreenParameters, isWanted: @escaping @Sendable () -> Bool) throws
        -> DocumentRenderer.Answer
    {
        guard isWanted() else { throw DocumentRenderer.Cancelled() }
        switch route {
        case .png: return try renderer.picture(.png, parameters, isWanted: isWanted)
        case .svg: return try renderer.picture(.svg, parameters, isWanted: isWanted)
        case .layout: return try renderer.layoutJSON(parameters)
        case .audit: return try renderer.auditJSON(parameters)
        case .page, .info, .events: return renderer.info()
        }
    }
}
