import ArgumentParser
import Audit
import Foundation
import Preview
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

/// The command people type: `reflow-cli doc.md --category xxxl` renders the document as a phone
/// screen at that text size and writes `doc-xxxl.png` beside it.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Render a document at a text size as a phone screen: PNG, SVG or the layout JSON (the default command).",
        discussion: """
            `reflow-cli FILE --category xxxl` writes FILE-xxxl.png beside the file (or -o PATH): the document \
            laid out in self-sizing cells for the container width at that text size, drawn on a white screen \
            with the bundled Inter fonts. --category all draws the twelve sizes side by side on one contact \
            sheet (FILE-all.png). --viewport WxH --offset Y draws one screen: only the cells on it are measured \
            (lazily, as a collection view does; the rows above keep estimated heights), so a long document \
            renders a screen about as fast as a short one. --debug overlays cell frames, text frames, \
            baselines, the 44 pt minimum and, for a viewport, which rows were measured.

            Long documents: a PNG page taller than 16,384 px is written in numbered parts, FILE-CATEGORY-001.png, \
            FILE-CATEGORY-002.png, …, each at most 16,384 px tall and cut between cells, and the command says so. \
            With -o PATH the page is one file as long as a PNG can hold it (at most 1,000,000 px a side, 1 GiB of \
            pixels); taller, it is an error unless --parts asks for parts named after PATH (PATH-001.png, …).
            """)

    @Argument(help: "The document to render: CommonMark (.md, .markdown) or plain text.")
    var file: String

    @Option(help: ArgumentHelp(
        "Content-size category (xs s m l xl xxl xxxl ax1 … ax5, or a long name), or 'all' for a contact sheet of all twelve.",
        valueName: "category"))
    var category: CategoryChoice = .one(.large)

    @Option(name: .shortAndLong, help: ArgumentHelp(
        "Write to this one file (default: FILE-CATEGORY.png beside the document, in numbered parts when taller than 16,384 px); written whole or not at all.",
        valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp(
        "png, svg or json (the layout JSON); default: from the -o extension, else png.", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Container (screen) width in points (default 390, or the --viewport width).", valueName: "pt"))
    var width: Double?

    @Option(help: ArgumentHelp(
        "Draw one screen of this size in points, e.g. 390x844, measuring only the cells on it.", valueName: "WxH"))
    var viewport: String?

    @Option(help: ArgumentHelp(
        "With --viewport: the scroll position in points (rows above it keep estimated heights).", valueName: "pt"))
    var offset: Double?

    @Option(help: ArgumentHelp("Device pixels per point for PNG: 1, 2, 3 or 4.", valueName: "n"))
    var scale: Int = 2

    @Flag(help: ArgumentHelp(
        "With -o: write a PNG page taller than 16,384 px as numbered parts named after the -o path (PATH-001.png, …). Without -o a tall page is always written in parts."))
    var parts = false

    @Flag(help: "Overlay cell frames, text frames, baselines, the 44 pt minimum and (with --viewport) measured vs estimated rows.")
    var debug = false

    @Flag(help: "Audit the document at the size(s) drawn and outline each finding on the picture with its rule's name (see 'reflow-cli audit').")
    var audit = false

    @Flag(help: "No progress on stderr.")
    var quiet = false

    @OptionGroup var input: InputOptions
    @OptionGroup var text: TextOptions
    @OptionGroup var fonts: FontOptions

    func validate() throws {
        _ = try Plan(self)
    }

    func run() throws {
        try reportingErrors {
            let plan = try Plan(self)
            // Checked before any work: a wrong -o fails at once and never replaces the input.
            let output = try OutputFile(path: plan.files.path, protecting: [file])
            let loaded = try input.layoutInput(at: file)
            guard loaded.content.cellCount > 0 else {
                Console.info("nothing to render: '\(file)' has no text; no file written")
                return
            }
            let progress = TerminalProgress(label: "rendering", quiet: quiet)
            defer { progress.finish() }
            let sweep = try text.sweep(loaded)
            var preview = DocumentPreview(input: loaded, fonts: try fonts.library(), width: plan.width,
                                          text: sweep.text, layoutDirection: sweep.layoutDirection)
            preview.debug = debug
            if audit, plan.files.format != .json {
                var options = Auditor.Options()
                (options.text, options.layoutDirection) = sweep
                (options.categories, options.widths) = (plan.files.categories, [plan.width])
                preview.annotations = try Auditor(input: loaded, options: options, fontsDirectory: preview.fonts.directory).run()
                    .annotations()
            }
            let written: String
            do {
                written = try plan.files.write(preview, to: output, document: FilePath(file).lastComponent?.string ?? file,
                                               announce: { if !quiet { Console.info($0) } }, progress: { progress.update($0) })
            } catch let error as PreviewFiles.TooLarge {
                throw UserError("the page is \(error.width) x \(error.height) px, more than one PNG can hold (\(error.limit)); "
                    + "add --parts to write it in numbered parts named after -o, drop -o to write the parts beside the document, "
                    + "or draw one screen with --viewport")
            }
            progress.finish()
            if !quiet { Console.info(written) }
        }
    }

    /// The options checked and resolved before any work, so bad input fails at once with one
    /// line and exit status 64.
    struct Plan {
        let files: PreviewFiles
        let width: Double

        init(_ command: PreviewCommand) throws {
            let outputExtension = command.output.map { (FilePath($0).extension ?? "").lowercased() }
            var format = PreviewFiles.Format.png
            if let name = command.format {
                guard let named = PreviewFiles.Format(rawValue: name.lowercased()) else {
                    throw ValidationError("unknown format '\(name)'; use png, svg or json")
                }
                format = named
            } else if let outputExtension, !outputExtension.isEmpty {
                guard let named = PreviewFiles.Format(rawValue: outputExtension) else {
                    throw ValidationError("cannot tell the format from '.\(outputExtension)'; give --format png, svg or json")
                }
                format = named
            }
            guard PNGRenderer.scales.contains(command.scale) else {
                throw ValidationError("--scale must be 1, 2, 3 or 4 (device pixels per point), got \(command.scale)")
            }
            var viewport: Size?
            if let text = command.viewport {
                let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]), w.isFinite, h.isFinite, w > 0, h > 0 else {
                    throw ValidationError("--viewport must be WIDTHxHEIGHT in points, e.g. 390x844, got '\(text)'")
                }
                try requireAtMost(w, "--viewport's width")
                try requireAtMost(h, "--viewport's height")
                if let width = command.width, width != w {
                    throw ValidationError("--width \(Limits.describe(width)) and --viewport \(text) disagree; give one width")
                }
                viewport = Size(width: w, height: h)
            } else if command.offset != nil {
                throw ValidationError("--offset needs --viewport (the screen it scrolls)")
            }
            width = viewport?.width ?? command.width ?? LayoutEnvironment.defaultContainerWidth
            try requirePositive(width, "--width")
            let offset = command.offset ?? 0
            guard offset.isFinite, offset >= 0 else {
                throw ValidationError("--offset must be 0 or more points, got \(Limits.describe(offset))")
            }
            try requireAtMost(offset, "--offset")
            if format == .json, viewport != nil {
                throw ValidationError("--viewport crops an image; --format json writes the whole layout (drop --viewport)")
            }
            let categories = command.category.categories
            var isSheet = false
            if case .all = command.category { isSheet = true }
            if command.parts, format != .png || viewport != nil || isSheet {
                throw ValidationError("--parts cuts one text size's whole page into PNG parts; it does not go with --viewport, --category all or --format \(format.rawValue)")
            }
            let file = FilePath(command.file)
            let name = "\(file.stem ?? file.lastComponent?.string ?? "document")-\(isSheet ? "all" : categories[0].shortName).\(format.rawValue)"
            var files = PreviewFiles(format: format, categories: categories, isSheet: isSheet,
                                     path: command.output ?? file.removingLastComponent().appending(name).string)
            (files.viewport, files.offset, files.scale) = (viewport, offset, command.scale)
            files.allowsParts = command.output == nil || command.parts
            files.protecting = [command.file]
            self.files = files
        }
    }
}
