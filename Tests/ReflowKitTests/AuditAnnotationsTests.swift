import Audit
import Foundation
import Preview
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct AuditAnnotationsTests {
    /// One outline per element and size, naming every rule the element breaks there, in the
    /// colour of its worst finding.
    @Test func oneOutlinePerElementAndSizeNamingEveryRule() throws {
        var options = Auditor.Options()
        options.categories = [.large, .accessibilityExtraExtraExtraLarge]
        options.widths = [390]
        let report = try Auditor(input: try Fixtures.input("audit-demo.json"), options: options,
                                 fontsDirectory: try Fixtures.fonts().directory).run()
        try #require(!report.findings.isEmpty, "the demo screen has findings")
        let annotations = report.annotations()
        var outlines = 0
        for category in options.categories {
            let drawn = annotations[category] ?? []
            #expect(Set(drawn.map(\.frame)).count == drawn.count, "one outline per element at \(category.shortName)")
            for annotation in drawn {
                let findings = report.findings.filter { $0.frames[category] == annotation.frame }
                #expect(Set(annotation.label.components(separatedBy: ", ")) == Set(findings.map(\.rule.rawValue)))
                let worst = findings.map(\.severity).max()!
                let expected = switch worst {
                case .error: Color(hex: 0xE5484D)
                case .warning: Color(hex: 0xF76B15)
                case .info: Color(hex: 0x0090FF)
                }
                #expect(annotation.color == expected)
            }
            outlines += drawn.count
        }
        let framed = Set(report.findings.flatMap { finding in
            finding.frames.filter { $0.value.width > 0 || $0.value.height > 0 }.map { "\($0.key.shortName) \($0.value)" }
        })
        #expect(outlines == framed.count, "every element with an area is outlined, once")
    }
}
