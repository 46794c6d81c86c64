import Reflow

/// The audits of one run over several documents (`reflow-cli audit a.md docs/`): each
/// document's report, or why it could not be audited, in the run's order, written as one report
/// for all. A document that could not be read fails the run without hiding the others.
///
/// A run that names one file keeps that file's own report (`AuditReport.rendered`); the shapes
/// here are those of a run over several documents or a folder, whatever number it found:
/// - text: each document's report as for one file, named by its path, then one line for the run;
/// - JSON: `{"documents": [...], "summary": {...}}`, each document the object of a one-file
///   report with `file` its path, or `{"file": PATH, "error": MESSAGE}`;
/// - SARIF: one run with an artifact per document and each result located in its artifact; a
///   document that could not be audited is a notification of a failed invocation.
public struct AuditRun: Sendable {
    /// One document of the run: its path as found, and its report or why there is none.
    public struct Document: Sendable {
        public var path: String
        public var outcome: Result<AuditReport, Failure>

        public init(path: String, outcome: Result<AuditReport, Failure>) {
            self.path = path
            self.outcome = outcome
        }

        /// The report; nil when the document could not be audited.
        public var report: AuditReport? { try? outcome.get() }
        /// Why the document could not be audited; nil when it was.
        public var failure: Failure? {
            guard case .failure(let failure) = outcome else { return nil }
            return failure
        }
    }

    /// Why a document could not be audited (it could not be read, its fonts not found, …), in
    /// words a person acts on.
    public struct Failure: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public init(message: String) { self.message = message }
        public var description: String { message }
    }

    public var documents: [Document]
    /// The least severity that fails a document (`--fail-on`); nil: findings never fail it.
    public var threshold: AuditSeverity?

    public init(documents: [Document], threshold: AuditSeverity?) {
        self.documents = documents
        self.threshold = threshold
    }

    /// The documents that could not be audited.
    public var unreadable: [Document] { documents.filter { $0.failure != nil } }
    /// The audited documents with a finding at or above the threshold.
    public var failing: [Document] { documents.filter { $0.report?.fails(at: threshold) == true } }
    /// Whether the run fails: a document failing the threshold, or one that could not be audited.
    public var fails: Bool { !failing.isEmpty || !unreadable.isEmpty }

    /// Listed findings of `severity` in every document.
    public func count(_ severity: AuditSeverity) -> Int { documents.reduce(0) { $0 + ($1.report?.count(severity) ?? 0) } }

    /// The run's report in `format`.
    public func rendered(_ format: AuditReport.Format, toolVersion: String = "1.0") -> String {
        switch format {
        case .text: text()
        case .json: json()
        case .sarif: sarif(toolVersion: toolVersion)
        }
    }

    /// `3 documents (1 could not be audited): 13 errors, 21 warnings, 0 info; 1 has a finding at or above error`.
    public var summary: String {
        let audited = documents.count - unreadable.count
        var line = "\(documents.count) document\(documents.count == 1 ? "" : "s")"
        if !unreadable.isEmpty { line += " (\(unreadable.count) could not be audited)" }
        line += ": \(count(.error)) error\(count(.error) == 1 ? "" : "s"), \(count(.warning)) warning\(count(.warning) == 1 ? "" : "s"), "
        line += "\(count(.info)) info"
        if let threshold, audited > 0 {
            line += failing.isEmpty ? "; none has a finding at or above \(threshold.rawValue)"
                : "; \(failing.count) \(failing.count == 1 ? "has" : "have") a finding at or above \(threshold.rawValue)"
        }
        return line
    }

    /// Each document's text report (`AuditReport.text(file:)`, named by its path), a line for
    /// each that could not be audited, then `summary`; documents separated by a blank line.
    public func text() -> String {
        var parts = documents.map { document in
            switch document.outcome {
            case .success(let report): report.text(file: document.path)
            case .failure(let failure): TerminalText.escaped("\(document.path): could not be audited: \(failure.message)") + "\n"
            }
        }
        parts.append(summary + "\n")
        return parts.joined(separator: "\n")
    }

    /// `{"documents": [...], "summary": {...}}`: each document as its one-file JSON (`file` its
    /// path), or `{"file": PATH, "error": MESSAGE}`; the summary counts documents, those that could
    /// not be audited and those at or above the threshold (`failOn`, or "never"), and the listed
    /// findings of each severity.
    public func json() -> String {
        var out = "{\n  \"documents\": ["
        for (index, document) in documents.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            switch document.outcome {
            case .success(let report):
                // A one-file report, moved in by two levels: JSON strings hold no raw line feed.
                var object = report.json(file: document.path)
                if object.hasSuffix("\n") { object.removeLast() }
                out += object.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
            case .failure(let failure):
                out += "    {\"file\": \(JSONText.string(document.path)), \"error\": \(JSONText.string(failure.message))}"
            }
        }
        out += documents.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"summary\": {\"documents\": \(documents.count), \"unreadable\": \(unreadable.count), \"failing\": \(failing.count), "
        out += "\"failOn\": \(JSONText.string(threshold?.rawValue ?? "never")), "
        out += "\"errors\": \(count(.error)), \"warnings\": \(count(.warning)), \"info\": \(count(.info))}\n}\n"
        return out
    }

    /// One SARIF 2.1.0 run over every document (see `AuditReport.sarif(uri:toolVersion:)`): an
    /// artifact per document by its path, each finding located in its document's artifact, and
    /// each document that could not be audited as a notification of a failed invocation.
    public func sarif(toolVersion: String) -> String {
        var reports: [(artifact: Int, report: AuditReport)] = []
        var failures: [(artifact: Int, message: String)] = []
        for (index, document) in documents.enumerated() {
            switch document.outcome {
            case .success(let report): reports.append((index, report))
            case .failure(let failure): failures.append((index, failure.message))
            }
        }
        return AuditReport.sarif(artifacts: documents.map(\.path), reports: reports, failures: failures, toolVersion: toolVersion)
    }
}
