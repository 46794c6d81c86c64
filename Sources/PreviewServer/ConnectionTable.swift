import NIOCore
import TextMetrics

/// The server's open connections, so that their number stays under `ServerLimits.maximumConnections`
/// (and so under the file-descriptor limit, where `accept` would fail for everyone): a connection
/// past the limit makes room by closing the oldest idle one, a connection with no request under
/// way (one that sent half a head and waits is idle in this sense: it has asked nothing yet).
/// When every connection is busy (answering, or an event stream), the new one is refused.
/// Safe to use from any thread.
final class ConnectionTable: Sendable {
    private struct Entry {
        let channel: any Channel
        /// The order it was admitted in: lower is older.
        let serial: UInt64
        var idle: Bool
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var nextSerial: UInt64 = 0
        var closedForRoom = 0
        var refused = 0
    }

    private let state = Locked(State())
    let maximum: Int

    init(maximum: Int) { self.maximum = max(1, maximum) }

    /// What `admit` decided for a new connection.
    enum Admission {
        /// Admitted; the connections in `closing` (the oldest idle ones) are to be closed to make room.
        case admitted(closing: [any Channel])
        /// Not admitted: every connection is busy.
        case refused
    }

    /// Counts `channel` in, idle, making room as described above.
    func admit(_ channel: any Channel) -> Admission {
        state.withLock { state in
            var closing: [any Channel] = []
            if state.entries.count >= maximum {
                let excess = state.entries.count - maximum + 1
                let oldestIdle = state.entries.values.filter(\.idle).sorted { $0.serial < $1.serial }.prefix(excess)
                guard oldestIdle.count == excess else {
                    state.refused += 1
                    return .refused
                }
                for entry in oldestIdle {
                    state.entries.removeValue(forKey: ObjectIdentifier(entry.channel))
                    closing.append(entry.channel)
                }
                state.closedForRoom += closing.count
            }
            state.entries[ObjectIdentifier(channel)] = Entry(channel: channel, serial: state.nextSerial, idle: true)
            state.nextSerial += 1
            return .admitted(closing: closing)
        }
    }

    /// Marks `channel` idle (no request under way) or busy.
    func setIdle(_ channel: any Channel, _ idle: Bool) {
        state.withLock { $0.entries[ObjectIdentifier(channel)]?.idle = idle }
    }

    /// Counts `channel` out (closed).
    func remove(_ channel: any Channel) {
        _ = state.withLock { $0.entries.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// Connections open now.
    var count: Int { state.withLock { $0.entries.count } }
    /// Idle connections closed so far to make room for new ones.
    var closedForRoom: Int { state.withLock { $0.closedForRoom } }
    /// New connections refused so far because every one was busy.
    var refused: Int { state.withLock { $0.refused } }
}
