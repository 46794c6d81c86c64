import Foundation
import Preview
import Readers
import Reflow
import TextMetrics

/// A document in several languages, one screen of it per language and text size, composed into
/// one picture (`LanguageMatrixSheet`): rows are languages, columns sizes. What `reflow-cli
/// SCREEN.json --lang all --category all --viewport 390x844` draws.
///
/// Each language's input comes from `LocalizedInput.input(in:)`: its strings, and in its settings
/// its shaping, hyphenation and direction, so a right-to-left language's screens are laid out,
/// and drawn, mirrored. Languages are laid out on worker threads (`jobs`), each with fonts of its
/// own; a row is the same whichever thread draws it, so the picture is the same for any `jobs`.
public struct LanguageMatrixPreview: Sendable {
    /// One row: a language and the document as it shows in it.
    public struct Language: Sendable {
        /// The tag as given (`de`, `pseudo-rtl`); nil: the document's own language.
        public var tag: String?
        /// The content and layout in that language.
        public var input: LayoutInput
        /// Its text settings (the language's, over the document's and the options').
        public var settings: TextSettings

        public init(tag: String?, input: LayoutInput, settings: TextSettings) {
            self.tag = tag
            self.input = input
            self.settings = settings
        }
    }

    /// The screen a matrix cell shows when none is given: an iPhone's 390 × 844 points. A matrix
    /// draws screens, never whole pages: a page per language and size could be any height.
    public static let defaultViewport = Size(width: 390, height: 844)

    /// The rows, in order.
    public var languages: [Language]
    /// The columns, in order.
    public var categories: [ContentSizeCategory]
    /// Each cell's screen; its width is the container's.
    public var viewport: Size
    /// Where each screen is on its page (an anchor is found in each language and size).
    public var position: DocumentPreview.Position
    /// The fonts' folder, opened again by each worker.
    public var fontsDirectory: String
    /// Overlay cell frames, text frames and baselines (`DocumentPreview.debug`).
    public var debug = false
    /// Outline each language's audit findings on its screens (`DocumentPreview.annotateFindings`).
    public var annotatesFindings = false

    public init(languages: [Language], categories: [ContentSizeCategory], viewport: Size,
                position: DocumentPreview.Position, fontsDirectory: String) {
        self.languages = languages
        self.categories = categories
        self.viewport = viewport
        self.position = position
        self.fontsDirectory = fontsDirectory
    }

    /// The rows drawn: one row per language, in order, and what drawing each had to say (images
    /// that could not be drawn), each warning once.
    /// - Parameters:
    ///   - jobs: languages laid out at once (at least 1), dealt round-robin to that many threads.
    ///   - progress: the fraction of languages done.
    public func rows(jobs: Int, progress: (@Sendable (Double) -> Void)? = nil) throws
        -> (rows: [LanguageMatrixSheet.Row], warnings: [String]) {
        let drawn = try OrderedFanOut.map(
            lanes: OrderedFanOut.roundRobin(count: languages.count, threads: jobs), count: languages.count,
            setUp: { [fontsDirectory] _ in try FontLibrary.opening(directory: fontsDirectory) },
            produce: { fonts, index in try row(languages[index], fonts: fonts) },
            progress: progress)
        var warnings: [String] = []
        for warning in drawn.flatMap(\.warnings) where !warnings.contains(warning) { warnings.append(warning) }
        return (drawn.map(\.row), warnings)
    }

    /// One language's screens at every size, laid out lazily with one sizer and one set of plans.
    private func row(_ language: Language, fonts: FontLibrary) throws -> (row: LanguageMatrixSheet.Row, warnings: [String]) {
        var preview = DocumentPreview(input: language.input, fonts: fonts, width: viewport.width, settings: language.settings)
        preview.debug = debug
        if annotatesFindings { try preview.annotateFindings(categories: categories) }
        let sizer = CellSizer(typesetter: try Typesetter(fonts: fonts))
        let plans = preview.screenPlans()
        let screens = try categories.map { category in
            try preview.screen(category: category, viewport: viewport, at: position, sizer: sizer, plans: plans)
        }
        let row = LanguageMatrixSheet.Row(title: language.tag ?? "—", subtitle: Self.name(of: language.tag), screens: screens)
        return (row, preview.pictures.warnings)
    }

    /// The whole matrix under `heading`, the sizes labelled as on the contact sheet.
    public func displayList(heading: String?, jobs: Int, fonts: FontLibrary,
                            progress: (@Sendable (Double) -> Void)? = nil) throws -> (list: DisplayList, warnings: [String]) {
        let (rows, warnings) = try rows(jobs: jobs, progress: progress)
        let columns = categories.map {
            LanguageMatrixSheet.Column(title: $0.displayName, subtitle: DocumentPreview.bodySizeLabel($0))
        }
        return (try LanguageMatrixSheet.compose(rows, columns: columns, heading: heading, typesetter: try Typesetter(fonts: fonts)),
                warnings)
    }

    /// The size the matrix has at least (its panels, gaps and margins, without labels): to check
    /// a picture's limits before anything is laid out.
    public var minimumSize: Size {
        LanguageMatrixSheet.minimumSize(rows: languages.count, columns: categories.count, cell: viewport)
    }

    /// A row's second label: the language's English name and, where it differs, its own
    /// ("German · Deutsch", "Hebrew · עברית"), a pseudolanguage's transform, or what a row
    /// without a language shows.
    public static func name(of tag: String?) -> String {
        guard let tag else { return "the document's own language" }
        if let pseudo = PseudoLanguage(tag: tag) {
            switch pseudo {
            case .double: return "pseudo: every string twice"
            case .accented: return "pseudo: accented"
            case .bounded: return "pseudo: bounded"
            case .rightToLeft: return "pseudo: right to left"
            }
        }
        // Foundation's names come from ICU's CLDR data; a tag it has no name for shows as itself.
        let english = Locale(identifier: "en").localizedString(forIdentifier: tag) ?? tag
        guard let own = Locale(identifier: tag).localizedString(forIdentifier: tag), !own.isEmpty, own != english, own != tag else {
            return english
        }
        return "\(english) · \(own)"
    }

    /// The file-name part for the languages `choice` names: the tag for one (`de`), `all`, or the
    /// tags joined by `+` (`de+fr+ja`), which no tag holds, so that two choices never share a name.
    public static func fileNamePart(_ choice: LanguageChoice) -> String {
        choice.isAll ? "all" : choice.tags.joined(separator: "+")
    }
}
