import NIOCore
import NIOHTTP1
import TextMetrics

/// The open `/events` responses: server-sent events (`text/event-stream`), one stream per page
/// open. Each `changed` event (the document read again) goes to every stream; a comment every
/// `keepAliveSeconds` keeps idle connections open through proxies and finds the ones that went
/// away. Safe to use from any thread: each write is made on its channel's own event loop.
///
/// Each stream's queue is bounded. What the socket has not taken yet waits in the server, for
/// every stream a copy of every event: a client that never reads would hold it all, and 200 of
/// them held 800 MB. So a stream's channel has a write-buffer water mark at
/// `maximumPendingBytes` (NIO's writability), and a stream that is over it when an event or a
/// comment is due is closed instead of written to. Nothing is lost with it: the page's
/// `EventSource` connects again after the `retry` the stream began with, and its `hello` says the
/// version then (events only ever say "the document changed; ask `/info.json`").
final class EventStream: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    /// How often a stream with nothing to say is sent a comment.
    static let keepAliveSeconds: Int64 = 15

    /// The most bytes waiting in the server (past what the socket's buffer took) for one stream
    /// before it is closed: a page that reads is never near it (an event is under 100 bytes); one
    /// that stopped reading costs at most this, and is dropped at the next event or comment.
    static let maximumPendingBytes = 64 * 1024

    /// The water mark set on each stream's channel: unwritable past `maximumPendingBytes`.
    static let waterMark = ChannelOptions.Types.WriteBufferWaterMark(low: maximumPendingBytes / 2, high: maximumPendingBytes)

    /// The send buffer asked of the system for each stream's socket (Linux doubles it for its
    /// bookkeeping: 32 KiB). Without it the system grows a socket's buffer as it sees fit, up to
    /// 4 MiB on loopback (`net.ipv4.tcp_wmem`), and a client that does not read would hold that
    /// much of the machine's memory before the server's own bound is reached.
    static let socketBufferBytes = 16 * 1024

    /// `data` as the text of one event named `event`: a `data:` line per line of it, and the
    /// blank line that ends the event.
    static func text(event: String, data: String) -> String {
        "event: \(event)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    /// Starts sending events to `channel` (whose response head is written), its queue bounded by
    /// `waterMark` and its socket's buffer by `socketBufferBytes`.
    func add(_ channel: any Channel) {
        channel.setOption(ChannelOptions.writeBufferWaterMark, value: Self.waterMark).flatMap {
            channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: SocketOptionValue(Self.socketBufferBytes))
        }.whenFailure { _ in
            channel.close(promise: nil)  // a stream that cannot be bounded is not kept
        }
        channels.withLock { $0[ObjectIdentifier(channel)] = channel }
    }

    /// Stops sending events to `channel` (closed).
    func remove(_ channel: any Channel) {
        _ = channels.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// The streams open now.
    var count: Int { channels.withLock { $0.count } }

    /// Sends the event `event` with `data` to every stream.
    func send(event: String, data: String) { write(Self.text(event: event, data: data)) }

    /// Sends a comment line (ignored by the page) to every stream.
    func keepAlive() { write(": keep-alive\n\n") }

    /// Ends every stream, each response finished before its connection is closed (the server is
    /// stopping); a stream over its bound is closed at once (it would never take the end).
    func closeAll() {
        let open = channels.withLock { channels in
            defer { channels.removeAll() }
            return Array(channels.values)
        }
        for channel in open {
            channel.eventLoop.execute {
                guard channel.isWritable else { return channel.close(promise: nil) }
                channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
            }
        }
    }

    /// Writes `text` to every stream that is within its bound, on the stream's event loop, and
    /// closes the others. One buffer serves every stream (a `ByteBuffer` is shared until written to).
    private func write(_ text: String) {
        let part = HTTPServerResponsePart.body(.byteBuffer(ByteBuffer(string: text)))
        for channel in channels.withLock({ Array($0.values) }) {
            channel.eventLoop.execute { [self] in
                guard channel.isActive else { return }
                guard channel.isWritable else {
                    remove(channel)
                    return channel.close(promise: nil)
                }
                channel.writeAndFlush(part, promise: nil)
            }
        }
    }
}
