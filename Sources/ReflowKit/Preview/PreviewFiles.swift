import Foundation
import Preview
import Reflow
import SystemPackage
import TextMetrics

#if canImport(Glibc)
import Glibc
#endif

/// The files of a preview (`reflow-cli preview`): a PNG or SVG of one text size's page or
/// screen, or of a contact sheet of several, or the layout JSON; a PNG page taller than
/// `PagedPreview.maximumPartPixels` as numbered parts when parts are allowed.
public struct PreviewFiles: Sendable {
    /// PNG, SVG or the layout JSON.
    public var format: OutputFormat
    /// The sizes drawn: one, or the columns of a contact sheet.
    public var categories: [ContentSizeCategory]
    /// Draw `categories` side by side on a contact sheet (also for a single category).
    public var isSheet: Bool
    /// One screen of this size, laid out lazily, instead of the whole page.
    public var viewport: Size?
    /// With `viewport`: the place on the page at the screen's top, in points.
    public var offset: Double = 0
    /// With `viewport`, instead of `offset`: what is at the screen's top (found at each size).
    public var anchor: ScreenAnchor?
    /// Device pixels per point of a PNG.
    public var scale = 2
    /// The file written, and the name parts are named after (`PATH-001.png`, …).
    public var path: String
    /// Write a PNG page too tall for one part as parts; else as one file while a PNG can hold it.
    public var allowsParts = true
    /// Files parts must never replace (the document).
    public var protecting: [String] = []
    /// Threads drawing a tall picture's parts at once (default: one per core); the files are the
    /// same for any number.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount

    /// Files of `format` drawing `categories` (side by side when `isSheet`), written to `path`.
    public init(format: OutputFormat, categories: [ContentSizeCategory], isSheet: Bool, path: String) {
        self.format = format
        self.categories = categories
        self.isSheet = isSheet
        self.path = path
    }

    /// A page asked for as one file is larger than a PNG can hold.
    public struct TooLarge: Error, Sendable, CustomStringConvertible {
        /// The page in device pixels.
        public let width: Int, height: Int
        /// What the PNG limit is, in words.
        public let limit: String

        public init(width: Int, height: Int, limit: String) {
            (self.width, self.height, self.limit) = (width, height, limit)
        }

        /// What is wrong: the first part of `description`, before what to do.
        public var problem: String { "the page is \(width) x \(height) px, more than one PNG can hold (\(limit))" }

        public var description: String {
            "\(problem); allow parts (numbered files named after the path), write the parts beside the document, or draw one screen"
        }
    }

    /// Where each screen is: the anchor, or the offset.
    public var position: DocumentPreview.Position { anchor.map { .anchor($0) } ?? .offset(offset) }

    /// The picture's title (an SVG's `<title>`): the document at its size, or at every size.
    package func title(document: String) -> String {
        Self.title(document: document, categories: categories, isSheet: isSheet)
    }

    /// The title of a picture of `document` at the first of `categories`, or of a contact sheet
    /// of them all: a sheet's heading too.
    package static func title(document: String, categories: [ContentSizeCategory], isSheet: Bool) -> String {
        "\(document) at " + (isSheet ? CategoryNames.title(categories) : categories[0].displayName)
    }

