import BundledFonts
import CHarfBuzz
import Foundation

/// Finds the bundled fonts (`Fonts/` of the repository) and the fallback chain's fixed paths,
/// and loads each face once. Safe to share between threads: faces are immutable `Font`s and the
/// table of loaded ones is behind a mutex.
///
/// Where it looks for the bundled faces: the directory given to `init(directory:)` alone, else in
/// order the package's resource bundle beside the executable (`BundledFonts`, what SwiftPM copies next to every program built
/// against reflow), `Fonts` beside the executable or in any of its parent folders,
/// `share/reflow/Fonts` next to an installed binary, and last the source checkout this module
/// was built from. It reads no environment variable for them: a program that lets one name the
/// folder (reflow's `REFLOW_FONTS`, read by ReflowKit's `FontLibrary.resolving`) passes it as the
/// directory. The fallback chain is `FontChain.standard` unless one is given (reflow's
/// `REFLOW_FALLBACK_FONTS` is added by ReflowKit, `FontChain.fromEnvironment`).
///
/// ```swift
/// let fonts = try FontLibrary()                         // the bundled Inter and Debian's Noto chain
/// let typesetter = try Typesetter(fonts: fonts)         // one per thread; the library is shared
/// let body = try fonts.font(Typeface(pointSize: 17, weight: .regular))   // Inter, Regular
/// ```
public final class FontLibrary: Sendable {
    /// The folder the bundled faces are read from.
    public let directory: String
    /// The fallback chain after the primary face.
    public let chain: FontChain
    /// The faces of the chain's coverage directories, by coverage (read lazily).
    public let coverage: CoverageIndex

    private struct State {
        var faces: [Typeface: Font] = [:]
        var files: [FontChain.FontFile: Font] = [:]
        /// Files that failed to load (missing packages): not tried again.
        var failed: Set<FontChain.FontFile> = []
        var collectionIndices: [String: [String: Int]] = [:]
    }
    private let state = Locked(State())

    /// The file every fonts folder must hold; used to recognise one.
    public static let markerFile = "Inter-Regular.otf"

    public init(directory: String? = nil, chain: FontChain = .standard) throws {
        self.directory = try Self.locateFontsDirectory(explicit: directory)
        self.chain = chain
        self.coverage = CoverageIndex(directories: chain.coverageDirectories, excluding: chain.namedFiles)
    }

    /// Every face loaded so far (bundled faces and font files, not those that failed), in no
    /// particular order: the fonts text measured through this library was set in or tried.
    public var loadedFonts: [Font] { state.withLock { Array($0.faces.values) + Array($0.files.values) } }

    /// The bundled face, loaded on first use.
    public func font(_ typeface: Typeface) throws -> Font {
        if let font = state.withLock({ $0.faces[typeface] }) { return font }
        let path = (directory as NSString).appendingPathComponent(typeface.fileName)
        try Self.requireRegularFile(path)
        let font = try Font(path: path, typeface: typeface)
        return state.withLock { state in
            if let raced = state.faces[typeface] { return raced }
            state.faces[typeface] = font
            return font
        }
    }

    /// Any font file (for comparing against other engines with the same file), loaded once.
    public func font(atPath path: String, faceIndex: Int = 0) throws -> Font {
        let file = FontChain.FontFile(path, faceIndex: faceIndex)
        if let font = state.withLock({ $0.files[file] }) { return font }
        try Self.requireRegularFile(path)
        let font = try Font(path: path, faceIndex: faceIndex, typeface: nil)
        return state.withLock { state in
            if let raced = state.files[file] { return raced }
            state.files[file] = font
            return font
        }
    }

    /// The font of a file that may be absent (a fallback face whose package is not installed):
    /// nil, remembered, when it cannot be loaded.
    func optionalFont(_ file: FontChain.FontFile) -> Font? {
        if state.withLock({ $0.failed.contains(file) }) { return nil }
        do {
            return try font(atPath: file.path, faceIndex: file.faceIndex)
        } catch {
            state.withLock { _ = $0.failed.insert(file) }
            return nil
        }
    }

