import Audit
import Foundation
import Reflow
import Testing
import TextMetrics
import TestSupport

/// Issue 38 row 11: the same problem in many elements is one finding with its count and places,
/// in the report and in its text, JSON and SARIF, not a finding per element.
@Suite struct FindingGroupTests {
    static let word = "Supercalifragilisticexpialidocious"

    /// A screen of five cells showing `word` and one showing another word too wide for its column.
    static func screen() -> String {
        let cells = Array(repeating: "{\"text\": \"\(word)\"}", count: 5) + ["{\"text\": \"Pneumonoultramicroscopicsilicovolcanoconiosis\"}"]
        return AuditTests.screen(height: "{\"estimated\": 44}", cells: cells.joined(separator: ", "))
    }

    @Test func aWordBrokenFiveTimesAtOneSizeIsOneFindingOfFivePlaces() throws {
        let report = try AuditTests.audit(Self.screen())
        let broken = AuditTests.findings(report, .wordBroken)
        let same = broken.filter { $0.message.hasPrefix("\"\(Self.word)\"") }
        try #require(same.count == 1, "one finding for the word at its size and width, not one per cell: \(broken.map(\.message))")
        let finding = same[0]
        #expect(finding.count == 5)
        #expect(finding.places.map(\.indexPath.item) == [0, 1, 2, 3, 4], "each cell once, in the document's order")
        #expect(finding.places.allSatisfy { $0.categories.first == finding.category })
        #expect(finding.severity == .warning, "the severity is the rule's, as before")
        // Another word is another finding, of one place.
        #expect(broken.count == 2 && broken.contains { $0.count == 1 && $0.indexPath.item == 5 }, "\(broken.map(\.message))")
        #expect(report.worst == .warning && report.fails(at: .warning) && !report.fails(at: .error))

        // Text: the count and the message once, then the places.
        let text = report.text(file: "x.json")
        #expect(text.contains("word-broken: 2 findings in 6 places"), "\(text)")
        let lines = text.split(separator: "\n")
        let line = try #require(lines.firstIndex { $0.contains("5 places: \"\(Self.word)\"") }, "\(text)")
        #expect(lines[line + 1].hasPrefix("          cell 0.0") && lines[line + 1].contains("cell 0.4"), "\(lines[line + 1])")

        // JSON: a count and every place; a finding of one element reads as before.
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.json(file: "x.json").utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let grouped = try #require(findings.first { ($0["message"] as? String)?.hasPrefix("\"\(Self.word)\"") == true })
        #expect(grouped["count"] as? Int == 5)
        let places = try #require(grouped["places"] as? [[String: Any]])
        #expect(places.compactMap { (($0["element"] as? [String: Any])?["indexPath"] as? [String: Any])?["item"] as? Int } == [0, 1, 2, 3, 4])
        let single = try #require(findings.first { ($0["message"] as? String)?.hasPrefix("\"Pneumono") == true })
        #expect(single["count"] == nil && single["places"] == nil)

        // SARIF: one result, located at the first place, the four others its related locations.
        let log = try #require(try JSONSerialization.jsonObject(with: Data(report.sarif(uri: "x.json", toolVersion: "1").utf8)) as? [String: Any])
        let results = try #require((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let wordResults = results.filter { ($0["message"] as? [String: Any])?["text"].map { "\($0)".contains(Self.word) } == true }
        try #require(wordResults.count == 1)
        #expect((wordResults[0]["locations"] as? [Any])?.count == 1)
        let related = try #require(wordResults[0]["relatedLocations"] as? [[String: Any]])
        #expect(related.compactMap { $0["id"] as? Int } == [1, 2, 3, 4])
        #expect(((wordResults[0]["properties"] as? [String: Any])?["count"] as? Int) == 5)
    }

    /// Sizes and widths stay apart: the word at 390 and at 320 pt are two findings, each of five places.
    @Test func eachWidthIsItsOwnFinding() throws {
        let report = try AuditTests.audit(Self.screen(), widths: [390, 320])
        let same = AuditTests.findings(report, .wordBroken).filter { $0.message.hasPrefix("\"\(Self.word)\"") }
        #expect(same.map(\.width).sorted() == [320, 390])
        #expect(same.allSatisfy { $0.count == 5 })
    }
}
