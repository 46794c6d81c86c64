/// The paths the server answers. A path is matched exactly, as sent (before any decoding), against
/// this list; nothing is ever looked up on the disk, so `/../../etc/passwd` and its encodings are
/// simply paths that are not here (404). `/reorder` (`EditSession`) is the one path a `POST` goes to.
public enum Route: String, CaseIterable, Sendable {
    /// The live page.
    case page = "/"
    /// One screen or the whole page as PNG.
    case png = "/render.png"
    /// The same as SVG.
    case svg = "/render.svg"
    /// The layout JSON, as `reflow-cli layout` prints it.
    case layout = "/layout.json"
    /// The audit's findings at one size and width, as `reflow-cli audit --format json` prints them.
    case audit = "/audit.json"
    /// The document's name, version, and the problem of its last reading, for the page.
    case info = "/info.json"
    /// Server-sent events: `changed` each time the document is read again.
    case events = "/events"

    /// The route of the request target `target` (path and query), and its query (after the `?`,
    /// empty without one); nil for a path that is none of the routes.
    public static func match(_ target: String) -> (route: Route, query: Substring)? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard let route = Route(rawValue: String(parts[0])) else { return nil }
        return (route, parts.count > 1 ? parts[1] : "")
    }

    /// Whether a request to this route is drawn on a render thread (a picture, a layout, an
    /// audit): its parameters are read there too, never on the event loop.
    public var isDrawn: Bool {
        switch self {
        case .png, .svg, .layout, .audit: true
        case .page, .info, .events: false
        }
    }

    /// The paths, for the message of a 404: the routes above, and `POST /reorder`.
    public static var listed: String { allCases.map(\.rawValue).joined(separator: ", ") + ", POST \(reorder)" }

    /// The path of a reorder (`EditSession`): `POST` only, with a JSON body, answered by the
    /// edit session (not by `RequestReading`, which answers GET and HEAD).
    public static let reorder = EditSession.route

    /// Whether the request target `target` is the reorder's path (with any query, which is ignored).
    public static func isReorder(_ target: String) -> Bool {
        target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0] == reorder
    }
}
