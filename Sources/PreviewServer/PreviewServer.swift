import Dispatch
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import ReflowKit
import TextMetrics

/// A live preview of one document over HTTP (what `reflow-cli serve` runs): a page with the text
/// size, width and text settings as controls, showing one screen at a time, and the endpoints
/// behind it for scripts. The document and fonts are read once; each request is layout work on
/// warm caches (`DocumentRenderer`). The file's folder is watched (`FileWatcher`), and a screen's
/// string catalogs with it: a save is read again and announced to the open pages (`/events`),
/// which draw their screen anew. A request's `language` lays a screen out in that language of
/// its catalogs; `/info.json` lists them for the page's menu.
///
/// ```swift
/// let server = try PreviewServer(PreviewServer.Configuration(document: "welcome.md", fonts: try FontLibrary()) { query in
///     guard let category = ContentSizeCategory(name: query.value("category") ?? "l") else { throw BadRequest("no such size") }
///     return ScreenParameters(categories: [category], viewport: Size(width: 390, height: 844))
/// })
/// print(server.url)   // http://127.0.0.1:PORT/
/// try server.wait()   // until close()
/// ```
///
/// Endpoints (GET and HEAD, matched exactly; anything else is 404, 405 for other methods):
/// `/` the page; `/render.png`, `/render.svg` a screen (with a viewport) or the whole page;
/// `/layout.json` the layout JSON; `/audit.json` the audit at one size and width; `/info.json`
/// the document's version and reading problems; `/events` server-sent events. A query the
/// `parameters` function rejects is 400 with its message; parameters the document cannot be drawn
/// with are 422 with `describe`'s words for the error. Before any of that, a request not addressed
/// to this machine or sent by another site's page is 403 (`RequestGuard`), and a query over
/// `Query.maximumLength` bytes is 414 (over `Query.maximumItems` parameters, 400). No answer
/// names an absolute path of the machine (`PathRedaction`). With `allowEdits`, `POST /reorder`
/// writes a new order of cells to the file (`EditSession`: the page's token, the file's version).
public final class PreviewServer: Sendable {
    public struct Configuration: Sendable {
        /// The document's path.
        public var document: String
        /// Reads it, within its `maximumBytes`, at the start and after each change.
        public var reader = DocumentReader()
        /// The fonts text is set in.
        public var fonts: FontLibrary
        /// The address to listen on: loopback by default, so the preview is seen from this machine only.
        public var host = "127.0.0.1"
        /// The port; 0 picks a free one (`PreviewServer.port` says which).
        public var port = 0
        /// Threads that draw; each keeps its own warm caches (`RenderWorker`).
        public var renderThreads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4))
        /// Requests that may be drawn or wait to be at once; beyond, 503.
        public var maximumPending = 256
        /// What one client may hold: timeouts, connections, pipelining, picture memory.
        public var limits = ServerLimits()
        /// How long a file stays quiet before a burst of changes is read, in seconds.
        public var debounce = 0.1
        /// A request's query read as parameters, or `BadRequest` with what was wrong (400).
        public var parameters: @Sendable (Query) throws -> ScreenParameters
        /// An error in the words of the server's user (the page's text and a 422's body).
        public var describe: @Sendable (any Error) -> String = { "\($0)" }
        /// Told what a person should know as it happens: a reading that failed, its warnings.
        public var warn: @Sendable (String) -> Void = { _ in }
        /// Whether the page may write a new order of cells to the file (`POST /reorder`,
        /// `EditSession`; the command line's `--allow-edits`). Off, a reorder is 403.
        public var allowEdits = false

        public init(document: String, fonts: FontLibrary, parameters: @escaping @Sendable (Query) throws -> ScreenParameters) {
            self.document = document
            self.fonts = fonts
            self.parameters = parameters
        }
    }

    /// The address could not be listened on (taken, not this machine's, not an address).
    public struct ListenError: Error, Hashable, Sendable, CustomStringConvertible {
        public let host: String
        public let port: Int
        public let reason: String

        public var description: String { "cannot listen on \(host) port \(port): \(reason)" }
    }

    /// The address listened on, and the page's URL there.
    public let host: String
    public let port: Int
    public var url: String { "http://\(host.contains(":") ? "[\(host)]" : host):\(port)/" }
    /// Whether the address is a loopback one (127.0.0.0/8, ::1): the preview is seen from this
    /// machine only. Otherwise anyone who reaches the machine can read the document.
    public let isLoopback: Bool

    /// What a person should know about how the document was read (invalid UTF-8, images drawn
    /// as placeholders), for the version on show, with the paths as given (for stderr: the
    /// answers say them without the machine's paths).
    public var documentWarnings: [String] { renderer.source.current.localWarnings }

    let renderer: DocumentRenderer
    let events: EventStream
    /// What lets the page write a new order to the file: its token and the file's version for
    /// the page (`EditSession.pageFields()`).
    public let edits: EditSession
    /// The connections open now.
    let connections: ConnectionTable
    /// Requests being drawn or waiting for a render thread now.
    let pending = Locked(0)
    private let group: MultiThreadedEventLoopGroup
    private let pool: NIOThreadPool
    private let channel: any Channel
    private let watcher: FileWatcher
    private let keepAlive: RepeatedTask

    /// Reads the document, starts the threads, listens, and starts watching the file.
    /// - Throws: what reading the document throws; `ListenError`; `FileWatcher.Failure`.
    public init(_ configuration: Configuration) throws {
        let source = try DocumentSource(path: configuration.document, reader: configuration.reader,
                                        describe: configuration.describe)
        let limits = configuration.limits
        let events = EventStream()
        self.events = events
        renderer = DocumentRenderer(source: source, fonts: configuration.fonts, pictureMemory: limits.pictureMemory,
                                    measurementSeconds: limits.backgroundMeasurementSeconds) { key, height in
            events.send(event: "height", data: DocumentInfo.heightEvent(version: key.version, key: key.name, height: height))
        }
        edits = EditSession(documentPath: configuration.document, reader: configuration.reader, isEnabled: configuration.allowEdits)
        connections = ConnectionTable(maximum: limits.maximumConnections)
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        pool = NIOThreadPool(numberOfThreads: max(1, configuration.renderThreads))
        pool.start()
        let reading = RequestReading(requestGuard: RequestGuard(listeningOn: configuration.host),
                                     parameters: configuration.parameters, describe: configuration.describe,
                                     redaction: source.redaction)
        let context = ServerContext(renderer: renderer, events: events, reading: reading, describe: configuration.describe,
                                    pool: pool, pending: pending, maximumPending: configuration.maximumPending,
                                    limits: limits, connections: connections, edits: edits)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // Out of file descriptors (EMFILE, ENFILE), `accept` is tried again after a pause, not
            // at once in a loop; the connection limit keeps the server below that point.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler(backoffProvider: { _ in .milliseconds(250) }))
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelOption(.socketOption(.so_sndbuf), value: SocketOptionValue(limits.socketSendBuffer))
            .childChannelOption(.writeBufferWaterMark,
                                value: .init(low: limits.maximumUnsentBytes / 2, high: limits.maximumUnsentBytes))
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    // Requests are queued, answered in order and held to the limits by HTTPHandler
                    // itself, and a malformed one answered there in its turn (not by NIO's helpers).
                    try pipeline.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
                    let handler = HTTPHandler(server: context)
                    try pipeline.addHandler(ArrivalWatch(telling: handler), position: .first)
                    try pipeline.addHandler(handler)
                }
            }
        do {
            channel = try bootstrap.bind(host: configuration.host, port: configuration.port).wait()
        } catch {
            try? pool.syncShutdownGracefully()
            try? group.syncShutdownGracefully()
            throw ListenError(host: configuration.host, port: configuration.port, reason: Self.reason(error))
        }
        let address = channel.localAddress
        host = address?.ipAddress ?? configuration.host
        port = address?.port ?? configuration.port
        isLoopback = Self.isLoopback(host)
        keepAlive = group.next().scheduleRepeatedTask(initialDelay: .seconds(EventStream.keepAliveSeconds),
                                                      delay: .seconds(EventStream.keepAliveSeconds)) { _ in events.keepAlive() }
        let warn = configuration.warn
        // The screen's catalogs are watched with it; which they are is read again after each
        // change (a save of the screen may name others).
        let watching = Locked<FileWatcher?>(nil)
        do {
            watcher = try FileWatcher(paths: source.watchedPaths(), debounce: configuration.debounce,
                                      queue: DispatchQueue(label: "reflow.serve.watch")) {
                let version = source.reload()
                watching.withLock { $0 }?.watch(source.watchedPaths())
                if let problem = version.localProblem {
                    warn("\(problem); the preview shows the last version that could be read")
                } else {
                    version.localWarnings.forEach(warn)
                }
                events.send(event: "changed", data: DocumentInfo.event(version))
            }
        } catch {
            keepAlive.cancel()
            channel.close(promise: nil)
            try? pool.syncShutdownGracefully()
            try? group.syncShutdownGracefully()
            throw error
        }
        watching.withLock { $0 = watcher }
    }

    /// Stops taking connections and ends the event streams; `wait()` then returns. Safe to call
    /// more than once, from any thread (a signal handler's queue).
    public func close() {
        watcher.stop()
        renderer.heights.stop()
        keepAlive.cancel()
        events.closeAll()
        channel.close(promise: nil)
    }

    /// Waits until `close()`, then lets the requests being drawn finish and stops the threads.
    public func wait() throws {
        try channel.closeFuture.wait()
        try pool.syncShutdownGracefully()
        try group.syncShutdownGracefully()
    }

    /// Whether `host`, an IP address, is a loopback one.
    static func isLoopback(_ host: String) -> Bool {
        host == "::1" || host.hasPrefix("127.") || host == "::ffff:127.0.0.1"
    }

    /// Why listening failed, in a few words: NIO's error less its system-call detail.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode)).lowercased()
        }
        if error is SocketAddressError { return "not an address of this machine (nor a name that resolves to one)" }
        return "\(error)"
    }
}
