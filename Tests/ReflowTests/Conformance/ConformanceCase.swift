import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// One row of the layout conformance table: a layout and the content it places, read from a
/// bundled example. A new layout joins every check of `LayoutConformanceTests` by adding a row
/// to `all`.
struct ConformanceCase: Sendable, CustomStringConvertible, CustomTestStringConvertible {
    /// The kind of layout ("list", "flow", "words", "table", "compositional").
    let kind: String
    /// The bundled example it lays out.
    let example: String
    /// For an example that is wider than a narrow container on purpose: the container width below
    /// which its content may run past the container's trailing edge, and why.
    let overflow: (belowWidth: Double, reason: String)?
    private let read: @Sendable () throws -> (layout: any CollectionLayout, content: CollectionContent)

    init(_ kind: String, _ example: String, overflow: (belowWidth: Double, reason: String)? = nil,
         read: @escaping @Sendable () throws -> (layout: any CollectionLayout, content: CollectionContent)) {
        self.kind = kind
        self.example = example
        self.overflow = overflow
        self.read = read
    }

    /// A document of Examples made into `cells` and placed by `layout`, as the commands read it.
    static func document(_ kind: String, _ example: String, cells: CellMode = .blocks,
                         layout: LayoutInput.DocumentLayout = .list) -> ConformanceCase {
        ConformanceCase(kind, example) {
            let input = try Fixtures.input(example, cells: cells, layout: layout)
            return (input.layout, input.content)
        }
    }

    /// A screen file of Examples with its compositional layout.
    static func screen(_ example: String, overflow: (belowWidth: Double, reason: String)? = nil) -> ConformanceCase {
        ConformanceCase("compositional", example, overflow: overflow) {
            let input = try Fixtures.input(example)
            return (input.layout, input.content)
        }
    }

    /// Every layout kind on real documents. Add a row and every check runs on it.
    static let all: [ConformanceCase] = [
        // One cell per block, one column.
        .document("list", "welcome.md"),
        .document("list", "article.txt"),
        .document("list", "declaration-of-independence.en.txt"),
        // Arabic, Hebrew, Japanese, Devanagari and emoji through the fallback chain.
        .document("list", "world.md"),
        // Block cells as wide as their text, in lines.
        .document("flow", "welcome.md", layout: .flow),
        // One cell per word, one section per block.
        .document("words", "welcome.md", cells: .words, layout: .flow),
        .document("words", "world.md", cells: .words, layout: .flow),
        // Article 1 in nineteen scripts, plain text.
        .document("words", "udhr-article1.txt", cells: .words, layout: .flow),
        // Markdown tables, placed by the list with the table rule (columns, or cards at large sizes).
        .document("table", "tables.md"),
        // An orthogonal band (group paging, centred), a grid that drops columns, a list, backgrounds.
        .screen("store.json"),
        // Pinned headers, badges over their items, footers, backgrounds, leading images.
        .screen("settings.json"),
        // Variants per category, a continuous band of self-sized widths.
        .screen("grid.json"),
        // Breaks the rules on purpose (the README says so): cells of absolute heights under 44 pt
        // (reported as warnings, not errors), and a banner of an absolute 350 pt at a 16 pt inset.
        .screen("audit-demo.json",
                overflow: (366, "its banner is an absolute 350 pt at a 16 pt inset: the audit's horizontal-scroll finding")),
    ]

    var description: String { "\(kind) · \(example)" }
    var testDescription: String { description }

    /// The layout and its content, read anew (each test case reads its own).
    func subject() throws -> (layout: any CollectionLayout, content: CollectionContent) { try read() }

    /// Widths: the narrowest WCAG reflow width, an iPhone 15 in portrait, an iPad in portrait.
    static let widths = [320.0, 390, 768]
    /// The smallest, the default, the largest before the accessibility sizes (where grids keep
    /// columns) and the largest text size.
    static let categories: [ContentSizeCategory] = [.extraSmall, .large, .extraExtraExtraLarge,
                                                    .accessibilityExtraExtraExtraLarge]

    static func environment(width: Double, category: ContentSizeCategory,
                            direction: LayoutDirection = .leftToRight) -> LayoutEnvironment {
        LayoutEnvironment(containerWidth: width, containerHeight: LayoutEnvironment.defaultContainerHeight, category: category,
                          layoutDirection: direction)
    }

    /// Every (width, category) the checks run at.
    static var environments: [LayoutEnvironment] {
        widths.flatMap { width in categories.map { environment(width: width, category: $0) } }
    }
}

extension LayoutEnvironment {
    /// "390 pt, AX5, rightToLeft" for failure messages.
    var label: String {
        "\(Int(containerWidth)) pt, \(category.shortName)" + (layoutDirection == .rightToLeft ? ", right to left" : "")
    }
}
