import Audit
import SystemPackage

/// The formats an audit's report is written in (`reflow-cli audit --format`): the text, JSON and
/// SARIF the findings are written as (`AuditReport.Format`), and the HTML page that draws each
/// of them on its screen (`AuditHTMLReport`, which needs the documents' layouts).
public enum AuditReportFormat: String, CaseIterable, Sendable {
    case text, json, sarif, html

    /// The format `explicit` names if given, else the one `path`'s extension names (`.json`,
    /// `.sarif`, `.html` or `.htm`, in any case), else text: a report named `audit.log` or
    /// `report.txt` is text, as it was before the extension was read.
    public static func resolve(_ explicit: AuditReportFormat?, path: String?) -> AuditReportFormat {
        if let explicit { return explicit }
        switch path.flatMap({ FilePath($0).extension?.lowercased() }) {
        case "json": return .json
        case "sarif": return .sarif
        case "html", "htm": return .html
        default: return .text
        }
    }

    /// The findings' own format for text, JSON and SARIF; nil for the HTML page.
    public var findingsFormat: AuditReport.Format? {
        switch self {
        case .text: .text
        case .json: .json
        case .sarif: .sarif
        case .html: nil
        }
    }
}
