import Foundation
import Reflow
import Readers
import SystemPackage
import TextMetrics

/// A document read once, to be laid out in one language or many: its bytes, and for a screen
/// file the string catalogs it names (`"strings"`) and `--strings` adds. `input(in:)` makes the
/// content a language shows: a screen's keys resolved in it, and the language's shaping,
/// hyphenation and direction in the input's settings (a pseudolanguage shapes as the source
/// language, `pseudo-rtl` right to left).
public struct LocalizedInput: Sendable {
    /// The document's path as given.
    public let path: String
    /// How it is read.
    public let format: DocumentFormat
    /// The screen's catalogs; empty for a document, or a screen that names none.
    public let tables: StringTables
    /// A digest of the document's bytes and of every catalog file read with it, its path and
    /// bytes, taken as they are read (`LayoutInput.sourceDigest`): a translation edited changes
    /// it, and so what a screen's kept heights are keyed by, while the screen file stays byte for
    /// byte the same.
    public let sourceDigest: UInt64
    private let bytes: [UInt8]
    /// A screen file parsed once for every language it is laid out in.
    private let screen: ScreenFile.Parsed?
    private let reader: DocumentReader
    private let cells: CellMode
    private let layout: LayoutInput.DocumentLayout

    init(path: String, format: DocumentFormat, bytes: [UInt8], screen: ScreenFile.Parsed?, tables: StringTables, sourceDigest: UInt64,
         reader: DocumentReader, cells: CellMode, layout: LayoutInput.DocumentLayout) {
        self.path = path
        self.format = format
        self.bytes = bytes
        self.screen = screen
        self.tables = tables
        self.sourceDigest = sourceDigest
        self.reader = reader
        self.cells = cells
        self.layout = layout
    }

    /// The languages `choice` lays this document out in (nil: no `--lang`, the document's own).
    public func languages(_ choice: LanguageChoice?) -> [String?] {
        guard let choice else { return [nil] }
        return choice.languages(in: tables)
    }

    /// The content and layout `language` shows (nil: the document's own language; a screen's keys
    /// in its catalogs' source language). A screen's text that its source string cannot format
    /// with the screen's arguments is an error naming the key and the JSON path.
    /// - Parameter formPass: which plural form every variation shows (`StringResolver.formPass`).
    public func input(in language: String?, formPass: Int? = nil) throws -> LayoutInput {
        var input: LayoutInput
        do {
            switch screen {
            case let screen?:
                let resolver = StringResolver(tables: tables, language: language ?? tables.sourceLanguage, formPass: formPass)
                input = LayoutInput(screen: try ScreenFile(parsed: screen, strings: resolver))
            case nil:
                input = try LayoutInput(bytes: bytes, format: format, cells: cells, layout: layout,
                                        images: DocumentImages(documentPath: path, allowOutside: reader.allowImagesOutside,
                                                               limits: reader.imageLimits),
                                        markdownBounds: reader.markdownBounds(for: path))
            }
        } catch {
            throw reader.inputError(error, path: DocumentReader.name(path))
        }
        if let language { input.documentSettings = Self.settings(for: language, sourceLanguage: tables.sourceLanguage, over: input.documentSettings) }
        if let language, let pseudo = PseudoLanguage(tag: language), screen != nil, tables.isEmpty {
            // As on a device: a pseudolanguage changes the strings an app reads from its
            // catalogs, and a screen that names none has nothing for it to change.
            let name = InputError.name(DocumentReader.name(path))
            input.stringsWarnings.append("\(name) has no string catalog (no \"strings\" in it, no --strings): \(language) changes only "
                + "texts read from a catalog, so its texts are shown as written\(pseudo.isRightToLeft ? " (its layout is still mirrored)" : ""); "
                + "name the app's catalogs in the screen's \"strings\" and its texts as {\"key\": …}, or give --strings PATH")
        }
        if let language, PseudoLanguage(tag: language) == nil, screen != nil, !tables.isEmpty, !tables.hasLocalization(for: language) {
            // Every string falls back: say so once, not only key by key in an audit, so that a
            // mistyped tag does not pass for a translation that is missing.
            let name = InputError.name(DocumentReader.name(path))
            let others = tables.languages
            let listed = others.count > 12 ? others.prefix(12).joined(separator: ", ") + ", … (\(others.count) in all)"
                : others.joined(separator: ", ")
            input.stringsWarnings.append("the string catalogs of \(name) have no strings in \(language): every text is shown in "
                + "\(tables.sourceLanguage), their source language (with \(language)'s shaping, hyphenation and direction); "
                + "they have \(listed); --lang all lays out each of them")
        }
        input.sourceDigest = sourceDigest
        let count = input.content.cellCount
        if count > reader.maximumCells {
            throw InputError.tooManyCells(path: DocumentReader.name(path), count: count, limit: reader.maximumCells,
                                          inputLimit: reader.maximumBytes)
        }
        return input
    }

