import ArgumentParser
import Reflow
import Readers
import ReflowKit
import TextMetrics

extension LayoutCommand {
    /// Writes the document's layouts in each language `choice` names (a list, or `all`) as one
    /// JSON document: its "layouts" hold every language × size, language by language and then size
    /// by size, each environment naming its language. With a viewport, one screen's report per
    /// language and size, all made before anything is written; else each language's sizes laid out
    /// on worker threads and written as they come.
    func writeLanguages(_ choice: LanguageChoice, to sink: LayoutReport.Document.Sink, progress: TerminalProgress) throws {
        let reading = document.reading
        // Read once (the screen and its catalogs), then made in each language.
        let localized = try reading.reader.localized(at: document.file, format: format, cells: placement.cells, layout: placement.layout)
        let tags = localized.languages(choice)
        var said: Set<String> = []
        let json = LayoutReport.Document(document: document.name, format: localized.format, cells: placement.cells,
                                         layout: localized.format == .screen ? "compositional" : placement.layout.rawValue)
        let fonts = try document.fonts.library()
        let (width, viewport, position) = try resolvedScreen()
        let share = 1 / Double(max(1, tags.count))
        var reports: [String] = []
        let written = Locked(false)
        if viewport == nil { try sink.write(json.head) }
        for (index, tag) in tags.enumerated() {
            let input = try localized.input(in: tag)
            for warning in input.warnings(path: document.file) where said.insert(warning).inserted { Console.warning(warning) }
            let settings = try document.text.sweep(input)
            let done = Double(index) * share
            if let viewport {
                // No height cache: a screen of each language is measured from the page's top, as a first run is.
                let preview = DocumentPreview(input: input, fonts: fonts, width: width, settings: settings)
                let sizer = CellSizer(typesetter: try Typesetter(fonts: fonts))
                let plans = preview.screenPlans()
                for size in category.categories {
                    reports.append(try preview.screenReport(category: size, viewport: viewport, at: position, sizer: sizer,
                                                            plans: plans).jsonText(indent: "    ", versioned: false))
                }
                progress.update(done + share)
                continue
            }
            try input.readAllCells()
            let sizers = SweepSizers(fontsDirectory: fonts.directory, content: input.content)
            try CategorySweep.forEach(
                categories: category.categories, containerWidth: width, settings: settings,
                makeSizer: { try sizers.make() },
                produce: { environment, sizer in
                    // `jsonText`'s bytes, written as the layout goes, as a run in one language writes them.
                    try LayoutReport.jsonBuffer(input.layout, input.content, in: environment, sizer: sizer, indent: "    ", versioned: false)
                },
                deliver: { _, bytes in
                    let first = written.withLock { first in defer { first = true }; return !first }
                    if !first { try sink.write(",\n") }
                    try sink.write(bytes)
                },
                progress: { progress.update(done + share * $0) })
        }
        try sink.write(viewport == nil ? LayoutReport.Document.tail : json.text(layouts: reports))
    }
}
