import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// The layout JSON carries its format's version (`LayoutReport.formatVersion`): first in a layout
/// on its own and in a golden, never in a layout nested in a document. Goldens recorded before
/// the version existed still read; a golden of a later version is refused by name.
@Suite struct LayoutJSONVersionTests {
    static func report() throws -> LayoutReport {
        let input = try Fixtures.input("welcome.md")
        return try LayoutReport(input.layout, input.content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                sizer: try Fixtures.sizer())
    }

    static let fonts = [LayoutReport.Golden.FontRecord(file: "Inter-Regular.otf", version: "Version 4.000")]

    @Test func aLayoutOnItsOwnStartsWithTheVersionAndANestedOneHasNone() throws {
        let report = try Self.report()
        #expect(report.jsonText().hasPrefix("{\n  \"version\": 1,\n  \"environment\": "))
        let nested = report.jsonText(indent: "    ", versioned: false)
        #expect(nested.hasPrefix("    {\n      \"environment\": "))
        #expect(!nested.contains("\"version\""))
        // Apart from the version line, the two texts are the same layout.
        #expect(report.jsonText().replacingOccurrences(of: "  \"version\": 1,\n", with: "")
                == report.jsonText(versioned: false))
    }

    @Test func aGoldenWritesTheVersionThenItsFontsAndReadsBack() throws {
        let golden = LayoutReport.Golden(report: try Self.report(), fonts: Self.fonts)
        let text = golden.jsonText()
        #expect(text.hasPrefix("{\n  \"version\": 1,\n  \"fonts\": [\n    {\"file\": \"Inter-Regular.otf\""))
        #expect(text.components(separatedBy: "\"version\": 1,").count == 2, "one version, at the top")
        let read = try LayoutReport.Golden.decode(Array(text.utf8), path: "g/welcome-l.json")
        #expect(read.report == golden.report)
        #expect(read.fonts == Self.fonts)
    }

    /// A golden recorded before the layout JSON had a version: the same format without the key.
    @Test func aGoldenWithoutAVersionStillReads() throws {
        let golden = LayoutReport.Golden(report: try Self.report(), fonts: Self.fonts)
        let old = golden.jsonText().replacingOccurrences(of: "  \"version\": 1,\n", with: "")
        #expect(old.hasPrefix("{\n  \"fonts\": ["))
        let read = try LayoutReport.Golden.decode(Array(old.utf8), path: "g/welcome-l.json")
        #expect(read.report == golden.report)
        #expect(read.fonts == Self.fonts)
    }

    /// A golden from a later reflow is refused as such, before its keys are read (a later format
    /// may have renamed any of them), with the version in the message.
    @Test func aGoldenOfALaterVersionIsRefusedByItsVersion() throws {
        let later = #"{"version": 2, "fonts": [], "layouts": "a shape version 1 never had"}"#
        #expect {
            try LayoutReport.Golden.decode(Array(later.utf8), path: "g/doc-l.json")
        } throws: { error in
            guard let error = error as? LayoutReport.Golden.ReadError else { return false }
            return error.newerVersion == 2
                && error.problem == "golden 'g/doc-l.json': it is layout JSON version 2, newer than the version this reflow reads (1)"
                && error.description.hasSuffix("; check it with the reflow that recorded it, or record it again with this one")
        }
        // Version 1 with the same bad shape is a layout JSON with a problem, said as before.
        let bad = later.replacingOccurrences(of: "\"version\": 2", with: "\"version\": 1")
        #expect {
            try LayoutReport.Golden.decode(Array(bad.utf8), path: "g/doc-l.json")
        } throws: { error in
            guard let error = error as? LayoutReport.Golden.ReadError else { return false }
            return error.newerVersion == nil && error.problem.hasPrefix("golden 'g/doc-l.json' is not a layout JSON: ")
        }
    }
}
