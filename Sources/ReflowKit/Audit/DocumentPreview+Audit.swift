import Audit
import Reflow
import TextMetrics

extension DocumentPreview {
    /// Audits the document at `categories` in this preview's width and text settings and
    /// outlines each finding on the picture (`reflow-cli preview --audit`).
    public mutating func annotateFindings(categories: [ContentSizeCategory]) throws {
        var options = Auditor.Options()
        options.settings = settings
        (options.categories, options.widths) = (categories, [width])
        annotations = try Auditor(input: input, options: options, fontsDirectory: fonts.directory).run().annotations()
    }
}
