import Foundation
import Readers
import Reflow
import ReflowKit
import SystemPackage

/// What a screen's kept heights (the height cache) depend on besides the screen's own bytes: the
/// string catalogs its texts come from. A translation edited in `Localizable.xcstrings` changes
/// what a screen shows while the screen file stays byte for byte the same, so the cache's key
/// (`readAs`) carries a digest of every catalog the screen reads: those its `"strings"` names
/// (relative to its folder) and those `--strings` adds, files and folders alike.
enum CatalogStamp {
    /// `|strings=DIGEST` for a screen file that reads catalogs; empty for anything else, or when
    /// the screen cannot be read (the layout then fails with the reader's own error).
    /// - Complexity: reads every catalog file once more, within `reader`'s input limit each.
    static func of(screen file: String, format: DocumentFormat, reading: ReadingOptions) -> String {
        guard format == .screen else { return "" }
        let reader = reading.reader
        var paths = reading.strings
        if let bytes = try? reader.bytes(ofRegularFile: file), let named = try? ScreenFile.catalogPaths(json: FileBytes(bytes)) {
            let folder = FilePath(file).removingLastComponent()
            paths = named.map { FilePath($0.path).isAbsolute ? $0.path : folder.appending(FilePath($0.path).components).string } + paths
        }
        guard !paths.isEmpty else { return "" }
        var digest = Digest()
        for path in paths {
            digest.add(Array(path.utf8) + [0])
            for file in files(under: path) {
                digest.add(Array(file.utf8) + [0])
                digest.add((try? reader.bytes(ofRegularFile: file)) ?? [])
            }
        }
        return "|strings=" + String(digest.value, radix: 16)
    }

    /// `path` if it is a file, else the files under it, sorted (a folder of catalogs and `*.lproj`).
    private static func files(under path: String) -> [String] {
        var isFolder: ObjCBool = false
        // corelibs-foundation's enumerator of a file is an empty one, not nil: asked first.
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue,
              let enumerator = FileManager.default.enumerator(atPath: path) else { return [path] }
        var found: [String] = []
        while let name = enumerator.nextObject() as? String { found.append(path + "/" + name) }
        return found.sorted().filter { (try? FileManager.default.attributesOfItem(atPath: $0)[.type] as? FileAttributeType) == .typeRegular }
    }

    /// 64-bit FNV-1a: stable across runs, unlike Swift's seeded `Hasher`.
    private struct Digest {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ bytes: [UInt8]) {
            for byte in bytes {
                value ^= UInt64(byte)
                value &*= 0x0000_0100_0000_01B3
            }
        }
    }
}