    /// `document`'s settings with `language`'s: the language's tag for shaping and hyphenation
    /// (the source language's for a pseudolanguage), right to left for `pseudo-rtl`.
    static func settings(for language: String, sourceLanguage: String, over document: TextSettings?) -> TextSettings {
        var settings = document ?? TextSettings()
        if let pseudo = PseudoLanguage(tag: language) {
            settings.language = try? LanguageTag(sourceLanguage)
            if pseudo.isRightToLeft { settings.direction = .rightToLeft }
        } else {
            settings.language = try? LanguageTag(language)
        }
        return settings
    }
}

extension DocumentReader {
    /// The document or screen file at `path`, read once to be laid out in any language
    /// (`LocalizedInput.input(in:)`): a screen's catalogs (its `"strings"`, relative to its
    /// folder and inside it unless `allowStringsOutside`, then `extraStrings`) read within
    /// `maximumBytes` in all.
    public func localized(at path: String, format: DocumentFormat? = nil, cells: CellMode = .blocks,
                          layout: LayoutInput.DocumentLayout = .list) throws -> LocalizedInput {
        let format = format ?? DocumentFormat(path: path)
        let bytes = try documentBytes(of: path)
        var tables = StringTables()
        var digest = bytes.withUnsafeBytes { HeightCache.digest(of: $0) }
        func add(_ bytes: [UInt8]) { digest = bytes.withUnsafeBytes { HeightCache.digest(of: $0, into: digest) } }
        var screen: ScreenFile.Parsed?
        if format == .screen {
            let named: [(path: String, jsonPath: String)]
            do {
                let parsed = try ScreenFile.Parsed(json: FileBytes(bytes))
                named = try parsed.catalogPaths()
                screen = parsed
            } catch {
                throw inputError(error, path: Self.name(path))
            }
            var paths = try named.map { try catalogPath($0.path, jsonPath: $0.jsonPath, screen: path) }
            paths += extraStrings
            var budget = maximumBytes
            for catalogPath in paths {
                let found: [String: StringCatalog]
                add(Array(catalogPath.utf8))
                do {
                    // Each file digested as it is read, never read again for the digest.
                    found = try StringCatalogReader.catalogs(at: catalogPath, maximumBytes: budget) { file, bytes in
                        add(Array(file.utf8))
                        add(bytes)
                    }
                } catch let error as StringCatalogError {
                    throw InputError.badStrings(path: Self.name(path), message: error.description)
                }
                for catalog in found.values.sorted(by: { $0.table < $1.table }) {
                    tables.add(catalog)
                }
                budget -= Self.size(of: catalogPath)
            }
        }
        return LocalizedInput(path: path, format: format, bytes: bytes, screen: screen, tables: tables, sourceDigest: digest,
                              reader: self, cells: cells, layout: layout)
    }

    /// A catalog path a screen names, made a path from here: relative to the screen's folder,
    /// and inside that folder's tree unless `allowStringsOutside`.
    private func catalogPath(_ named: String, jsonPath: String, screen: String) throws -> String {
        let folder = screen == Self.standardInputPath ? FilePath(".") : FilePath(screen).removingLastComponent()
        let relative = FilePath(named)
        if !allowStringsOutside {
            let escapes = relative.isAbsolute || relative.components.reduce(into: (depth: 0, out: false)) { state, component in
                if component.kind == .parentDirectory { state.depth -= 1 } else if component.kind == .regular { state.depth += 1 }
                if state.depth < 0 { state.out = true }
            }.out
            if escapes {
                throw InputError.badStrings(path: Self.name(screen), message: "\(jsonPath) '\(named)' is outside the screen's folder; "
                    + "move the catalog beside the screen, give it with --strings, or allow it with --allow-strings-outside")
            }
        }
        return relative.isAbsolute ? named : folder.appending(relative.components).string
    }

    /// The bytes a catalog path holds (a folder's files summed), for the input limit's budget.
    private static func size(of path: String) -> Int {
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            return ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        }
        var total = 0
        while let file = enumerator.nextObject() as? String {
            total += ((try? FileManager.default.attributesOfItem(atPath: path + "/" + file))?[.size] as? Int) ?? 0
        }
        return total
    }
}
