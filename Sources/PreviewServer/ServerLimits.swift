import Glibc

/// What one client may hold of the server, so that no client can stall, flood or starve the
/// others: how long a request may take to arrive, how many connections are kept, how many requests
/// one connection may send ahead of its answers, and how much memory pictures being drawn may
/// take. Past each limit a client gets a stated answer (or its connection closed), never a server
/// that waits for it. docs/serve.md ("Limits and refusals") lists them with their values.
public struct ServerLimits: Hashable, Sendable {
    /// Seconds from a request's first byte to the end of its head. A client that sends half a
    /// request and waits (slowloris) is closed then, however slowly it trickles bytes.
    public var headerTimeout: Double = 5
    /// Seconds a connection may wait with no request under way (before its first request, or
    /// between keep-alive requests) before it is closed. An event stream is never idle.
    public var idleTimeout: Double = 10
    /// Seconds an answer may wait to be taken by a client that does not read it (the connection's
    /// writes over its high-water mark) before the connection is closed.
    public var writeTimeout: Double = 30
    /// Connections open at once. A connection past it closes the oldest idle one (no request under
    /// way: waiting, or still sending its head), or, when every one is busy, is itself answered
    /// 503 and closed. Below the process's file-descriptor limit by default (`defaultConnections`).
    public var maximumConnections: Int = ServerLimits.defaultConnections()
    /// Requests one connection may send ahead of their answers (HTTP/1.1 pipelining). Past it the
    /// server stops reading that connection until it has answered; requests already sent beyond it
    /// are not answered, and the connection is closed after the ones kept.
    public var maximumPipelined = 16
    /// Bytes a connection's answers may wait unsent before the server stops reading its next
    /// request (NIO's write-buffer high-water mark; it reads again under half of it).
    public var maximumUnsentBytes = 256 * 1024
    /// The kernel's send buffer of each connection (SO_SNDBUF): what an answer may take of the
    /// machine's memory outside the server once written, per connection (Linux's own default
    /// grows to 4 MiB, which over hundreds of connections is gigabytes).
    public var socketSendBuffer = 256 * 1024
    /// Bytes the pictures being drawn at once may take (each one's bitmap and its encoding,
    /// `PictureBudget.cost`). A picture that does not fit beside those in flight is answered 503
    /// with `Retry-After`; one picture alone always fits (the largest is 64 megapixels).
    public var pictureMemory = 640 * 1024 * 1024
    /// Seconds the server may spend measuring one page whole in the background to give the live
    /// page its exact scroll height (`PageHeights`: one page at a time, the last asked for, on a
    /// thread below the render threads; given up sooner when another page is asked for or the
    /// file changes). 0: never; the page then scrolls by the estimates.
    public var backgroundMeasurementSeconds: Double = 20

    public init() {}

    /// File descriptors kept out of `defaultConnections` for everything else the server opens:
    /// the document, images, fonts, the watch, the render threads' files.
    public static let reservedDescriptors = 128
    /// The most connections by default whatever the descriptor limit.
    public static let connectionCeiling = 1000

    /// `connectionCeiling`, or fewer: the soft limit on open files (`ulimit -n`) less
    /// `reservedDescriptors`, at least 16. With the common limit of 1024: 896.
    public static func defaultConnections(descriptorLimit: Int? = nil) -> Int {
        let limit = descriptorLimit ?? Self.descriptorLimit()
        return max(16, min(connectionCeiling, limit - reservedDescriptors))
    }

    /// The soft limit on open files of this process (`RLIMIT_NOFILE`).
    static func descriptorLimit() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        return Int(clamping: min(limit.rlim_cur, rlim_t(Int.max / 2)))
    }
}
