import Foundation
import Testing
import TextMetrics

/// The Dynamic Type table, its weights, the Text/Display switch, scaled metrics and the names of
/// the categories, all against Apple's published numbers (Goldens/dynamic-type.md).
@Suite struct DynamicTypeTableTests {
    struct Cell: Hashable, CustomStringConvertible {
        var style: String
        var category: String
        var pointSize: Double
        var leading: Double
        var description: String { "\(style) at \(category): \(pointSize)/\(leading)" }
    }

    /// Every cell of the golden Markdown table, in its order.
    static func goldenCells() throws -> [Cell] {
        let rows = try Support.golden("dynamic-type.md").split(separator: "\n")
            .filter { $0.hasPrefix("|") }
            .map { $0.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        guard let header = rows.first else { return [] }
        let categories = header.dropFirst().map { $0.replacingOccurrences(of: "*", with: "") }
        var cells: [Cell] = []
        for row in rows.dropFirst() where !row[0].hasPrefix("-") {
            for (category, value) in zip(categories, row.dropFirst()) {
                let numbers = value.split(separator: "/").compactMap { Double($0) }
                try #require(numbers.count == 2, "cell '\(value)' of \(row[0]) is not size/leading")
                cells.append(Cell(style: row[0], category: category, pointSize: numbers[0], leading: numbers[1]))
            }
        }
        return cells
    }

    @Test func goldenTableHasElevenStylesByTwelveCategories() throws {
        let cells = try Self.goldenCells()
        #expect(cells.count == 132)
        #expect(Set(cells.map(\.style)) == Set(TextStyle.allCases.map(\.rawValue)))
        #expect(Array(cells.prefix(12).map(\.category)) == ContentSizeCategory.allCases.map(\.displayName))
    }

    @Test func everyCellOfTheTableEqualsThePublishedNumbers() throws {
        let cells = try Self.goldenCells()
        var checked = 0
        for cell in cells {
            let style = try #require(TextStyle(name: cell.style), "unknown style \(cell.style)")
            let category = try #require(ContentSizeCategory.allCases.first { $0.displayName == cell.category },
                                        "unknown category \(cell.category)")
            let spec = DynamicType.spec(style, category)
            #expect(spec.pointSize == cell.pointSize, "\(cell): point size is \(spec.pointSize)")
            #expect(spec.leading == cell.leading, "\(cell): leading is \(spec.leading)")
            checked += 1
        }
        #expect(checked == 132)
    }

    @Test func bodyAtAX5IsAbout312TimesLargeAndLargeTitleOnly176() {
        let body = DynamicType.spec(.body, .accessibilityExtraExtraExtraLarge).pointSize / DynamicType.spec(.body, .large).pointSize
        #expect(abs(body - 3.12) < 0.01)
        let title = DynamicType.spec(.largeTitle, .accessibilityExtraExtraExtraLarge).pointSize
            / DynamicType.spec(.largeTitle, .large).pointSize
        #expect(abs(title - 1.76) < 0.01)
        #expect(DynamicType.spec(.body, .large) == DynamicType.spec(.body, .default))
    }

    @Test(arguments: TextStyle.allCases)
    func weightsHeadlineSemiboldOthersRegularEmphasizedBoldOrSemibold(_ style: TextStyle) {
        let plain: FontWeight = style == .headline ? .semibold : .regular
        let emphasized: FontWeight = [.largeTitle, .title1, .title2].contains(style) ? .bold : .semibold
        for category in ContentSizeCategory.allCases {
            #expect(DynamicType.spec(style, category).weight == plain, "\(style) at \(category)")
            #expect(DynamicType.spec(style, category, emphasized: true).weight == emphasized, "\(style) emphasized at \(category)")
            // Emphasis changes the weight only.
            #expect(DynamicType.spec(style, category, emphasized: true).pointSize == DynamicType.spec(style, category).pointSize)
            #expect(DynamicType.spec(style, category, emphasized: true).leading == DynamicType.spec(style, category).leading)
        }
        #expect(DynamicType.weight(of: style) == plain)
        #expect(DynamicType.weight(of: style, emphasized: true) == emphasized)
    }

