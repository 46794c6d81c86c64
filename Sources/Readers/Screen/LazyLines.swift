import TextMetrics
import Reflow

/// A file's line table, made the first time a location is asked for (most reads never ask).
final class LazyLines: Sendable {
    private let bytes: FileBytes
    private let made: Locked<LineTable?>

    init(_ bytes: FileBytes) {
        self.bytes = bytes
        made = Locked(nil)
    }

    var table: LineTable {
        made.withLock { table in
            if let table { return table }
            let new = bytes.withUnsafeBufferPointer(LineTable.init)
            table = new
            return new
        }
    }
}
