import ArgumentParser
import Preview
import Reflow
import ReflowKit
import SystemPackage
import TextMetrics

extension PreviewCommand {
    /// Draws the document at `file` in the languages `choice` names as one matrix (rows languages,
    /// columns sizes) into `output` (checked already), `jobs` languages at once; what it has to
    /// say goes to `say`.
    func drawMatrix(_ file: String, choice: LanguageChoice, plan: (files: PreviewFiles, width: Double), to output: OutputFile,
                    jobs: Int, progress: TerminalProgress?, say: (Said) -> Void) throws {
        // Read once (the screen and its catalogs), then made in each language.
        let localized = try reading.reader.localized(at: file)
        var languages: [LanguageMatrixPreview.Language] = []
        var warnings: [String] = []
        for tag in localized.languages(choice) {
            let input = try localized.input(in: tag)
            for warning in input.warnings(path: file) where !warnings.contains(warning) { warnings.append(warning) }
            languages.append(LanguageMatrixPreview.Language(tag: tag, input: input, settings: try reading.text.sweep(input)))
        }
        warnings.forEach { say(.warning($0)) }
        guard languages.contains(where: { $0.input.content.cellCount > 0 }) else {
            return say(.info("nothing to render: '\(file)' has no text; no file written"))
        }
        let fonts = try reading.fonts.library()
        var matrix = LanguageMatrixPreview(languages: languages, categories: plan.files.categories, viewport: plan.files.viewport!,
                                           position: plan.files.position, fontsDirectory: fonts.directory)
        (matrix.debug, matrix.annotatesFindings) = (debug, audit)
        let named = choice.isAll ? "all its languages" : choice.tags.joined(separator: ", ")
        let written: PreviewFiles.MatrixWritten
        do {
            written = try plan.files.writeMatrix(matrix, to: output, document: FilePath(file).lastComponent?.string ?? file,
                                                 languages: named, jobs: jobs, fonts: fonts, smallerScale: scale == nil ? 1 : nil,
                                                 progress: { progress?.update($0) })
        } catch let error as PreviewError {
            throw CommandLineError(commandLineMessage: Self.matrixMessage(error, rows: languages.count,
                                                                          columns: plan.files.categories.count))
        }
        progress?.finish()
        written.warnings.forEach { say(.warning($0)) }
        if written.scale != plan.files.scale, !reading.quiet {
            say(.info("the matrix of \(languages.count) languages × \(plan.files.categories.count) sizes is too large for one PNG at "
                + "--scale \(plan.files.scale): drawn at --scale \(written.scale)"))
        }
        if !reading.quiet { say(.info(written.said)) }
    }

    /// A matrix too large for one picture, in the command line's words: what to draw less of.
    static func matrixMessage(_ error: PreviewError, rows: Int, columns: Int) -> String {
        switch error {
        case .imageTooLarge, .imageSideTooLong:
            "the matrix of \(rows) languages × \(columns) sizes: \(error.problem); draw fewer languages (--lang de,fr) or sizes "
                + "(one --category), a smaller --viewport, or a smaller --scale"
        case .invalidScale, .png: error.description
        }
    }
}
