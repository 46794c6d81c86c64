import Audit
import Foundation
import Reflow
import SystemPackage
import TextMetrics

#if canImport(Glibc)
import Glibc
#endif

/// The goldens of `reflow-cli check`: one layout JSON per text size of a document, in a folder,
/// recorded once and compared with later layouts cell by cell.
///
/// A document named itself has goldens named after its file name without the extension,
/// `STEM-CATEGORY.json` (`welcome-xxxl.json`). A document found in a folder has goldens named
/// after its whole path below that folder, extension kept, in the same subfolders of the goldens
/// folder (`guides/setup.md-xxxl.json` for `docs/guides/setup.md` found in `docs`): two documents
/// of a folder never share goldens, whatever their names, and the goldens do not depend on where
/// the run starts. Documents of one run whose goldens would still share a name (two files named
/// alike in different folders, named one by one) are refused before any work (`distinct`).
public struct GoldenStore: Sendable {
    /// The folder holding the goldens.
    public let folder: String
    /// The goldens' common prefix, a path inside the folder: the document's file name without its
    /// extension (`welcome`), or for a document found in a folder its path there (`guides/setup.md`).
    public let prefix: String

    /// The goldens of the document at `document` in `folder`, named after its stem (standard
    /// input, `-`, after `stdin`, as its preview is).
    public init(folder: String, document: String) {
        let name = FilePath(document).lastComponent?.string ?? document
        self.init(folder: folder, prefix: document == "-" ? "stdin" : FilePath(document).stem ?? name)
    }

    /// The goldens of `document` in `folder`: after its stem when it was named itself, after its
    /// path below the folder it was found in otherwise.
    public init(folder: String, document: DocumentSet.Document) {
        if let relativePath = document.relativePath {
            self.init(folder: folder, prefix: relativePath)
        } else {
            self.init(folder: folder, document: document.path)
        }
    }

    init(folder: String, prefix: String) { (self.folder, self.prefix) = (folder, prefix) }

    /// The goldens of each of `documents` in `folder`, checked before any work to be distinct.
    /// - Throws: `Problem.sharedGoldens` naming the first two documents whose goldens would have
    ///   the same names.
    public static func distinct(_ documents: [DocumentSet.Document], folder: String) throws -> [GoldenStore] {
        let stores = documents.map { GoldenStore(folder: folder, document: $0) }
        var owners: [String: String] = [:]
        for (document, store) in zip(documents, stores) {
            if let first = owners.updateValue(document.path, forKey: store.prefix) {
                throw Problem.sharedGoldens(first: first, second: document.path, folder: folder, prefix: store.prefix)
            }
        }
        return stores
    }

    /// Why the goldens cannot be read or written; says what to do.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The goldens folder is a file.
        case folderIsAFile(folder: String)
        /// There is no goldens folder to compare with.
        case noFolder(folder: String)
        /// Sizes without a golden (each `prefix-CATEGORY.json` in `folder`).
        case missingGoldens([ContentSizeCategory], folder: String, prefix: String)
        /// Two documents of one run whose goldens would have the same names.
        case sharedGoldens(first: String, second: String, folder: String, prefix: String)
        /// A subfolder the goldens of a document found in a folder go in is a symbolic link (`to`:
        /// where it points): recording would write outside the goldens folder.
        case subfolderIsALink(path: String, to: String)
        /// A golden's name is taken by a folder.
        case goldenIsAFolder(path: String)
        /// A golden is larger than the reader's limit.
        case goldenTooLarge(path: String, limit: Int)
        /// A golden cannot be read (no permission, a failing disk), with the system's reason.
        case goldenUnreadable(path: String, reason: String)
        /// A golden's name holds a FIFO, a device or a socket: reading it could wait forever.
        case goldenNotARegularFile(path: String, kind: String)