    @Test func textCutBelow20PointsDisplayCutFrom20() {
        #expect(Typeface(pointSize: 19.99, weight: .regular).opticalSize == .text)
        #expect(Typeface(pointSize: 11, weight: .bold).opticalSize == .text)
        #expect(Typeface(pointSize: 20, weight: .regular).opticalSize == .display)
        #expect(Typeface(pointSize: 60, weight: .semibold, italic: true).opticalSize == .display)
        #expect(Typeface(pointSize: 19, weight: .regular).fileName == "Inter-Regular.otf")
        #expect(Typeface(pointSize: 20, weight: .regular).fileName == "InterDisplay-Regular.otf")
        #expect(Typeface(pointSize: 17, weight: .semibold, italic: true).fileName == "Inter-SemiBoldItalic.otf")
        #expect(Typeface(pointSize: 34, weight: .bold, italic: true).fileName == "InterDisplay-BoldItalic.otf")
        #expect(Typeface(pointSize: 12, weight: .regular, italic: true).fileName == "Inter-Italic.otf")
        // Through the table: title3 is 19 pt at M (Text) and 20 pt at L (Display).
        #expect(DynamicType.spec(.title3, .medium).typeface().opticalSize == .text)
        #expect(DynamicType.spec(.title3, .large).typeface().opticalSize == .display)
        #expect(DynamicType.spec(.body, .extraLarge).typeface().opticalSize == .text)
        #expect(DynamicType.spec(.body, .extraExtraLarge).typeface().opticalSize == .display)
    }

