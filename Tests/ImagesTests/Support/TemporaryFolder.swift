import Foundation

/// A folder of its own under the system's temporary folder, removed when the value is released.
final class TemporaryFolder {
    let path: String

    init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `bytes` at `name` (below the folder; intermediate folders made) and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Makes `name` a symbolic link to `target` and returns its path.
    @discardableResult
    func link(_ name: String, to target: String) throws -> String {
        let file = (path as NSString).appendingPathComponent(name)
        try FileManager.default.createSymbolicLink(atPath: file, withDestinationPath: target)
        return file
    }

    /// The path of `name` below the folder.
    func at(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
}