        /// What is wrong: the first part of `description`, before what to do.
        public var problem: String {
            switch self {
            case .folderIsAFile(let folder):
                "'\(folder)' is a file, not a folder"
            case .noFolder(let folder):
                "no goldens folder '\(folder)'"
            case .missingGoldens(let categories, let folder, let prefix):
                "no golden for \(categories.map(\.shortName).joined(separator: ", ")) in '\(folder)' (expected \(prefix)-CATEGORY.json)"
            case .sharedGoldens(let first, let second, let folder, let prefix):
                "'\(first)' and '\(second)' would share the goldens \(prefix)-CATEGORY.json in '\(folder)'"
            case .subfolderIsALink(let path, let target):
                "'\(path)' in the goldens folder is a symbolic link (to '\(target)'), and goldens are written inside the goldens folder only"
            case .goldenIsAFolder(let path):
                "golden '\(path)' is a folder, not a layout JSON file"
            case .goldenTooLarge(let path, let limit):
                "golden '\(path)' is larger than the input limit of \(ByteCount(limit))"
            case .goldenUnreadable(let path, let reason):
                "cannot read golden '\(path)': \(reason)"
            case .goldenNotARegularFile(let path, let kind):
                "golden '\(path)' is \(kind), not a regular file"
            }
        }