    /// Renders `preview` and writes it to `output` (the file at `path`, checked before any
    /// work), or in parts beside it; what was written, as a sentence. A PNG page written where
    /// parts are allowed replaces, as one file or as a set of parts, every part an earlier run
    /// left under that name (`PartSet`).
    /// - Parameters:
    ///   - document: the document's name, for titles and the sheet's heading.
    ///   - announce: told, before the first part is drawn, that and why the page is cut into parts.
    ///   - progress: the fraction done (0…1).
    /// - Throws: `TooLarge` for a page too large for one PNG without `allowsParts`.
    public func write(_ preview: DocumentPreview, to output: OutputFile, document: String,
                      announce: (String) -> Void = { _ in },
                      progress: (@Sendable (Double) -> Void)? = nil) throws -> String {
        let report = progress ?? { _ in }
        // Standard output (`-o -`) takes one file: a page too tall for one is an error, not parts.
        let allowsParts = allowsParts && output.kind != .standardOutput
        let wrote = wrote(to: output)
        guard let renderer = try format.renderer(scale: scale, title: title(document: document)) else {
            // The layout JSON: written from the layouts, not drawn.
            try output.write(Data(try preview.layoutJSON(categories: categories, asArray: isSheet, progress: progress).utf8))
            return wrote
        }
        let list: DisplayList
        if isSheet {
            list = try preview.contactSheet(categories: categories, viewport: viewport, at: position,
                                            heading: title(document: document)) { report(0.4 * $0) }
            // A sheet of whole pages is as tall as the longest page: in parts, as a page is.
            if format == .png, viewport == nil {
                let paged = PagedPreview(sheet: list, scale: scale)
                if !paged.isSinglePart {
                    if allowsParts {
                        return try writeParts(paged, size: list.size, what: "contact sheet", announce: announce, progress: report) {
                            paged.displayList(part: $0, of: list)
                        }
                    }
                    try Self.checkOneFile(list.size, scale: scale)
                }
            }
        } else if let viewport {
            list = try preview.screen(category: categories[0], viewport: viewport, at: position)
        } else {
            let page = try preview.page(category: categories[0])
            // Sized before any progress is reported, so a page no PNG can hold fails with its error alone.
            if format == .png {
                let paged = page.paged(scale: scale)
                if !paged.isSinglePart {
                    if allowsParts {
                        return try writeParts(paged, size: page.size, what: "page", announce: announce, progress: report) {
                            page.displayList(part: $0, of: paged)
                        }
                    }
                    try Self.checkOneFile(page.size, scale: scale)
                }
            }
            try renderer.checkSize(page.size)
            list = page.displayList()
        }
        report(0.4)
        try output.write(try renderer.data(for: list) { report(0.4 + 0.6 * $0) })
        // A page that now fits one file replaces the parts an earlier, taller run left under its name.
        if format == .png, !isSheet, viewport == nil, allowsParts, output.kind == .replaced {
            return wrote + PartSet.removal(PartSet(path: path, protecting: protecting).removeParts(keeping: []))
        }
        return wrote
    }

    /// What writing one file to `output` says: `wrote PATH`, or `wrote the PNG to stdout`.
    func wrote(to output: OutputFile) -> String {
        output.kind == .standardOutput ? "wrote the \(format.rawValue.uppercased()) to stdout" : "wrote \(path)"
    }

    /// Throws `TooLarge` when a picture of `size` points cannot be one PNG at `scale`.
    private static func checkOneFile(_ size: Size, scale: Int) throws {
        do {
            try PNGRenderer.checkSize(size, scale: scale)
        } catch let error as PreviewError {
            let (width, height) = PNGRenderer.pixelSize(of: size, scale: scale)
            throw TooLarge(width: width, height: height, limit: error.limitDescription)
        }
    }

    /// Writes a picture (`what`: a page, a contact sheet) of `size` points too tall for one image
    /// as numbered parts, `part` giving each one's display list, one set: drawn aside
    /// (`PagedPreview.render(count:scale:jobs:part:write:)`: on `jobs` threads, each part culled to what
    /// reaches into it), moved in together, the parts of an earlier run it does not replace
    /// removed (`PartSet`); what was written, as a sentence.
    private func writeParts(_ paged: PagedPreview, size: Size, what: String, announce: (String) -> Void,
                            progress: @escaping @Sendable (Double) -> Void,
                            part: @escaping (Int) -> DisplayList) throws -> String {
        let paths = PagedPreview.partPaths(of: path, count: paged.parts.count)
        // Every part is checked before the first is drawn.
        for path in paths { _ = try OutputFile(path: path, protecting: protecting) }
        let set = PartSet(path: path, protecting: protecting)
        set.removeAbandonedStaging()
        let (_, height) = PNGRenderer.pixelSize(of: Size(width: size.width, height: paged.parts.last!.maxY), scale: scale)
        announce("the \(what) is \(height) px tall, taller than one image should be (\(PagedPreview.maximumPartPixels) px): "
            + "writing \(paths.count) parts, \(paths.first!) … \(paths.last!)")
        let staging = try set.stage()
        defer { staging.remove() }
        try PagedPreview.render(count: paths.count, scale: scale, jobs: jobs, part: part) { index, png in
            try staging.write(png, as: paths[index])
            progress(0.4 + 0.6 * Double(index + 1) / Double(paths.count))
        }
        try staging.moveIn(paths)
        let removed = set.removeParts(keeping: paths)
        return "wrote \(paths.count) parts: \(paths.first!) … \(paths.last!)" + PartSet.removal(removed)
    }
}

/// The numbered parts of one output path (`book-xxxl.png` → `book-xxxl-001.png`, …) as one set.
///
/// A run draws its parts into a hidden folder beside them (`.book-xxxl.png.parts-XXXXXX`, on the
/// same file system), locked while the run lives; only once all are drawn are they moved in,
/// each renamed over the part of that number, and then the parts of an earlier run the new set
/// does not replace are removed: files named exactly as this path's parts (three or more digits),
/// regular files only, never an input. A run that fails or is killed while drawing leaves the
/// earlier set whole, and at most its hidden folder, which the next run for the same path removes.
struct PartSet {
    /// The output path the parts are named after.
    let path: String
    /// Files never removed (the document).
    let protecting: [String]

