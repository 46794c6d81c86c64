import Foundation
import Testing

/// Markdown tables and source lines through the commands: `layout` writes table cells, cards and
/// each cell's `sourceLine`; `audit` names the Markdown line of a finding; `preview` draws.
@Suite struct MarkdownTableCommandTests {
    static let tables = CLI.repository.appendingPathComponent("Examples/tables.md").path

    @Test func layoutWritesColumnsAtLAndCardsAtAX5WithSourceLines() throws {
        let columns = try CLI.run(["layout", Self.tables, "--category", "l", "--quiet"])
        #expect(columns.status == 0, "\(columns)")
        // The first table's header row (line 7) in columns at L.
        #expect(columns.output.contains("\"cell\": \"tableHeader\", \"style\": \"headline\""), "\(columns.output)")
        #expect(columns.output.contains("\"text\": \"Category\", \"sourceLine\": 7"), "\(columns.output)")
        let cards = try CLI.run(["layout", Self.tables, "--category", "ax5", "--quiet"])
        #expect(cards.status == 0, "\(cards)")
        #expect(!cards.output.contains("tableHeader"))
        #expect(cards.output.contains("\"cell\": \"tableRow\""))
        // The row `| AX5 | 53 pt | 60 pt |` is line 13; its card's first line (what the report shows) is "Category: AX5".
        #expect(cards.output.contains("\"text\": \"Category: AX5\", \"sourceLine\": 13"), "\(cards.output)")
    }

    @Test func auditNamesTheMarkdownLineOfAFinding() throws {
        let result = try CLI.run(["audit", Self.tables, "--quiet", "--category", "ax5", "--width", "320", "--fail-on", "never"])
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("(line "), "\(result.output)")
        let clean = try CLI.run(["audit", Self.tables, "--quiet"])
        #expect(clean.status == 0 && clean.output.contains(" 0 errors,"), "the example audits clean at --fail-on error: \(clean.output)")
    }

    @Test func aDocumentWithTablesPreviewsAsPNGAndSVG() throws {
        let folder = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (category, format) in [("l", "png"), ("ax5", "svg")] {
            let output = folder.appendingPathComponent("tables-\(category).\(format)").path
            let result = try CLI.run(["preview", Self.tables, "--category", category, "-o", output])
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty || !result.stderr.contains("error"), "\(result.stderr)")
            #expect(((try? FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? 0) > 1_000)
        }
    }
}
