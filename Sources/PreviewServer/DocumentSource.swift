import Preview
import Readers
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

/// The document the server shows: read and parsed once at the start and again each time its file
/// changes, never per request. Each good reading is a new version; a reading that fails (the file
/// gone, over `--max-input`, unreadable, a FIFO or a device put in its place) keeps the last good
/// version on show and says why (`Version.problem`), until a later reading succeeds. A reading
/// never waits: the document is read as a regular file only, opened without waiting for a FIFO's
/// writer (`DocumentReader`), so the next save is always read. Safe to use from any thread.
final class DocumentSource: Sendable {
    /// One reading of the document, as requests see it.
    struct Version: Sendable {
        /// 1 for the first reading, one more for each good reading after it.
        let number: Int
        /// The document's cells and layout in its own language (a screen's keys in its
        /// catalogs' source language).
        let input: LayoutInput
        /// The document as read, to be laid out in any language (`input(in:)`); nil for a
        /// version made from a layout input alone, which has its own language only.
        var localized: LocalizedInput? = nil
        /// The inputs of the languages asked for, made once per version (`input(in:)`).
        var inputs = LanguageInputs()
        /// Its images, decoded once for every screen of this version.
        let pictures: PictureStore
        /// What a person should know about how it was read (invalid UTF-8, placeholder images),
        /// as the answers say it: no absolute path of the machine (`PathRedaction`).
        let warnings: [String]
        /// Why the latest reading failed, in the command line's words; nil when it was this one.
        /// As the answers say it, with no absolute path of the machine.
        let problem: String?
        /// The warnings and the problem with the paths as given, for the person who started the
        /// server (stderr), never for an answer.
        let localWarnings: [String]
        let localProblem: String?

        /// The languages of the screen's string catalogs, the source language first; empty for a
        /// document or a screen that names none.
        var languages: [String] {
            guard let tables = localized?.tables, !tables.isEmpty else { return [] }
            return tables.languages
        }

        /// The content and layout `language` shows (nil: the document's own): a screen's keys
        /// resolved in it, with its shaping, hyphenation and direction. Made once per version and
        /// language, and kept for the `LanguageInputs.limit` languages asked for last.
        func input(in language: String?) throws -> LayoutInput {
            guard let language, let localized else { return input }
            return try inputs.input(in: language) { try localized.input(in: language) }
        }
    }

    /// The layouts inputs of the languages of one version: each made when first asked for, the
    /// `limit` asked for last kept (a language is the whole document again, so a client naming
    /// tag after tag does not keep a document per tag).
    final class LanguageInputs: Sendable {
        /// Languages kept per version: a team switches among a few.
        static let limit = 8
        private let kept = Locked(BoundedCache<String, LayoutInput>(limit: LanguageInputs.limit))

        /// The input of `language`, kept or made by `make` and kept.
        func input(in language: String, make: () throws -> LayoutInput) throws -> LayoutInput {
            if let input = kept.withLock({ $0.value(for: language) }) { return input }
            let input = try make()
            kept.withLock { $0.insert(input, for: language) }
            return input
        }
    }

    /// The path as given.
    let path: String
    /// The file's name, for titles and the layout JSON.
    let name: String
    /// How answers name the document and keep the machine's paths out of their messages.
    let redaction: PathRedaction
    /// The document as answers name it: the path as given when it is relative, else its name.
    var displayPath: String { redaction.displayPath }
    private let reader: DocumentReader
    private let describe: @Sendable (any Error) -> String
    private let state: Locked<Version>
    private let readings = Locked(0)

