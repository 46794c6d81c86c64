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
/// text settings) — and a file is read only when it is the one the engine wrote for that key:
///
/// - **Format 2** (`RFLHGT02`): the magic, a checksum, the key (the 64-bit hash the file is named
///   by), the unit count, then each unit's height (8 bytes, NaN where none is kept: a height the
///   plan knows, a band measured only as far as a screen showed it). A file of another version
///   (`RFLHGT01` had no checksum) is not used, without a word, and replaced by the next run.
/// - **Checksum**: 64-bit FNV-1a over the magic, the whole key (document, engine, environment, as
///   text), the stored key, the count and every height's bytes. A file moved to another key's
///   name, a height or the key edited, a file cut short or damaged on disk does not match. It
///   guards against corruption and naive edits, not against an adversary: FNV-1a is no MAC, and
///   anyone who can write the cache folder can compute it (as anyone can who can write the
///   documents read).
/// - **Bounds**: every height kept is what measuring can give that unit (`bounds(ofUnit:in:)`):
///   finite, on the 1/64 pt point grid (every measured height is snapped to it), at most
///   `maximumHeight`, and at least the unit's floor: 0 in general (a screen file's header or
///   badge may have no minimum, a compositional group can cap its items' heights, a flow or a
///   table puts several cells side by side), and for a row of a list (one cell) or a flow
///   section (whose first line is at least as tall as its first cell) the cell's minimum height,
///   at most the 44 pt touch minimum (`Cell.minimumTouchHeight`: what the sizer gives any cell
///   it is asked to self-size, and what a unit that cannot be measured gets).
///   A unit whose height the plan knows must have none.
///
/// A file that fails any check is ignored whole (none of its heights is used), removed, and
/// rewritten with the heights this run measures; `restore` says why (`Problem`), and
/// `DocumentPreview` passes that to `warn` (or, with its `debug` overlay, to stderr). Wrongly
/// ignoring a file costs only the time of measuring again; wrongly using one would draw another
/// screen, so every check errs on the side of ignoring. A file that cannot be written is skipped
/// silently (the cache only saves time). Files are opened as regular files only (a FIFO or a
/// device at a file's name is not read), written whole (temporary file and rename), and the
/// oldest go when there are more than `maximumFiles`.
public struct HeightCache: Sendable {
    /// Where the files are.
    public let directory: String
    /// The document: its bytes, how it is read and the images it draws.
    public let documentIdentity: UInt64
    /// The engine build and its fonts.
    public let engineIdentity: UInt64
    /// Where a file that was there but ignored is reported (`Restored.warning`); nil: nowhere
    /// (`DocumentPreview` then writes it to stderr with its `debug` overlay).
    public var warn: (@Sendable (String) -> Void)?
    /// The most files kept (each a few bytes per unit).
    public static let maximumFiles = 256
    /// The tallest height a file may give a unit: `Limits.maximumOffset` (10^12 pt), the furthest
    /// place on a page a request takes. No unit a reader makes is that tall (it takes some ten
    /// billion lines), and one that was could not be scrolled past anyway.
    public static let maximumHeight = Limits.maximumOffset
    static let magic: [UInt8] = Array("RFLHGT02".utf8)
    /// The first six bytes of every version's magic.
    static let family: [UInt8] = Array("RFLHGT".utf8)
    /// Magic, checksum, key, unit count: the bytes before the heights.
    static let headerSize = 32

    public init(directory: String, documentIdentity: UInt64, engineIdentity: UInt64) {
        self.directory = directory
        self.documentIdentity = documentIdentity
        self.engineIdentity = engineIdentity
    }

    /// Why a file under the right name was not used.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// Not a height-cache file at all (no magic), or not a regular file.
        case notAHeightFile
        /// Not the size a file of the layout's units has.
        case wrongSize(bytes: Int, expected: Int)
        /// The key in it is another's: written for another document, engine or environment.
        case wrongKey
        /// The unit count in it is not the layout's.
        case wrongUnitCount(Int, expected: Int)
        /// The checksum does not match the key and the heights: damaged or edited.
        case checksumMismatch
        /// A height no measuring of that unit gives.
        case heightOutOfBounds(unit: Int, height: Double, bounds: ClosedRange<Double>)
        /// A height for a unit whose height the plan knows (none is ever kept).
        case heightOfKnownUnit(unit: Int)

