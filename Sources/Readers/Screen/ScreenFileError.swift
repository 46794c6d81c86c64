import Reflow
import TextMetrics
/// What is wrong with a screen file, and where.
public struct ScreenFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path (`sections[2].group.size.width`), empty for the whole file.
    public let path: String
    public let message: String

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}