    /// Reads the document at `path` with `reader` (within its `maximumBytes`).
    /// - Parameter describe: an error in the words of the program's user (the command line's).
    /// - Throws: what the first reading throws: the server does not start without a document.
    ///   Standard input (`-`) is refused: it can be read only once.
    init(path: String, reader: DocumentReader, describe: @escaping @Sendable (any Error) -> String) throws {
        if path == DocumentReader.standardInputPath {
            throw Refusal(description: "serve reads the document again each time it is saved, and standard input ('-') only once: "
                + "give the document's file")
        }
        self.path = path
        name = FilePath(path).lastComponent?.string ?? path
        self.reader = reader
        self.describe = describe
        let redaction = PathRedaction(documentPath: path)
        self.redaction = redaction
        let read: (LocalizedInput?, LayoutInput)
        do {
            read = try Self.read(path, reader)
        } catch {
            throw Self.served(error, advice: "save the document to a file and serve that")
        }
        readings.withLock { $0 += 1 }
        state = Locked(DocumentSource.version(1, read, PictureStore(), warnings: read.1.warnings(path: path), problem: nil,
                                              redaction))
    }

    /// A version whose warnings and problem (with the paths as given) are also said without the
    /// machine's paths.
    private static func version(_ number: Int, _ read: (LocalizedInput?, LayoutInput), _ pictures: PictureStore,
                                warnings: [String], problem: String?, _ redaction: PathRedaction,
                                inputs: LanguageInputs = LanguageInputs()) -> Version {
        Version(number: number, input: read.1, localized: read.0, inputs: inputs, pictures: pictures,
                warnings: warnings.map { redaction($0) }, problem: problem.map { redaction($0) },
                localWarnings: warnings, localProblem: problem)
    }

    /// The document at `path` read once (a screen's catalogs with it), and laid out in its own language.
    private static func read(_ path: String, _ reader: DocumentReader) throws -> (LocalizedInput?, LayoutInput) {
        let localized = try reader.localized(at: path)
        return (localized, try localized.input(in: nil))
    }

    /// Why the server cannot show a document, in its own words.
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    /// `error` as the server says it: a document that is not a regular file (a FIFO, a device)
    /// with `advice` (the reader's own advice, standard input, is no use to a server); any other
    /// error as it is.
    private static func served(_ error: any Error, advice: String) -> any Error {
        guard let refused = error as? InputError, case .notARegularFile = refused else { return error }
        return Refusal(description: "\(refused.problem); \(advice)")
    }

    /// The version requests are answered from now.
    var current: Version { state.withLock { $0 } }

    /// How many times the file has been read and parsed (each reading, good or not).
    var readCount: Int { readings.withLock { $0 } }

    /// Reads the file again: a new version when it reads, else the version on show with the
    /// reason it did not. Returns the version now current.
    @discardableResult
    func reload() -> Version {
        readings.withLock { $0 += 1 }
        do {
            let read = try Self.read(path, reader)
            return state.withLock { [redaction] version in
                version = DocumentSource.version(version.number + 1, read, PictureStore(),
                                                 warnings: read.1.warnings(path: path), problem: nil, redaction)
                return version
            }
        } catch {
            let problem = describe(Self.served(error, advice: "save the document as a regular file to show it again"))
            return state.withLock { [redaction] version in
                version = DocumentSource.version(version.number, (version.localized, version.input), version.pictures,
                                                 warnings: version.localWarnings, problem: problem, redaction,
                                                 inputs: version.inputs)
                return version
            }
        }
    }

    /// The files whose saves change what is on show: the document, and for a screen the string
    /// catalogs it names (`"strings"`, relative to its folder) and those `--strings` adds, files
    /// or folders. Read from the document as it is now, whether or not it reads as a whole, so
    /// that a catalog saved broken and then fixed is still watched. Paths outside the screen's
    /// folder are listed too: reading them is refused (or allowed) by the reader, not here.
    func watchedPaths() -> [String] {
        var paths = [path] + reader.extraStrings
        guard DocumentFormat(path: path) == .screen, let bytes = try? reader.bytes(ofRegularFile: path),
              let named = try? ScreenFile.catalogPaths(json: FileBytes(bytes)) else { return paths }
        let folder = FilePath(path).removingLastComponent()
        for catalog in named.map({ FilePath($0.path) }) {
            paths.append(catalog.isAbsolute ? catalog.string : folder.appending(catalog.components).string)
        }
        return paths
    }
}