        public var description: String {
            switch self {
            case .notAHeightFile: "not a height-cache file"
            case .wrongSize(let bytes, let expected): "\(bytes) bytes, not the \(expected) of the layout's units"
            case .wrongKey: "written for another document, engine or size"
            case .wrongUnitCount(let count, let expected): "\(count) units, not the layout's \(expected)"
            case .checksumMismatch: "its checksum does not match its key and heights"
            case .heightOutOfBounds(let unit, let height, let bounds):
                "unit \(unit)'s height \(Limits.describe(height)) pt is not one measuring gives "
                    + "(\(Limits.describe(bounds.lowerBound))…\(Limits.describe(bounds.upperBound)) pt, on the 1/64 pt grid)"
            case .heightOfKnownUnit(let unit): "a height for unit \(unit), whose height the plan knows"
            }
        }
    }

    /// What `restore` did.
    public struct Restored: Hashable, Sendable {
        /// Heights put into the layout.
        public var units: Int
        /// Why the file there was ignored (and removed); nil when it was used, or none was there,
        /// or it was of another format version.
        public var problem: Problem?
        /// The file's name (in `directory`).
        public var file: String

        /// The problem in words, for a warning: "height cache: NAME ignored (WHY); measured again".
        public var warning: String? {
            problem.map { "height cache: \(file) ignored (\($0)); the heights are measured again and the file rewritten" }
        }
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

    /// The identity of `input` read as `readAs` from a source whose digest is `sourceDigest`
    /// (`LayoutInput.sourceDigest`): the same as `documentIdentity(bytes:readAs:input:)` but for
    /// the source's bytes, which its reader has already digested (a 76 MB screen file read once more
    /// and hashed a byte at a time cost its first screen 190 ms).
    public static func documentIdentity(sourceDigest: UInt64, readAs: String, input: LayoutInput) throws -> UInt64 {
        try documentIdentity(bytes: withUnsafeBytes(of: sourceDigest.littleEndian) { Array($0) }, readAs: readAs, input: input)
    }

    /// A digest of `bytes`, eight at a time in four independent lanes (one lane's multiply need
    /// not wait for another's: a 76 MB screen took 26 ms in one lane, of its first screen's 210):
    /// stable across runs and machines (little-endian words), for telling one file's content from
    /// another's, not for security.
    public static func digest(of bytes: UnsafeRawBufferPointer, into value: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        @inline(__always) func mix(_ lane: inout UInt64, _ word: UInt64) {
            lane = (lane ^ word) &* 0x9E37_79B9_7F4A_7C15
            lane ^= lane >> 29
        }
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        var value = value ^ UInt64(bytes.count)
        let blocks = bytes.count / 32
        if blocks > 0 {
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (value, ~value, value &+ 0x6A09_E667_F3BC_C908, value ^ 0xBB67_AE85_84CA_A73B)
            for block in 0..<blocks {
                let offset = block * 32
                mix(&lanes.0, word(offset))
                mix(&lanes.1, word(offset + 8))
                mix(&lanes.2, word(offset + 16))
                mix(&lanes.3, word(offset + 24))
            }
            value = lanes.0
            mix(&value, lanes.1)
            mix(&value, lanes.2)
            mix(&value, lanes.3)
        }
        for index in (blocks * 4)..<(bytes.count / 8) { mix(&value, word(index * 8)) }
        let words = bytes.count / 8
        for index in (words * 8)..<bytes.count {
            value = (value ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01b3
        }
        return value
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

    /// The key's text: everything a height depends on.
    private func keyText(_ environment: LayoutEnvironment) -> String {
        "\(documentIdentity)|\(engineIdentity)|\(environment)"
    }

    /// The key's hash: the file's name, and its key field.
    private func key(_ environment: LayoutEnvironment) -> UInt64 {
        var hash = FNV1a()
        hash.add(keyText(environment).utf8)
        return hash.value
    }

    /// The file for `environment`.
    func path(for environment: LayoutEnvironment) -> String {
        directory + "/" + String(key(environment), radix: 16) + ".heights"
    }

    /// The checksum of a file for `environment`: over the magic, the whole key, and `body` (the
    /// bytes after the checksum: the stored key, the count, the heights).
    private func checksum(_ environment: LayoutEnvironment, body: UnsafeRawBufferPointer) -> UInt64 {
        var hash = FNV1a()
        hash.add(Self.magic)
        hash.add(keyText(environment).utf8)
        hash.add(body)
        return hash.value
    }

    /// The heights a unit of `plan` can be measured to: finite, from its floor (see the type's
    /// doc: the cell's minimum, at most 44 pt, for a list's row and a flow's section; 0 otherwise)
    /// to `maximumHeight`. Nil `plan`: from 0.
    public static func bounds(ofUnit index: Int, in plan: BoundPlan?) -> ClosedRange<Double> {
        floor(ofUnit: index, in: plan)...maximumHeight
    }

    private static func floor(ofUnit index: Int, in bound: BoundPlan?) -> Double {
        guard let bound, bound.layout is ListLayout || bound.layout is FlowLayout else { return 0 }
        let unit = bound.plan.units[index]
        let section = bound.plan.content.sections[unit.section]
        // A list's table is laid out as a compositional group: no floor claimed.
        guard unit.role == .cells, !unit.items.isEmpty, section.table == nil,
              let cell = try? section.cell(unit.items.lowerBound) else { return 0 }
        // Self-sized: max(minimum, natural), snapped; a unit that cannot be measured gets 44 pt.
        let least = cell.minimumHeight
        return least >= Cell.minimumTouchHeight ? Cell.minimumTouchHeight : least > 0 ? PointGrid.snap(least) : 0
    }

    /// Puts the heights kept for `environment` into `lazy` (units not measured or known yet),
    /// when the file is the one the engine wrote for this key and every height in it is within
    /// what measuring `plan`'s units gives (`bounds(ofUnit:in:)`); a file that is not is removed,
    /// and the answer says why.
    @discardableResult
    public func restore(into lazy: inout LazyLayout, environment: LayoutEnvironment, plan: BoundPlan? = nil) -> Restored {
        let path = path(for: environment)
        var restored = Restored(units: 0, problem: nil, file: String(path.split(separator: "/").last ?? ""))
        var status = stat()
        guard lstat(path, &status) == 0 else { return restored }  // none kept
        let expected = Self.headerSize + 8 * lazy.count
        let data: [UInt8]
        do {
            // A regular file, read no further than a whole file's size (a FIFO or a device at the
            // name is never opened for reading; a link is followed to a regular file only).
            data = try DocumentReader(maximumBytes: expected).bytes(ofRegularFile: path)
        } catch InputError.tooLarge(path: _, limit: _, size: let size) {
            restored.problem = .wrongSize(bytes: size ?? expected + 1, expected: expected)
            return rejected(restored, path: path)
        } catch {
            restored.problem = .notAHeightFile
            return rejected(restored, path: path)
        }
        if !data.starts(with: Self.magic) {
            // Another version of the format: not used; the next store replaces it.
            if data.count >= Self.magic.count, data.starts(with: Self.family) { return restored }
            restored.problem = .notAHeightFile
            return rejected(restored, path: path)
        }
        restored.problem = data.withUnsafeBytes { raw in
            check(raw, expected: expected, environment: environment, lazy: lazy, plan: plan)
        }
        guard restored.problem == nil else { return rejected(restored, path: path) }
        data.withUnsafeBytes { raw in
            for unit in 0..<lazy.count where !lazy.isMeasured(unit) {
                let height = Double(bitPattern: raw.loadUnaligned(fromByteOffset: Self.headerSize + 8 * unit, as: UInt64.self))
                guard !height.isNaN else { continue }
                lazy.setHeight(height, of: unit)
                restored.units += 1
            }
        }
        return restored
    }

    /// Why the format-2 file `raw` is not the one the engine wrote for `environment` and `lazy`'s
    /// units; nil when it is.
    private func check(_ raw: UnsafeRawBufferPointer, expected: Int, environment: LayoutEnvironment, lazy: LazyLayout,
                       plan: BoundPlan?) -> Problem? {
        guard raw.count == expected else { return .wrongSize(bytes: raw.count, expected: expected) }
        guard raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self) == key(environment) else { return .wrongKey }
        let stored = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        guard checksum(environment, body: UnsafeRawBufferPointer(rebasing: raw[16...])) == stored else {
            return .checksumMismatch
        }
        let count = raw.loadUnaligned(fromByteOffset: 24, as: UInt64.self)
        guard count == UInt64(lazy.count) else { return .wrongUnitCount(Int(truncatingIfNeeded: count), expected: lazy.count) }
        // The floors are read from the plan `lazy` was made from (none from another).
        let units = plan.flatMap { $0.plan.units.count == lazy.count ? $0 : nil }
        for unit in 0..<lazy.count {
            let height = Double(bitPattern: raw.loadUnaligned(fromByteOffset: Self.headerSize + 8 * unit, as: UInt64.self))
            if height.isNaN { continue }
            if lazy.isKnownHeight(unit) { return .heightOfKnownUnit(unit: unit) }
            // No floor is above 44 pt: the unit's cell is read only for a height below it.
            guard height >= 0, height <= Self.maximumHeight, PointGrid.snap(height) == height,
                  height >= Cell.minimumTouchHeight || height >= Self.floor(ofUnit: unit, in: units) else {
                return .heightOutOfBounds(unit: unit, height: height, bounds: Self.bounds(ofUnit: unit, in: units))
            }
        }
        return nil
    }

    /// `restored`, its file removed (the next store writes it anew) and its warning sent to `warn`.
    private func rejected(_ restored: Restored, path: String) -> Restored {
        try? FileManager.default.removeItem(atPath: path)
        if let warning = restored.warning { warn?(warning) }
        return restored
    }

    /// Keeps `lazy`'s measured heights for `environment` (whole file or nothing).
    public func store(_ lazy: LazyLayout, environment: LayoutEnvironment) {
        var data = Data(Self.magic)
        data.reserveCapacity(Self.headerSize + 8 * lazy.count)
        withUnsafeBytes(of: UInt64(0)) { data.append(contentsOf: $0) }  // the checksum, below
        withUnsafeBytes(of: key(environment)) { data.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt64(lazy.count)) { data.append(contentsOf: $0) }
        for unit in 0..<lazy.count {
            // Known heights need no keeping, and a band measured as far as a screen showed it is not its height.
            let height = lazy.isKnownHeight(unit) || lazy.isPartlyMeasured(unit) ? Double.nan : lazy.measuredHeight(unit) ?? .nan
            withUnsafeBytes(of: height.bitPattern) { data.append(contentsOf: $0) }
        }
        let sum = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
            self.checksum(environment, body: UnsafeRawBufferPointer(rebasing: raw[16...]))
        }
        withUnsafeBytes(of: sum) { data.replaceSubrange(8..<16, with: $0) }
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
        // Contiguous bytes (an array, a file's Data) through a buffer: a generic sequence is
        // iterated through its witness table, a call a byte (1.6 s for a 76 MB screen file).
        if bytes.withContiguousStorageIfAvailable({ add(buffer: $0) }) != nil { return }
        var value = self.value
        for byte in bytes {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        self.value = value
    }

    private mutating func add(buffer: UnsafeBufferPointer<UInt8>) {
        var value = self.value
        for byte in buffer {
            value ^= UInt64(byte)
            value &*= 0x0000_0100_0000_01b3
        }
        self.value = value
    }
}