    /// Chain entry `index`'s face for bold (semibold and bold) or regular text; for the CJK
    /// collection, the face of `region`. Nil when its file is not there.
    public func fallbackFont(entry index: Int, bold: Bool, region: CJKRegion = .simplifiedChinese) -> Font? {
        let entry = chain.entries[index]
        let path = bold ? (entry.bold ?? entry.regular) : entry.regular
        var faceIndex = 0
        if entry.role == .cjk {
            guard let found = collectionIndex(path: path, family: FontChain.cjkFaces[region]!) else { return nil }
            faceIndex = found
        }
        return optionalFont(FontChain.FontFile(path, faceIndex: faceIndex))
    }

    /// The face of coverage candidate `index` (`coverage.candidates`) for bold (semibold and bold)
    /// or regular text; nil when it cannot be loaded.
    public func coverageFont(candidate index: Int, bold: Bool) -> Font? {
        optionalFont(FontChain.FontFile(coverage.candidates[index].file(bold: bold)))
    }

    /// The monospace face for code (regular or bold), nil when fonts-noto-mono is not there.
    public func monospaceFont(bold: Bool) -> Font? {
        optionalFont(FontChain.FontFile(bold ? FontChain.monospace.bold : FontChain.monospace.regular))
    }

    /// The index of the face named `family` in the collection at `path` (read through HarfBuzz,
    /// which maps the file and parses only the name tables).
    private func collectionIndex(path: String, family: String) -> Int? {
        if let known = state.withLock({ $0.collectionIndices[path] }) { return known[family] }
        var names: [String: Int] = [:]
        if (try? Self.requireRegularFile(path)) != nil, let blob = hb_blob_create_from_file_or_fail(path) {
            for index in 0..<hb_face_count(blob) {
                let face = hb_face_create(blob, index)!
                // The typographic family (name ID 16) when there is one, else the family (1).
                for id in [16, 1] {
                    var length: UInt32 = 128
                    var buffer = [CChar](repeating: 0, count: Int(length))
                    if hb_ot_name_get_utf8(face, hb_ot_name_id_t(id), hb_language_from_string("en", -1), &length, &buffer) > 0 {
                        let name = String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
                        if names[name] == nil { names[name] = Int(index) }
                        break
                    }
                }
                hb_face_destroy(face)
            }
            hb_blob_destroy(blob)
        }
        state.withLock { $0.collectionIndices[path] = names }
        return names[family]
    }

    /// Refuses a font path that names a FIFO, a device or a socket, before FreeType or HarfBuzz
    /// open it: opening a FIFO waits for a writer, forever; a device may never end. A missing
    /// file passes, for `Font` to report.
    /// - Throws: `TextMetricsError.notAFont` saying what the path is.
    static func requireRegularFile(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG else { return }
        let kind = fileKind(status.st_mode)
        throw TextMetricsError.notAFont(path: path, reason: "it is \(kind), not a regular file")
    }

    /// The places searched, in order, for a folder holding `markerFile`: `explicit` alone if
    /// given, else where the fonts are installed.
    public static func candidateDirectories(explicit: String?) -> [String] {
        candidateDirectories(explicit: explicit, executable: executableDirectory())
    }

    /// `candidateDirectories(explicit:)` for a binary in the folder `executable`.
    static func candidateDirectories(explicit: String?, executable: String?) -> [String] {
        if let explicit { return [explicit] }
        var candidates = BundledFonts.directories(holding: markerFile)
        if let executable {
            var folder = URL(fileURLWithPath: executable)
            for _ in 0..<6 {
                candidates.append(folder.appendingPathComponent("Fonts").path)
                candidates.append(folder.appendingPathComponent("share/reflow/Fonts").path)
                guard folder.path != "/" else { break }  // the root's parent is the root: no folder twice
                folder.deleteLastPathComponent()
            }
        }
        candidates.append(BundledFonts.sourceDirectory)
        // Each folder once, where it first comes (the error lists them all).
        var seen = Set<String>()
        return candidates.filter { seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted }
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