    /// The folder the parts are in ("." for a bare name), and what comes before and after a part's number.
    var folder: String { OutputFile.folder(of: path) }
    private var name: String { FilePath(path).lastComponent?.string ?? path }
    private var stem: String { FilePath(path).stem ?? "" }
    private var suffix: String { FilePath(path).extension.map { "." + $0 } ?? "" }
    private var stagingPrefix: String { ".\(name).parts-" }

    /// Whether `file` (a name in `folder`) is one of this path's parts: `STEM-NNN.EXT`, three
    /// digits or more, not all zeros.
    func isPart(_ file: String) -> Bool {
        guard file.hasPrefix(stem + "-"), file.hasSuffix(suffix), file.utf8.count > stem.utf8.count + 1 + suffix.utf8.count else {
            return false
        }
        let digits = file.utf8.dropFirst(stem.utf8.count + 1).dropLast(suffix.utf8.count)
        return digits.count >= 3 && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && digits.contains { $0 != 0x30 }
    }

    /// The names in `folder`.
    private func entries(of folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    /// Removes this path's parts in `folder` that are not `keeping`; how many.
    func removeParts(keeping: [String]) -> Int {
        let kept = Set(keeping.map { FilePath($0).lastComponent?.string ?? $0 })
        var inputs: [(dev_t, ino_t)] = []
        for input in protecting {
            var status = stat()
            if stat(input, &status) == 0 { inputs.append((status.st_dev, status.st_ino)) }
        }
        var removed = 0
        for entry in entries(of: folder) where isPart(entry) && !kept.contains(entry) {
            let file = FilePath(folder).appending(entry).string
            var status = stat()
            guard lstat(file, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                  !inputs.contains(where: { $0 == status.st_dev && $1 == status.st_ino }) else { continue }
            if unlink(file) == 0 { removed += 1 }
        }
        return removed
    }

    /// Removes the hidden folders of earlier runs for this path that were killed before they
    /// finished (those whose lock no living run holds), with the parts in them.
    func removeAbandonedStaging() {
        for entry in entries(of: folder) where entry.hasPrefix(stagingPrefix) {
            let staging = FilePath(folder).appending(entry).string
            var status = stat()
            guard lstat(staging, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { continue }
            let descriptor = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            Staging.empty(staging, of: self)
        }
    }

    /// A new hidden folder beside the parts, locked for this run.
    func stage() throws -> Staging {
        var template = Array(FilePath(folder).appending(stagingPrefix + "XXXXXX").string.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw OutputFile.error(errno, path: path, folder: folder, operation: "creating a folder for the parts")
        }
        let staging = String(cString: made)
        let descriptor = open(staging, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        if descriptor >= 0 { _ = flock(descriptor, LOCK_EX | LOCK_NB) }
        return Staging(folder: staging, lock: descriptor, set: self)
    }

    /// ", removed N parts of an earlier run" when any were; else nothing.
    static func removal(_ count: Int) -> String {
        count == 0 ? "" : " (removed \(count) part\(count == 1 ? "" : "s") of an earlier run)"
    }

    /// The hidden folder one run draws its parts in. Parts drawn on several threads are written
    /// into it one at a time (`PagedPreview.render`), each under its own name.
    final class Staging: @unchecked Sendable {
        let folder: String
        private let lock: Int32
        private let set: PartSet

        init(folder: String, lock: Int32, set: PartSet) {
            (self.folder, self.lock, self.set) = (folder, lock, set)
        }

        /// Writes `png` as the part that goes to `path`.
        func write(_ png: Data, as path: String) throws {
            try OutputFile(path: FilePath(folder).appending(FilePath(path).lastComponent!.string).string).write(png)
        }

        /// Moves each part drawn into place, renaming it over the part of that number (a link
        /// there is replaced, not followed).
        func moveIn(_ paths: [String]) throws {
            for path in paths {
                let drawn = FilePath(folder).appending(FilePath(path).lastComponent!.string).string
                guard rename(drawn, path) == 0 else {
                    throw OutputFile.error(errno, path: path, folder: set.folder, operation: "moving the part into place")
                }
            }
        }

        /// Removes the folder and what is left in it, and lets go of its lock.
        func remove() {
            Self.empty(folder, of: set)
            if lock >= 0 { close(lock) }
        }

        /// Removes `folder`'s parts of `set` and the folder itself (which stays if anything else is in it).
        static func empty(_ folder: String, of set: PartSet) {
            for entry in set.entries(of: folder) where set.isPart(entry) { unlink(FilePath(folder).appending(entry).string) }
            rmdir(folder)
        }
    }
}
