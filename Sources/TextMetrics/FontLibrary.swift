import Foundation

/// Finds the bundled fonts (`Fonts/` of the repository) and loads each face once.
///
/// Where it looks, in order: the directory given to `init(directory:)` (the CLI's `--fonts`),
/// the `REFLOW_FONTS` environment variable, `Fonts` beside the executable or in any of its parent
/// folders (which covers `.build/release/reflow-cli` in a checkout), `share/reflow/Fonts` next to an
/// installed binary, and last the source checkout this module was built from.
public final class FontLibrary: @unchecked Sendable {
    /// The folder the bundled faces are read from.
    public let directory: String
    private let freeType: FreeTypeLibrary
    private var faces: [Typeface: Font] = [:]
    private var files: [String: Font] = [:]
    private let lock = NSLock()

    /// The file every fonts folder must hold; used to recognise one.
    public static let markerFile = "Inter-Regular.otf"

    public init(directory: String? = nil) throws {
        self.directory = try Self.locateFontsDirectory(explicit: directory)
        self.freeType = try FreeTypeLibrary()
    }

    /// The bundled face, loaded on first use.
    public func font(_ typeface: Typeface) throws -> Font {
        lock.lock()
        defer { lock.unlock() }
        if let font = faces[typeface] { return font }
        let path = (directory as NSString).appendingPathComponent(typeface.fileName)
        let font = try Font(path: path, typeface: typeface, freeType: freeType)
        faces[typeface] = font
        return font
    }

    /// Any font file (for comparing against other engines with the same file), loaded once.
    public func font(atPath path: String) throws -> Font {
        lock.lock()
        defer { lock.unlock() }
        if let font = files[path] { return font }
        let font = try Font(path: path, typeface: nil, freeType: freeType)
        files[path] = font
        return font
    }

    /// The places searched, in order, for a folder holding `markerFile`.
    public static func candidateDirectories(explicit: String?) -> [String] {
        var candidates: [String] = []
        if let explicit { return [explicit] }
        if let environment = ProcessInfo.processInfo.environment["REFLOW_FONTS"], !environment.isEmpty {
            candidates.append(environment)
        }
        if let executable = executableDirectory() {
            var folder = URL(fileURLWithPath: executable)
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent("Fonts").path)
                candidates.append(folder.appendingPathComponent("share/reflow/Fonts").path)
                folder.deleteLastPathComponent()
            }
        }
        // Sources/TextMetrics/FontLibrary.swift → the checkout's Fonts/.
        let source = URL(fileURLWithPath: #filePath)
        candidates.append(source.deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fonts").path)
        return candidates
    }

    static func locateFontsDirectory(explicit: String?) throws -> String {
        let candidates = candidateDirectories(explicit: explicit)
        for candidate in candidates {
            let marker = (candidate as NSString).appendingPathComponent(markerFile)
            if FileManager.default.fileExists(atPath: marker) { return candidate }
        }
        throw TextMetricsError.fontsNotFound(searched: candidates)
    }

    private static func executableDirectory() -> String? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else {
            return nil
        }
        return (path as NSString).deletingLastPathComponent
    }
}
