import Foundation
import ReflowKit
import TextMetrics
import Testing
import TestSupport

@Suite struct FontReportTests {
    @Test func thePrimaryFacesComeFirstAndTheTextNumbersEveryFace() throws {
        let report = try FontReport(library: try Fixtures.fonts())
        #expect(report.entries.prefix(2).map(\.family) == ["Inter", "Inter Display"])
        #expect(report.entries[0].installed && report.entries[0].scripts.contains("Latin"))
        let text = report.text()
        #expect(text.hasPrefix("1. Inter Regular [primary (below 20 pt)]\n"))
        #expect(text.components(separatedBy: "\n").filter { $0.first?.isNumber == true }.count == report.entries.count)
        #expect(report.missingCount == report.entries.filter { !$0.installed }.count)
        #expect((report.missingWarning == nil) == (report.missingCount == 0))
        #expect(report.missingWarning?.hasPrefix("\(report.missingCount) font file(s) of the chain are not installed") ?? true)
        let decoded = try JSONSerialization.jsonObject(with: Data(try report.json().utf8)) as? [[String: Any]]
        #expect(decoded?.count == report.entries.count)
    }

    @Test func boldListsTheBoldFaces() throws {
        let report = try FontReport(library: try Fixtures.fonts(), bold: true)
        #expect(report.entries[0].style == "Bold")
    }
}

@Suite struct TypeTableTests {
    /// Every style at every size, resolved to a face file, as the Dynamic Type table says.
    @Test func everyStyleAtEverySizeWithItsFace() throws {
        let table = try TypeTable(library: try Fixtures.fonts())
        #expect(table.entries.count == TextStyle.allCases.count * ContentSizeCategory.allCases.count)
        let body = try #require(table.entries.first { $0.style == "body" && $0.category == "l" })
        #expect(body.pointSize == 17 && body.leading == 22 && body.face == "Inter-Regular.otf")
        let text = table.text()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("style       xS     S      M      L"))
        #expect(lines.contains { $0.hasPrefix("body        14/19  15/20  16/21  17/22") })
        let decoded = try JSONSerialization.jsonObject(with: Data(try table.json().utf8)) as? [[String: Any]]
        #expect(decoded?.count == table.entries.count)
    }
}
