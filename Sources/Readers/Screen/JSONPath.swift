import Reflow
import TextMetrics
/// Where a value is in the file, kept as a chain and spelled out only for an error message
/// (a large screen's cells are read by the hundred thousand; their paths are almost never needed).
final class JSONPath: Sendable {
    let parent: JSONPath?
    let key: String?
    let index: Int
    /// `key` is a path written out, not a key from the file.
    let isWritten: Bool

    init(parent: JSONPath?, key: String?, index: Int = 0) {
        self.parent = parent
        self.key = key
        self.index = index
        isWritten = false
    }

    /// A path written out (`sections[2].group`), as the root of its children.
    init(_ written: String) {
        parent = nil
        key = written
        index = 0
        isWritten = true
    }

    var string: String {
        let prefix = parent?.string ?? ""
        guard let key else { return "\(prefix)[\(index)]" }
        // A long key (a typo'd megabyte) is named shortened, in quotes.
        let name = !isWritten && key.utf8.count > JSONCursor.maximumQuoted ? JSONCursor.quoted(key) : key
        return prefix.isEmpty ? name : "\(prefix).\(name)"
    }
}
