import NIOCore
import NIOHTTP1
import TextMetrics

/// The open `/events` responses: server-sent events (`text/event-stream`), one stream per page
/// open. Each `changed` event (the document read again) goes to every stream; a comment every
/// `keepAliveSeconds` keeps idle connections open through proxies and finds the ones that went
/// away. Safe to use from any thread: writes go through each channel's own event loop.
final class EventStream: Sendable {
    private let channels = Locked<[ObjectIdentifier: any Channel]>([:])

    /// How often a stream with nothing to say is sent a comment.
    static let keepAliveSeconds: Int64 = 15

    /// `data` as the text of one event named `event`: a `data:` line per line of it, and the
    /// blank line that ends the event.
    static func text(event: String, data: String) -> String {
        "event: \(event)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    /// Starts sending events to `channel` (whose response head is written).
    func add(_ channel: any Channel) {
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

    /// Ends every stream, each response finished before its connection is closed (the server is stopping).
    func closeAll() {
        let open = channels.withLock { channels in
            defer { channels.removeAll() }
            return Array(channels.values)
        }
        for channel in open {
            channel.writeAndFlush(HTTPServerResponsePart.end(nil)).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    private func write(_ text: String) {
        for channel in channels.withLock({ Array($0.values) }) {
            let part = HTTPServerResponsePart.body(.byteBuffer(channel.allocator.buffer(string: text)))
            channel.writeAndFlush(part, promise: nil)
        }
    }
}
