import Audit
import Foundation
import Reflow
import Readers
import Testing
import TextMetrics
import TestSupport

/// `image-alt` (WCAG 1.1.1): an image without a text alternative is a warning; an image marked
/// decorative (HTML's `alt=""`, an ARIA presentation role, a screen image's empty
/// `accessibilityLabel`) needs none. A missing alt attribute is not an empty one.
@Suite struct ImageAltTests {
    static func audit(markdown: String) throws -> AuditReport {
        var options = Auditor.Options()
        options.widths = [390, 320]
        return try Auditor(input: try LayoutInput(bytes: Array(markdown.utf8), format: .commonMark), options: options,
                           makeSizer: { try Fixtures.sizer() }).run()
    }

    @Test func documentImagesWithoutAltTextAreFoundByLine() throws {
        let markdown = """
            ![](no-description.png)

            ![A tram on a hill](described.png)

            <img src="no-alt-attribute.png">

            <p><img src="empty-alt.png" alt=""></p>

            <p><img src="presentation.png" role="presentation"></p>

            <p><img src="hidden.png" aria-hidden="true"></p>

            <p><img src="alt.png" alt="A map of Lisbon"></p>

            """
        let report = try Self.audit(markdown: markdown)
        let findings = AuditTests.findings(report, .imageAlt)
        #expect(findings.compactMap(\.source?.line).sorted() == [1, 5], "\(findings.map(\.message))")
        #expect(findings.allSatisfy { $0.severity == .warning && $0.width == 390 })
        #expect(findings.first { $0.source?.line == 1 }?.message.contains("\"no-description.png\" has no alt text") == true)
        #expect(findings.first { $0.source?.line == 5 }?.message.contains("no-alt-attribute.png") == true)
        #expect(!report.fails(at: .error))
    }

    @Test func screenImagesNeedAnAccessibilityLabelOrAnEmptyOne() throws {
        func image(_ label: String?) -> String {
            "{\"stack\": [{\"image\": {\"width\": 40, \"height\": 40" + (label.map { ", \"accessibilityLabel\": \"\($0)\"" } ?? "")
                + "}}, {\"text\": \"Photo\"}]}"
        }
        let report = try AuditTests.audit(AuditTests.screen(height: "{\"estimated\": 60}",
                                                            cells: [image(nil), image(""), image("Sunset over the sea")].joined(separator: ", ")),
                                          widths: [390, 320])
        let findings = AuditTests.findings(report, .imageAlt)
        #expect(findings.map(\.indexPath) == [IndexPath(item: 0, section: 0)])
        #expect(findings.first?.message.contains("no accessibilityLabel") == true)
        #expect(findings.first?.source?.jsonPath == "sections[0].cells[0]")
        // A label that is not a string is a mistake in the file, named by its path.
        #expect(throws: ScreenFileError.self) {
            try LayoutInput(bytes: Array(AuditTests.screen(height: "{\"estimated\": 60}",
                                                           cells: "{\"stack\": [{\"image\": {\"width\": 4, \"height\": 4, \"accessibilityLabel\": 3}}]}").utf8),
                            format: .screen)
        }
    }

    /// The bundled screens label their images or mark them decorative.
    @Test(arguments: ["settings.json", "store.json", "grid.json", "audit-demo.json"])
    func theBundledScreensHaveNoImageWithoutAlternative(_ name: String) throws {
        var options = Auditor.Options()
        options.categories = [.large]
        options.widths = [390]
        let report = try Auditor(input: try Fixtures.input(name), options: options, makeSizer: { try Fixtures.sizer() }).run()
        #expect(AuditTests.findings(report, .imageAlt).isEmpty)
    }
}
