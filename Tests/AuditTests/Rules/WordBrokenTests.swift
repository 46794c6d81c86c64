import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `word-broken`: a word broken between letters because it is wider than its column; with
/// hyphenation on, only a word with no hyphenation point, as information.
@Suite struct WordBrokenTests {
    @Test func aWordWiderThanItsColumnIsBroken() throws {
        let word = "Supercalifragilisticexpialidocious"
        let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(word)\"}"))
        let finding = try #require(AuditTests.findings(report, .wordBroken).first)
        #expect(finding.severity == .warning)
        // The first size where the word, set in body at that size, is wider than the cell's text column.
        let sizer = try Fixtures.sizer()
        let insets = EdgeInsets(top: 10, leading: 12, bottom: 10, trailing: 12)
        let first = try ContentSizeCategory.allCases.first { category in
            let column = 390 - insets.scaled(by: FontMetrics(forTextStyle: .body).scaleFactor(for: category)).horizontal
            return try sizer.typesetter.advance(of: StyledText(word), style: .body, category: category) > column
        }
        #expect(finding.category == first)
        let short = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"short words only\"}"))
        #expect(AuditTests.findings(short, .wordBroken).isEmpty)
        // Hyphenated (English patterns), the word ends its lines with hyphens: nothing is broken.
        let hyphenated = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(word)\"}"),
                                        text: TextSettings(hyphenation: true))
        #expect(AuditTests.findings(hyphenated, .wordBroken).isEmpty)
        // A "word" with no hyphenation point at all is still broken, reported as information.
        let digits = String(repeating: "7", count: 60)
        let unbreakable = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 44}", cells: "{\"text\": \"\(digits)\"}"),
                                         text: TextSettings(hyphenation: true))
        #expect(AuditTests.findings(unbreakable, .wordBroken).first?.severity == .info)
    }
}
