import Reflow
import TextMetrics

/// `image-alt`: an image without a text alternative (WCAG 1.1.1), a warning. What a cell's
/// images say does not change with the size, so it is read from the content once, before any
/// layout (`unlabelledImages(in:)`, handed to each layout in `Auditor.LayoutContext`), and
/// reported where the cell is laid out; the same at every width (`AuditRule.dependsOnWidth`).
enum ImageAltRule: ElementRule {
    static let rule = AuditRule.imageAlt

    static func check(_ element: LayoutAttributes, in context: Auditor.LayoutContext) -> [Problem] {
        guard element.role == .cell, let message = context.unlabelledImages[element.indexPath] else { return [] }
        return [Problem(.warning, message, subject: message)]
    }

    /// `image-alt`, read from the content once (a text alternative does not change with the
    /// size): each cell with an image that has none, WCAG 1.1.1's non-text content. A document's
    /// picture needs alt text unless it is marked decorative (`Picture.isDecorative`: HTML's
    /// `alt=""`, `role="presentation"`); a screen's image needs an `accessibilityLabel` (empty
    /// marks it decorative). Lazy sections are read in blocks, as a layout reads them.
    static func unlabelledImages(in content: CollectionContent) throws -> [IndexPath: String] {
        var found: [IndexPath: String] = [:]
        for (sectionIndex, section) in content.sections.enumerated() {
            var start = 0
            while start < section.cellCount {
                let end = min(section.cellCount, start + 4_096)
                for (offset, cell) in try section.cells(start..<end).enumerated() {
                    if let message = unlabelledImages(in: cell) { found[IndexPath(item: start + offset, section: sectionIndex)] = message }
                }
                start = end
            }
        }
        return found
    }

    /// What `cell`'s images without a text alternative are, nil when it has none.
    static func unlabelledImages(in cell: Cell) -> String? {
        var pictures: [String] = [], images = 0
        for element in cell.elements {
            switch element {
            case .picture(let picture) where !picture.isDecorative && picture.alt.allSatisfy(\.isWhitespace):
                pictures.append("\"\(picture.source.prefix(80))\"")
            case .image(let image) where image.accessibilityLabel == nil:
                images += 1
            default: continue
            }
        }
        if !pictures.isEmpty {
            return "the image\(pictures.count == 1 ? "" : "s") \(pictures.joined(separator: ", ")) \(pictures.count == 1 ? "has" : "have") "
                + "no alt text: a screen reader announces \(pictures.count == 1 ? "it" : "them") by file name or not at all "
                + "(alt=\"\" marks an image decorative)"
        }
        if images > 0 {
            return "\(images == 1 ? "its image has" : "\(images) of its images have") no accessibilityLabel: VoiceOver has nothing "
                + "to say for \(images == 1 ? "it" : "them") (\"accessibilityLabel\": \"\" marks an image decorative)"
        }
        return nil
    }
}