    @Test func everyFaceTheEngineMayAskForIsABundledFile() throws {
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: Support.fontsDirectory))
        #expect(Typeface.all.count == 12)
        for face in Typeface.all {
            #expect(files.contains(face.fileName), "\(face.fileName) is not in Fonts/")
        }
    }

    // MARK: FontMetrics

    @Test(arguments: TextStyle.allCases)
    func scaledValueFollowsTheStylesOwnRow(_ style: TextStyle) {
        let metrics = FontMetrics(forTextStyle: style)
        let atL = DynamicType.spec(style, .large).pointSize
        #expect(metrics.scaleFactor(for: .large) == 1)
        #expect(metrics.scaledValue(16, for: .large) == 16)
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let expected = 16 * DynamicType.spec(style, category).pointSize / atL
            let scaled = metrics.scaledValue(16, for: category)
            #expect(abs(scaled - expected) < 1e-9, "\(style) at \(category): \(scaled), expected \(expected)")
            #expect(scaled >= previous, "the curve never goes down (\(style) at \(category))")
            previous = scaled
        }
    }

    @Test func bodyScalesA16PointMarginTo13Point2AtXSAnd49Point9AtAX5() {
        let body = FontMetrics()
        #expect(abs(body.scaledValue(16, for: .extraSmall) - 16 * 14 / 17) < 1e-9)
        #expect(abs(body.scaledValue(16, for: .accessibilityExtraExtraExtraLarge) - 16 * 53 / 17) < 1e-9)
        #expect((body.scaledValue(16, for: .accessibilityExtraExtraExtraLarge) * 10).rounded() == 499)
        // The curve is per style: the same margin grows less with largeTitle.
        #expect(FontMetrics(forTextStyle: .largeTitle).scaledValue(16, for: .accessibilityExtraExtraExtraLarge)
                < body.scaledValue(16, for: .accessibilityExtraExtraExtraLarge))
    }

    @Test func maximumClampsScaledValuesAndFonts() {
        let body = FontMetrics(forTextStyle: .body)
        #expect(body.scaledValue(16, for: .accessibilityExtraExtraExtraLarge, maximum: 30) == 30)
        // Below the maximum nothing changes.
        #expect(body.scaledValue(16, for: .small, maximum: 30) == body.scaledValue(16, for: .small))

        let clamped = body.scaledSpec(for: .accessibilityExtraExtraExtraLarge, maximumPointSize: 28)
        #expect(clamped.pointSize == 28)
        // Leading shrinks in proportion: 62 × 28 / 53.
        #expect(abs(clamped.leading - 62.0 * 28 / 53) < 1e-9)
        #expect(clamped.weight == .regular)
        // A maximum above the size leaves the spec as published.
        #expect(body.scaledSpec(for: .large, maximumPointSize: 28) == DynamicType.spec(.body, .large))
        #expect(body.scaledSpec(for: .accessibilityExtraExtraExtraLarge) == DynamicType.spec(.body, .accessibilityExtraExtraExtraLarge))
        #expect(FontMetrics(forTextStyle: .headline).scaledSpec(for: .large, emphasized: true).weight == .semibold)
        #expect(FontMetrics(forTextStyle: .title1).scaledSpec(for: .large, emphasized: true).weight == .bold)
    }

    // MARK: Names

    @Test func categoriesParseFromShortAndLongNamesCaseInsensitively() {
        let short = ["xs", "s", "m", "l", "xl", "xxl", "xxxl", "ax1", "ax2", "ax3", "ax4", "ax5"]
        let long = ["extraSmall", "small", "medium", "large", "extraLarge", "extraExtraLarge", "extraExtraExtraLarge",
                    "accessibilityMedium", "accessibilityLarge", "accessibilityExtraLarge",
                    "accessibilityExtraExtraLarge", "accessibilityExtraExtraExtraLarge"]
        for (index, category) in ContentSizeCategory.allCases.enumerated() {
            #expect(ContentSizeCategory(name: short[index]) == category)
            #expect(ContentSizeCategory(name: short[index].uppercased()) == category)
            #expect(ContentSizeCategory(name: long[index]) == category)
            #expect(ContentSizeCategory(name: long[index].lowercased()) == category)
            #expect(ContentSizeCategory(name: long[index].uppercased()) == category)
            #expect(ContentSizeCategory(name: category.displayName) == category, "Apple's table name \(category.displayName)")
            #expect(category.shortName == short[index])
            #expect(category.longName == long[index])
        }
        #expect(ContentSizeCategory.validNames == short.joined(separator: " "))
    }

    @Test(arguments: ["", "xxxxl", "ax6", "ax0", "huge", "extra small", "default", "accessibility", "XXS"])
    func unknownCategoryNamesAreRejected(_ name: String) {
        #expect(ContentSizeCategory(name: name) == nil)
    }

    @Test func categoryDecodingRejectsUnknownNamesListingTheValidOnes() throws {
        let decoded = try JSONDecoder().decode([ContentSizeCategory].self, from: Data(#"["AX5", "extraLarge", "s"]"#.utf8))
        #expect(decoded == [.accessibilityExtraExtraExtraLarge, .extraLarge, .small])
        let encoded = String(decoding: try JSONEncoder().encode(decoded), as: UTF8.self)
        #expect(encoded == #"["ax5","xl","s"]"#)
        do {
            _ = try JSONDecoder().decode([ContentSizeCategory].self, from: Data(#"["ax9"]"#.utf8))
            Issue.record("ax9 decoded")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("ax9"))
            #expect(context.debugDescription.contains(ContentSizeCategory.validNames))
        }
    }

    @Test func accessibilityCategoriesAreAX1ThroughAX5() {
        #expect(ContentSizeCategory.allCases.filter(\.isAccessibilityCategory).map(\.shortName) == ["ax1", "ax2", "ax3", "ax4", "ax5"])
        #expect(ContentSizeCategory.allCases == ContentSizeCategory.allCases.sorted())
    }

    @Test func textStylesParseCaseInsensitively() {
        #expect(TextStyle(name: "largeTitle") == .largeTitle)
        #expect(TextStyle(name: "LARGETITLE") == .largeTitle)
        #expect(TextStyle(name: "caption2") == .caption2)
        #expect(TextStyle(name: "title4") == nil)
        #expect(TextStyle(name: "") == nil)
        #expect(TextStyle.allCases.count == 11)
        #expect(TextStyle.allCases.map(\.ordinal) == Array(0..<11), "a style's ordinal is its place in allCases")
    }
}