        public var description: String {
            switch self {
            case .folderIsAFile: "the goldens folder \(problem); give the folder that holds (or will hold) the goldens"
            case .noFolder: "\(problem); record the goldens to create it"
            case .missingGoldens: "\(problem); record them to create them"
            case .sharedGoldens:
                "\(problem); name the folder that holds them instead (a folder's documents have goldens named after their paths "
                    + "in it), or check them in separate runs with separate goldens folders"
            case .subfolderIsALink: "\(problem); replace the link with a folder"
            case .goldenIsAFolder: "\(problem); move the folder away and record the goldens again"
            case .goldenTooLarge: "\(problem); raise the limit (DocumentReader's maximumBytes)"
            case .goldenUnreadable: "\(problem); check the file and its permissions"
            case .goldenNotARegularFile: "\(problem); record the goldens again, which replaces it"
            }
        }
    }

    /// The golden of `category`.
    public func path(of category: ContentSizeCategory) -> String {
        FilePath(folder).appending("\(prefix)-\(category.shortName).json").string
    }

    /// Checks the folder before any work: it must be a folder, and exist unless `recording`.
    /// A symbolic link given as the folder is followed (it is the folder the command line
    /// names); what is inside the folder never is, when recording (`outputs(for:protecting:)`).
    public func checkFolder(recording: Bool) throws { try Self.checkFolder(folder, recording: recording) }

    /// `checkFolder(recording:)` of the goldens folder `folder`, before any document is known.
    public static func checkFolder(_ folder: String, recording: Bool) throws {
        switch Folder.kind(of: folder) {
        case .notAFolder:
            throw Problem.folderIsAFile(folder: folder)
        case .missing where !recording:
            throw Problem.noFolder(folder: folder)
        case .missing, .folder:
            break
        }
    }

    /// The layouts of `input` at each of `categories` (in that order) in a `width`-point
    /// container with the text `settings`, as `LayoutInput.reports` makes them, and the fonts
    /// they were made with: every font the sweep's workers loaded (the faces text was set in, and
    /// the fallback faces tried for it), by file name.
    public static func layouts(of input: LayoutInput, categories: [ContentSizeCategory], width: Double,
                               settings: TextSettings = TextSettings(), fontsDirectory: String,
                               progress: @escaping @Sendable (Double) -> Void = { _ in }) throws -> Layouts {
        try input.readAllCells()
        let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: input.content)
        let made = Locked<[CellSizer]>([])
        let reports = try CategorySweep.map(
            categories: categories, containerWidth: width, settings: settings,
            makeSizer: {
                let sizer = try sizers.make()
                made.withLock { $0.append(sizer) }
                return sizer
            },
            produce: { environment, sizer in try LayoutReport(input.layout, input.content, in: environment, sizer: sizer) },
            progress: progress)
        let fonts = made.withLock { $0 }.flatMap { $0.typesetter.fonts.loadedFonts }
        return Layouts(reports: reports, fonts: LayoutReport.Golden.FontRecord.of(fonts))
    }

    /// A document's layouts at the sizes of a check, and the fonts they were made with.
    public struct Layouts: Sendable {
        public let reports: [LayoutReport]
        public let fonts: [LayoutReport.Golden.FontRecord]

        public init(reports: [LayoutReport], fonts: [LayoutReport.Golden.FontRecord]) {
            self.reports = reports
            self.fonts = fonts
        }
    }

    /// Where one golden is written, checked before any work.
    public struct Output: Sendable {
        /// The golden's path in the folder.
        public let path: String
        /// What is at `path` and is replaced, never written through (a symbolic link, and where
        /// it points; a FIFO, a device, a socket); nil for a regular file or nothing.
        public let replaces: String?
        /// The golden itself (a regular file, or none yet), or a temporary file beside it, renamed
        /// over what `replaces` names once written.
        let file: OutputFile
    }

    /// Creates the folder and checks the goldens of `categories` can be written (none of them
    /// one of `protecting`), before any work; write them with `record`. Goldens are written inside
    /// the folder only: a symbolic link (or a FIFO, a device) at a golden's name is replaced by the
    /// golden, never followed out of the folder.
    public func outputs(for categories: [ContentSizeCategory], protecting: [String]) throws -> [Output] {
        try Folder.create(folder)
        try createSubfolders()
        return try categories.map { category in
            let path = path(of: category)
            var status = stat()
            guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG else {
                return Output(path: path, replaces: nil, file: try OutputFile(path: path, protecting: protecting))
            }
            if (status.st_mode & S_IFMT) == S_IFDIR { throw OutputError.isDirectory(path: path) }
            // A link to an input is refused as the input itself would be: replacing it loses
            // nothing, but it is not what anyone meant to record over.
            var linked = stat()
            let target = stat(path, &linked) == 0 ? linked : status
            for input in protecting {
                var other = stat()
                if stat(input, &other) == 0, other.st_dev == target.st_dev, other.st_ino == target.st_ino {
                    throw OutputError.wouldReplaceInput(path: path, input: input)
                }
            }
            let name = FilePath(path).lastComponent?.string ?? path
            let temporary = FilePath(path).removingLastComponent()
                .appending(".\(name).\(String(UInt64.random(in: 0...UInt64.max), radix: 36))").string
            return Output(path: path, replaces: Self.describe(status, at: path), file: try OutputFile(path: temporary))
        }
    }

    /// Creates the subfolders the goldens' prefix names inside the folder (`guides` of
    /// `guides/setup.md`), never through a link: a symbolic link where one should be is refused,
    /// as writing through it would leave the goldens folder.
    func createSubfolders() throws {
        var subfolder = FilePath(folder)
        for component in FilePath(prefix).removingLastComponent().components {
            subfolder.append(component)
            var status = stat()
            if lstat(subfolder.string, &status) == 0 {
                switch status.st_mode & S_IFMT {
                case S_IFDIR: continue
                case S_IFLNK: throw Problem.subfolderIsALink(path: subfolder.string, to: Self.linkTarget(subfolder.string))
                default: throw OutputError.notAFolder(path: FilePath(folder).appending(prefix).string, folder: subfolder.string)
                }
            }
            try Folder.create(subfolder.string)
        }
    }

    /// Where the symbolic link at `path` points, as it is written ("?" when it cannot be read).
    static func linkTarget(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        return count < 0 ? "?" : String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a file that is neither a regular file nor a folder is, in words.
    static func describe(_ status: stat, at path: String) -> String {
        switch status.st_mode & S_IFMT {
        case S_IFLNK: return "a symbolic link (to '\(linkTarget(path))')"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "a device"
        }
    }

    /// Writes each golden to its output (from `outputs(for:protecting:)`), each whole or not at
    /// all: the layout and the fonts it was made with. What was replaced rather than written
    /// through, one sentence each (for stderr).
    public func record(_ layouts: Layouts, to outputs: [Output]) throws -> [String] {
        var notes: [String] = []
        for (report, output) in zip(layouts.reports, outputs) {
            try output.file.write(Data(LayoutReport.Golden(report: report, fonts: layouts.fonts).jsonText().utf8))
            guard let replaced = output.replaces else { continue }
            guard rename(output.file.path, output.path) == 0 else {
                let code = errno
                unlink(output.file.path)
                throw OutputFile.error(code, path: output.path, folder: folder, operation: "rename")
            }
            notes.append("'\(output.path)' was \(replaced); replaced it with the golden (goldens are written inside the "
                + "goldens folder, never through a link)")
        }
        return notes
    }

    /// Compares the layouts of `categories` with their goldens, read through `reader`, and the
    /// fonts they were made with with those the goldens recorded.
    /// - Throws: `Problem` naming every size without a golden, or a golden that cannot be read;
    ///   `LayoutReport.Golden.ReadError` for a golden that is not a layout JSON.
    public func compare(_ layouts: Layouts, categories: [ContentSizeCategory], reader: DocumentReader,
                        tolerance: Double) throws -> Verdict {
        var missing: [ContentSizeCategory] = []
        var moved: [Verdict.Difference] = []
        var recorded: [String: String] = [:]
        var recordedWithoutFonts = false
        for (report, category) in zip(layouts.reports, categories) {
            let path = path(of: category)
            let bytes: [UInt8]
            do {
                bytes = try reader.bytes(ofRegularFile: path)
            } catch InputError.notFound {
                missing.append(category)
                continue
            } catch let error as InputError {
                throw Self.problem(error, path: path)
            }
            let golden = try LayoutReport.Golden.decode(bytes, path: path)
            if let fonts = golden.fonts {
                for font in fonts where recorded[font.file] == nil { recorded[font.file] = font.version }
            } else {
                recordedWithoutFonts = true
            }
            let comparison = LayoutComparison(golden: golden.report, actual: report, tolerance: tolerance)
            if !comparison.matches { moved.append(.init(category: category, comparison: comparison)) }
        }
        if !missing.isEmpty {
            throw Problem.missingGoldens(missing, folder: folder, prefix: prefix)
        }
        let fontChanges = layouts.fonts.compactMap { font in
            recorded[font.file].flatMap { $0 == font.version ? nil : Verdict.FontChange(file: font.file, recorded: $0, now: font.version) }
        }
        return Verdict(checked: categories.count, differences: moved, fontChanges: fontChanges,
                       recordedWithoutFonts: recordedWithoutFonts, fonts: layouts.fonts,
                       recordedFonts: recorded.map { LayoutReport.Golden.FontRecord(file: $0.key, version: $0.value) }.sorted())
    }

    /// A golden that cannot be read, as a problem of the goldens (not of a document).
    static func problem(_ error: InputError, path: String) -> Problem {
        switch error {
        case .isDirectory: .goldenIsAFolder(path: path)
        case .tooLarge(_, let limit, _): .goldenTooLarge(path: path, limit: limit)
        case .permissionDenied: .goldenUnreadable(path: path, reason: "permission denied")
        case .notFound: .goldenUnreadable(path: path, reason: "no such file")
        case .notARegularFile(_, let kind): .goldenNotARegularFile(path: path, kind: kind)
        case .tooManyCells, .tooMuchMarkup, .tooCostlyTables, .notADocument, .badStrings: .goldenUnreadable(path: path, reason: error.problem)
        case .system(_, let reason): .goldenUnreadable(path: path, reason: reason)
        }
    }

    /// What a comparison found.
    public struct Verdict: Sendable {
        /// How many sizes were compared.
        public let checked: Int
        /// The sizes whose layout moved, in the order checked.
        public let differences: [Difference]
        /// The fonts whose version is not the one the goldens recorded, by file name.
        public let fontChanges: [FontChange]
        /// Some golden was recorded before goldens recorded their fonts: a change of fonts
        /// cannot be told.
        public let recordedWithoutFonts: Bool
        /// The fonts the layouts were made with now, and those the goldens recorded (the first
        /// version of each file the goldens name), by file name.
        public let fonts: [LayoutReport.Golden.FontRecord], recordedFonts: [LayoutReport.Golden.FontRecord]

        public init(checked: Int, differences: [Difference], fontChanges: [FontChange] = [], recordedWithoutFonts: Bool = false,
                    fonts: [LayoutReport.Golden.FontRecord] = [], recordedFonts: [LayoutReport.Golden.FontRecord] = []) {
            self.checked = checked
            self.differences = differences
            self.fontChanges = fontChanges
            self.recordedWithoutFonts = recordedWithoutFonts
            self.fonts = fonts
            self.recordedFonts = recordedFonts
        }

        /// Every size matches its golden.
        public var passed: Bool { differences.isEmpty }

        /// What changed, as a clause: the fonts, when they changed, then where the layouts differ
        /// ("layouts differ from the goldens at l, ax5"); nil when it passed.
        public var mismatch: String? {
            guard !passed else { return nil }
            let sizes = "layouts differ from the goldens at \(differences.map(\.category.shortName).joined(separator: ", "))"
            guard !fontChanges.isEmpty else { return sizes }
            return "the fonts changed since the goldens were recorded (\(fontChanges.map(\.description).joined(separator: ", "))) "
                + "and \(sizes)"
        }

        /// The error line of a failed check: where the layouts differ and what to do; nil when it passed.
        public var failure: String? { mismatch.map { "\($0); if the change is intended, record the goldens again" } }

        /// One size whose layout differs from its golden.
        public struct Difference: Sendable {
            /// The size.
            public let category: ContentSizeCategory
            /// Its golden against its layout now.
            public let comparison: LayoutComparison

            public init(category: ContentSizeCategory, comparison: LayoutComparison) {
                self.category = category
                self.comparison = comparison
            }

            /// What changed at this size, in a clause: the width the golden was recorded for when
            /// it is another, the content height's change, how many elements changed other than by
            /// a shift ("content height +41 pt, 1 element(s) changed").
            public var summary: String {
                var summary: [String] = []
                if comparison.environmentDiffers {
                    summary.append("recorded for width \(JSONText.number(comparison.golden.environment.containerWidth)) pt, "
                        + "checked at \(JSONText.number(comparison.actual.environment.containerWidth)) pt")
                }
                if let change = comparison.contentHeightChange {
                    summary.append("content height \(LayoutComparison.Change.signed(change)) pt")
                }
                let resized = comparison.resized.count
                if resized > 0 { summary.append("\(resized) element(s) changed") }
                return summary.joined(separator: ", ")
            }
        }

        /// A font file whose version is not the one the goldens recorded.
        public struct FontChange: Hashable, Sendable, CustomStringConvertible {
            public let file: String
            /// The version the goldens recorded, and the one the layouts were made with now.
            public let recorded: String, now: String

            public init(file: String, recorded: String, now: String) {
                (self.file, self.recorded, self.now) = (file, recorded, now)
            }

            /// `Inter-Regular.otf Version 4.000 → Version 4.100`.
            public var description: String { "\(file) \(recorded) → \(now)" }
        }

        /// For people: a line saying whether `document` passed, the fonts that changed since the
        /// goldens were recorded, then per size that moved what changed, listing at most
        /// `maxCells` elements, golden → now. Text from the document, the goldens and the font
        /// files is escaped for a terminal (`TerminalText`).
        public func text(document: String, maxCells: Int) -> String {
            let fonts = fontChanges.isEmpty ? nil
                : "fonts changed since the goldens were recorded: \(fontChanges.map(\.description).joined(separator: ", "))"
            guard !passed else {
                var out = TerminalText.escaped("check passed: \(document) matches its goldens at \(checked) size(s)") + "\n"
                if let fonts { out += "  " + TerminalText.escaped(fonts + " (the layouts did not move)") + "\n" }
                return out
            }
            var out = TerminalText.escaped("check failed: \(document) changed at \(differences.count) of \(checked) size(s) (golden → now)") + "\n"
            if let fonts { out += "  " + TerminalText.escaped(fonts) + "\n" }
            if recordedWithoutFonts {
                out += "  fonts: the goldens were recorded before goldens recorded fonts, so a change of fonts cannot be told; "
                    + "record them again to record the fonts\n"
            }
            for difference in differences {
                let resized = difference.comparison.resized
                out += "  \(difference.category.displayName): \(difference.summary)\n"
                for change in resized.prefix(maxCells) { out += "    \(TerminalText.escaped(change.description))\n" }
                if resized.count > maxCells { out += "    … and \(resized.count - maxCells) more\n" }
                if let shifts = difference.comparison.shiftDescription { out += "    \(shifts)\n" }
            }
            return out
        }
    }
}
