import Foundation
import Preview

/// A self-contained HTML report (`check --report`, `audit --format html`): one file a browser
/// opens with no server, its pictures inline as `data:` URIs, its style in the page. Its content
/// security policy allows no script, no request and no other origin, so nothing quoted from a
/// document can run or fetch, even where escaping were missed.
public struct HTMLPage: Sendable {
    public var title: String
    /// Extra CSS rules of the report, after the shared ones.
    public var style = ""
    /// The body's HTML, as appended.
    public private(set) var body = ""

    public init(title: String) { self.title = title }

    /// Appends markup written by the report itself. Anything from a document, a file name or a
    /// font goes through `escaped` first.
    public mutating func append(_ html: String) { body += html }

    /// `text` for HTML content and attribute values: `& < > "` as references, line breaks kept,
    /// other control characters dropped (`SVGRenderer.escaped` rules, which XML and HTML share).
    public static func escaped(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { SVGRenderer.escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// A PNG's bytes as a `data:` URI, for an `<img src>`.
    public static func dataURI(png: [UInt8]) -> String { "data:image/png;base64," + Data(png).base64EncodedString() }

    /// The whole page.
    public func rendered() -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; style-src 'unsafe-inline'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(Self.escaped(title))</title>
        <style>
        \(Self.sharedStyle)
        \(style)
        </style>
        </head>
        <body>
        \(body)
        </body>
        </html>

        """
    }

    /// Light and dark, system fonts, images never wider than the page.
    static let sharedStyle = """
        :root { color-scheme: light dark; --muted: #666; --line: #ccc; --bad: #c62828; --good: #2e7d32; --warn: #b26a00; }
        @media (prefers-color-scheme: dark) { :root { --muted: #aaa; --line: #444; --bad: #ef5350; --good: #66bb6a; --warn: #ffb74d; } }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px; max-width: 1400px; }
        h1 { font-size: 1.5em; margin: 0 0 .4em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1.05em; }
        table { border-collapse: collapse; } th, td { text-align: left; padding: 3px 10px 3px 0; border-bottom: 1px solid var(--line); vertical-align: top; }
        code, pre { font-family: ui-monospace, "SF Mono", Menlo, monospace; font-size: .92em; }
        img { max-width: 100%; height: auto; border: 1px solid var(--line); }
        figure { margin: 0; } figcaption { color: var(--muted); font-size: .9em; margin: .3em 0; }
        .muted { color: var(--muted); } .bad { color: var(--bad); } .good { color: var(--good); } .warn { color: var(--warn); }
        .side-by-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 16px; align-items: start; }
        """
}
