import CHarfBuzz
import Foundation

/// The fallback faces chosen by what they cover: every face in the chain's coverage directories
/// (Debian's Noto folders) that the chain's entries do not already name, tried after those
/// entries and before the emoji face, for characters nothing earlier covers.
///
/// Which faces, in which order (the same on every run; only the files in the directories decide):
/// a file named `Family-Regular.ttf` (`.otf`, `.ttc`: face 0) is a candidate, and
/// `Family-Bold.<same extension>` beside it is its bold face (semibold and bold text); other
/// styles (italics, other weights) are not candidates. Candidates are ordered by kind, then by
/// file name, then by directory: Noto Sans UI faces (tighter line metrics, made for interfaces)
/// first, then the other Noto Sans faces, then the other non-serif Noto faces (Kufi, Naskh,
/// Looped, Mono, Music ...), then Noto Serif faces, then anything else.
///
/// What a face covers is read from its character map (`cmap`) through HarfBuzz, without loading
/// it as a `Font`: each face is read the first time a character reaches it, in order, and its
/// coverage kept as ranges; so a character asks only the faces before the first that covers it,
/// and a document whose every character the entries cover reads none. A face becomes a `Font`
/// when it draws something. Safe to share between threads (a mutex guards the index).
public final class CoverageIndex: Sendable {
    /// A candidate: its family's file stem (`NotoSansKhmer`) and its files.
    public struct Candidate: Hashable, Sendable {
        public let stem: String
        public let regular: String
        public let bold: String?

        /// The file for regular text, or for semibold and bold text (the regular one when there is
        /// no bold one).
        public func file(bold wantsBold: Bool) -> String { wantsBold ? bold ?? regular : regular }
    }

    /// The kinds of candidate, in the order they are tried.
    enum Kind: Int, Comparable {
        case notoSansUI, notoSans, notoOther, notoSerif, other

        init(stem: String) {
            if stem.hasPrefix("NotoSerif") {
                self = .notoSerif
            } else if stem.hasPrefix("NotoSans") {
                self = stem.hasSuffix("UI") ? .notoSansUI : .notoSans
            } else {
                self = stem.hasPrefix("Noto") ? .notoOther : .other
            }
        }

        static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// The folders scanned, in the order given.
    public let directories: [String]
    /// Files the chain already names: never candidates.
    private let excluded: Set<String>

    private struct State {
        var candidates: [Candidate]?
        /// Per variant (regular 0, bold 1): the coverage of the candidates read so far, a prefix.
        var coverage: [[Coverage]] = [[], []]
        var reads = 0
    }
    private let state = Locked(State())

    init(directories: [String], excluding excluded: Set<String>) {
        self.directories = directories
        self.excluded = excluded
    }

    /// The candidates, in order (the directories are listed the first time this is asked).
    public var candidates: [Candidate] { state.withLock { Self.listed(&$0, directories, excluded) } }

    /// How many faces' character maps have been read, for tests of the laziness.
    public var readCount: Int { state.withLock { $0.reads } }

    /// The first candidate, from `start` on, whose file for `bold` maps every scalar of `scalars`;
    /// nil when none does.
    public func first<C: Collection>(covering scalars: C, from start: Int = 0, bold: Bool) -> Int?
    where C.Element == Unicode.Scalar {
        if scalars.contains(where: \.isPrivateUse) { return nil }  // no face covers private use (`Font.covers`)
        return state.withLock { state -> Int? in
            let candidates = Self.listed(&state, directories, excluded)
            let variant = bold ? 1 : 0
            var index = max(0, start)
            while index < candidates.count {
                if index == state.coverage[variant].count {
                    state.coverage[variant].append(Coverage(path: candidates[index].file(bold: bold)))
                    state.reads += 1
                }
                let coverage = state.coverage[variant][index]
                if scalars.allSatisfy({ coverage.contains($0.value) }) { return index }
                index += 1
            }
            return nil
        }
    }

    private static func listed(_ state: inout State, _ directories: [String], _ excluded: Set<String>) -> [Candidate] {
        if let known = state.candidates { return known }
        let found = list(directories: directories, excluding: excluded)
        state.candidates = found
        return found
    }

    /// The candidates of `directories`, in order.
    static func list(directories: [String], excluding excluded: Set<String>) -> [Candidate] {
        var found: [(kind: Kind, stem: String, directory: Int, candidate: Candidate)] = []
        for (position, directory) in directories.enumerated() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            let present = Set(names)
            for name in names {
                let file = name as NSString
                let suffix = file.pathExtension.lowercased()
                guard ["ttf", "otf", "ttc"].contains(suffix) else { continue }
                let base = file.deletingPathExtension
                guard base.hasSuffix("-Regular") else { continue }
                let stem = String(base.dropLast("-Regular".count))
                let regular = (directory as NSString).appendingPathComponent(name)
                guard !stem.isEmpty, !excluded.contains(regular) else { continue }
                let boldName = "\(stem)-Bold.\(file.pathExtension)"
                let bold = present.contains(boldName) ? (directory as NSString).appendingPathComponent(boldName) : nil
                found.append((Kind(stem: stem), stem, position, Candidate(stem: stem, regular: regular, bold: bold)))
            }
        }
        found.sort { a, b in
            if a.kind != b.kind { return a.kind < b.kind }
            if a.stem != b.stem { return a.stem.utf8.lexicographicallyPrecedes(b.stem.utf8) }
            return a.directory < b.directory
        }
        return found.map(\.candidate)
    }
}

/// The characters a face maps, as sorted ranges (read from its `cmap` through HarfBuzz).
struct Coverage: Sendable {
    /// Inclusive ranges: first, last, first, last, ...
    private var bounds: [UInt32] = []

    /// Face 0 of the file at `path`; empty when the file cannot be read.
    init(path: String) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            self.init(face: nil)
            return
        }
        let face = hb_face_create(blob, 0)
        hb_blob_destroy(blob)
        self.init(face: face)
        hb_face_destroy(face)
    }

    init(face: OpaquePointer?) {
        guard let face else { return }
        let set = hb_set_create()
        hb_face_collect_unicodes(face, set)
        var first = UInt32.max, last = UInt32.max
        while hb_set_next_range(set, &first, &last) != 0 {
            bounds.append(first)
            bounds.append(last)
        }
        hb_set_destroy(set)
    }

    func contains(_ value: UInt32) -> Bool {
        // The first range whose last is >= value.
        var low = 0, high = bounds.count / 2
        while low < high {
            let middle = (low + high) / 2
            if bounds[2 * middle + 1] < value { low = middle + 1 } else { high = middle }
        }
        return low < bounds.count / 2 && bounds[2 * low] <= value
    }

    /// Every character, in order.
    var scalars: [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        for range in stride(from: 0, to: bounds.count, by: 2) {
            for value in bounds[range]...bounds[range + 1] {
                if let scalar = Unicode.Scalar(value) { result.append(scalar) }
            }
        }
        return result
    }
}
