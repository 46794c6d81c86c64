import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `content-clipped`: an image that reaches outside its element's frame is cut, a warning; text
/// is `text-clipped`'s (a Settings row's icon cut while its title is whole: `TextClippedTests`).
@Suite struct ContentClippedTests {
    /// A photo taller than its fixed-height card is cut: `content-clipped`, a warning; the
    /// card's one line of text fits, so no `text-clipped`. In a card tall enough, neither.
    @Test func anImageTallerThanItsCellIsContentClipped() throws {
        let cells = "{\"stack\": [{\"text\": \"Lisbon\", \"style\": \"headline\"}, "
            + "{\"image\": {\"width\": 120, \"height\": 120, \"accessibilityLabel\": \"Tram on a hill\"}}]}"
        let short = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 100}", cells: cells))
        let finding = try #require(AuditTests.findings(short, .contentClipped).first)
        #expect(finding.severity == .warning)
        #expect(finding.category == .extraSmall, "120 pt does not fit in 100 at any size")
        #expect(finding.message.contains("below the bottom"), "\(finding.message)")
        #expect(AuditTests.findings(short, .textClipped).filter { $0.categories.contains(.large) }.isEmpty,
                "the headline is above the image, inside the card")
        let tall = try AuditTests.audit(AuditTests.screen(height: "{\"absolute\": 400}", cells: cells))
        #expect(AuditTests.findings(tall, .contentClipped).isEmpty)
    }
}
