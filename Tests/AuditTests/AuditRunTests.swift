import Audit
import Foundation
import Reflow
import Testing
import TestSupport

/// One report for several documents (`AuditRun`): every document's findings, as its own report
/// has them, in each format; a document that could not be audited reported and failing the run
/// without hiding the others.
@Suite struct AuditRunTests {
    /// A screen whose one cell is 40 pt wide and grows with its text (touch-target warnings, and
    /// no more than warnings), and one whose cell is 20 pt tall (touch-target errors).
    static let warns = AuditTests.screen(width: "{\"absolute\": 40}", height: "{\"estimated\": 44}",
                                         cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}")
    static let errs = AuditTests.screen(height: "{\"absolute\": 20}", cells: "{\"text\": \"Tap\", \"style\": \"caption2\"}")

    static func run(threshold: AuditSeverity? = .error) throws -> (AuditRun, AuditReport, AuditReport) {
        let (first, second) = (try AuditTests.audit(warns), try AuditTests.audit(errs))
        try #require(first.worst == .warning && second.worst == .error)
        let run = AuditRun(documents: [
            .init(path: "a/warns.json", outcome: .success(first)),
            .init(path: "b/missing.json", outcome: .failure(.init(message: "'b/missing.json' does not exist"))),
            .init(path: "c/errs.json", outcome: .success(second)),
        ], threshold: threshold)
        return (run, first, second)
    }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func aDocumentThatCouldNotBeAuditedFailsTheRunWithoutHidingTheOthers() throws {
        let (run, _, _) = try Self.run()
        #expect(run.unreadable.map(\.path) == ["b/missing.json"])
        #expect(run.failing.map(\.path) == ["c/errs.json"], "warnings do not fail at error")
        #expect(run.fails)
        let (never, _, _) = try Self.run(threshold: nil)
        #expect(never.failing.isEmpty)
        #expect(never.fails, "an unreadable document fails the run whatever the threshold")
        let readable = AuditRun(documents: [run.documents[0]], threshold: .error)
        #expect(!readable.fails)
        #expect(AuditRun(documents: [run.documents[0]], threshold: .warning).fails)
    }

    @Test func textIsEachDocumentsReportThenTheRunsLine() throws {
        let (run, first, second) = try Self.run()
        let text = run.text()
        #expect(text.contains(first.text(file: "a/warns.json")))
        #expect(text.contains(second.text(file: "c/errs.json")))
        #expect(text.contains("b/missing.json: could not be audited: 'b/missing.json' does not exist"))
        let errors = first.count(.error) + second.count(.error), warnings = first.count(.warning) + second.count(.warning)
        #expect(text.hasSuffix("3 documents (1 could not be audited): \(errors) errors, \(warnings) warnings, 0 info; "
            + "1 has a finding at or above error\n"), "\(text)")
    }

    /// Each document's object is its one-file JSON (with its path), so a script reads one shape.
    @Test func jsonHoldsEachDocumentsOneFileObject() throws {
        let (run, first, second) = try Self.run()
        let object = try Self.object(run.json())
        let documents = try #require(object["documents"] as? [[String: Any]])
        #expect(documents.count == 3)
        for (document, report, path) in [(documents[0], first, "a/warns.json"), (documents[2], second, "c/errs.json")] {
            #expect(NSDictionary(dictionary: document).isEqual(to: try Self.object(report.json(file: path))))
        }
        #expect(documents[1]["file"] as? String == "b/missing.json")
        #expect(documents[1]["error"] as? String == "'b/missing.json' does not exist")
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["documents"] as? Int == 3 && summary["unreadable"] as? Int == 1 && summary["failing"] as? Int == 1)
        #expect(summary["failOn"] as? String == "error")
        #expect(summary["errors"] as? Int == first.count(.error) + second.count(.error))
        let empty = try Self.object(AuditRun(documents: [], threshold: nil).json())
        #expect((empty["documents"] as? [Any])?.isEmpty == true)
        #expect((empty["summary"] as? [String: Any])?["failOn"] as? String == "never")
    }

    /// One run, an artifact per document, each result in its own document's artifact, and the
    /// document that could not be audited as a failed invocation's notification.
    @Test func sarifIsOneRunWithAnArtifactPerDocument() throws {
        let (run, first, second) = try Self.run()
        let log = try Self.object(run.sarif(toolVersion: "1.0"))
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let artifacts = try #require(runs[0]["artifacts"] as? [[String: Any]])
        #expect(artifacts.compactMap { ($0["location"] as? [String: Any])?["uri"] as? String }
            == ["a/warns.json", "b/missing.json", "c/errs.json"])
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == first.findings.count + second.findings.count)
        let indices = results.compactMap { result -> Int? in
            let location = (result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
            return (location?["artifactLocation"] as? [String: Any])?["index"] as? Int
        }
        #expect(indices == Array(repeating: 0, count: first.findings.count) + Array(repeating: 2, count: second.findings.count))
        let invocation = try #require((runs[0]["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notification = try #require((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        #expect((notification["message"] as? [String: Any])?["text"] as? String == "'b/missing.json' does not exist")

        // One document's SARIF reads as it did before there were runs of several: no invocations.
        let alone = try Self.object(AuditRun(documents: [run.documents[0]], threshold: .error).sarif(toolVersion: "1.0"))
        #expect(NSDictionary(dictionary: alone).isEqual(to: try Self.object(first.sarif(uri: "a/warns.json", toolVersion: "1.0"))))
    }
}
