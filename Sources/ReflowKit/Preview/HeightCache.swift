import Foundation
import Reflow
import TextMetrics

/// Measured unit heights kept on disk between runs, per document, engine and environment: what
/// makes a screen deep in a long document (`--viewport --offset`, `--at`) about as quick as the
/// first screen once its page has been measured down to there. A screen at an offset must measure
/// everything above it (an offset is a place on the page); the heights it measured are kept here,
/// and the next run at the same size and width reads them instead of measuring again.
///
/// Correct by construction, never by trust: the key holds everything a height depends on — the
/// document's bytes and the sizes of the images it draws (`documentIdentity`), the engine build
/// and the fonts (`engineIdentity`), and the whole layout environment (width, height, category,
/// text settings). A file whose key, magic or unit count does not match is ignored; a file that
/// cannot be written is skipped silently (the cache only saves time). Files are written whole
/// (temporary file and rename), and the oldest go when there are more than `maximumFiles`.
public struct HeightCache: Sendable {
    /// Where the files are.
    public let directory: String
    /// The document: its bytes, how it is read and the images it draws.
    public let documentIdentity: UInt64
    /// The engine build and its fonts.
    public let engineIdentity: UInt64
    /// The most files kept (each a few bytes per unit).
    public static let maximumFiles = 256
    static let magic: [UInt8] = Array("RFLHGT01".utf8)

    public init(directory: String, documentIdentity: UInt64, engineIdentity: UInt64) {
        self.directory = directory
        self.documentIdentity = documentIdentity
        self.engineIdentity = engineIdentity
    }

    /// The default place: `$REFLOW_CACHE_DIR`, else `$XDG_CACHE_HOME/reflow/heights`, else
    /// `~/.cache/reflow/heights`; nil without any of them.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["REFLOW_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/reflow/heights" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/reflow/heights" }
        return nil
    }

    /// The identity of `input` read from `bytes` as `readAs` (its format and reading options): the
    /// bytes, the reading, and every image's file and probed size.
    public static func documentIdentity(bytes: some Sequence<UInt8>, readAs: String, input: LayoutInput) throws -> UInt64 {
        var hash = FNV1a()
        hash.add(bytes)
        hash.add(readAs.utf8)
        if input.format == .commonMark {
            for section in input.content.sections {
                for item in 0..<section.cellCount {
                    for case .picture(let picture) in try section.cell(item).elements {
                        hash.add("\(picture.file ?? picture.source)|\(String(describing: picture.naturalSize))".utf8)
                    }
                }
            }
        }
        return hash.value
    }

    /// The identity of the running engine and its fonts: the executable's and each font file's
    /// size and modification time (a rebuild or new fonts start afresh).
    public static func engineIdentity(fontsDirectory: String, executable: String = "/proc/self/exe") -> UInt64 {
        var hash = FNV1a()
        func stamp(_ path: String) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
            hash.add("\(path)|\(attributes[.size] ?? 0)|\((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)".utf8)
        }
        stamp((try? FileManager.default.destinationOfSymbolicLink(atPath: executable)) ?? executable)
        let fonts = (try? FileManager.default.contentsOfDirectory(atPath: fontsDirectory))?.sorted() ?? []
        for file in fonts { stamp(fontsDirectory + "/" + file) }
        for directory in [FontChain.notoDirectory, FontChain.notoCJKDirectory] { stamp(directory) }
        return hash.value
    }

    /// The file for `environment`.
    func path(for environment: LayoutEnvironment) -> String {
        var hash = FNV1a()
        hash.add("\(documentIdentity)|\(engineIdentity)|\(environment)".utf8)
        return directory + "/" + String(hash.value, radix: 16) + ".heights"
    }

    /// Puts the heights kept for `environment` into `lazy` (units not measured or known yet);
    /// returns how many.
    @discardableResult
    public func restore(into lazy: inout LazyLayout, environment: LayoutEnvironment) -> Int {
        guard let data = FileManager.default.contents(atPath: path(for: environment)),
              data.count == Self.magic.count + 8 + 8 * lazy.count, data.prefix(Self.magic.count).elementsEqual(Self.magic) else { return 0 }
        var restored = 0
        data.withUnsafeBytes { raw in
            let count = raw.loadUnaligned(fromByteOffset: Self.magic.count, as: UInt64.self)
            guard count == UInt64(lazy.count) else { return }
            for unit in 0..<lazy.count where !lazy.isMeasured(unit) {
                let height = Double(bitPattern: raw.loadUnaligned(fromByteOffset: Self.magic.count + 8 + 8 * unit, as: UInt64.self))
                guard height.isFinite, height >= 0 else { continue }
                lazy.setHeight(height, of: unit)
                restored += 1
            }
        }
        return restored
    }

    /// Keeps `lazy`'s measured heights for `environment` (whole file or nothing).
    public func store(_ lazy: LazyLayout, environment: LayoutEnvironment) {
        var data = Data(Self.magic)
        data.reserveCapacity(Self.magic.count + 8 + 8 * lazy.count)
        withUnsafeBytes(of: UInt64(lazy.count)) { data.append(contentsOf: $0) }
        for unit in 0..<lazy.count {
            // Known heights need no keeping, and a band measured as far as a screen showed it is not its height.
            let height = lazy.isKnownHeight(unit) || lazy.isPartlyMeasured(unit) ? Double.nan : lazy.measuredHeight(unit) ?? .nan
            withUnsafeBytes(of: height.bitPattern) { data.append(contentsOf: $0) }
        }
        let path = path(for: environment)
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let temporary = path + ".\(getpid()).tmp"
            try data.write(to: URL(fileURLWithPath: temporary))
            if rename(temporary, path) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
            prune()
        } catch {
            // A cache that cannot be written only costs time.
        }
    }

    /// Removes the oldest files beyond `maximumFiles`.
    private func prune() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory).filter({ $0.hasSuffix(".heights") }),
              names.count > Self.maximumFiles else { return }
        let dated = names.map { name -> (String, Date) in
            let path = directory + "/" + name
            return (path, (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (path, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(names.count - Self.maximumFiles) {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

/// The 64-bit FNV-1a hash: stable across runs and machines (Swift's `Hasher` is seeded per process).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        var value = self.value
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        self.value = value
    }
}
