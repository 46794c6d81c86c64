import NIOHTTP1

/// What the server makes of one request from its head alone, before any work is queued: who sent
/// it (`RequestGuard`, 403), its method (405), its path (`Route`, 404), its query's size (414) and
/// parameters (`Query` and the configuration's `parameters`, 400). Everything here is bounded by
/// the head's size (NIO reads at most 80 KiB of it) and linear in it; it runs on the event loop.
/// Public so that the fuzz target over request parsing drives exactly what the server runs.
public struct RequestReading: Sendable {
    /// What to do with a request.
    public enum Decision: Sendable {
        /// Answer at once with `status` and `text` (a line for a person) and `headers`.
        case refuse(status: HTTPResponseStatus, text: String, headers: [Header])
        /// The page, `/info.json`, the event stream: answered on the event loop.
        case page, info, events
        /// A picture, layout or audit of the document with `parameters`: work for a render thread.
        case render(Route, ScreenParameters)
    }

    /// A response header.
    public typealias Header = (name: String, value: String)

    let requestGuard: RequestGuard
    let parameters: @Sendable (Query) throws -> ScreenParameters
    let describe: @Sendable (any Error) -> String
    let redaction: PathRedaction

    /// Reading for a server listening on `host`, serving the document at `documentPath` (whose
    /// folders are kept out of messages), with `parameters` reading a query as the preview's
    /// options and `describe` wording their errors.
    public init(listeningOn host: String, documentPath: String, parameters: @escaping @Sendable (Query) throws -> ScreenParameters,
                describe: @escaping @Sendable (any Error) -> String = { "\($0)" }) {
        self.init(requestGuard: RequestGuard(listeningOn: host), parameters: parameters, describe: describe,
                  redaction: PathRedaction(documentPath: documentPath))
    }

    init(requestGuard: RequestGuard, parameters: @escaping @Sendable (Query) throws -> ScreenParameters,
         describe: @escaping @Sendable (any Error) -> String, redaction: PathRedaction) {
        self.requestGuard = requestGuard
        self.parameters = parameters
        self.describe = describe
        self.redaction = redaction
    }

    /// What to do with `head`, which came in on `port`.
    public func decide(_ head: HTTPRequestHead, port: Int?) -> Decision {
        if let refusal = requestGuard.refusal(of: head, port: port) {
            return .refuse(status: .forbidden, text: refusal.message, headers: [])
        }
        guard head.method == .GET || head.method == .HEAD else {
            return .refuse(status: .methodNotAllowed, text: "\(head.method) is not answered here: only GET and HEAD",
                           headers: [("Allow", "GET, HEAD")])
        }
        guard let (route, queryText) = Route.match(head.uri) else {
            return .refuse(status: .notFound, text: "not found: this server answers \(Route.listed) and nothing else", headers: [])
        }
        // Bounded before any parsing: a query is read in one pass of at most 8 KiB, and at most
        // `Query.maximumItems` parameters reach the parser of `parameters`.
        guard queryText.utf8.count <= Query.maximumLength else {
            return .refuse(status: .uriTooLong, text: Query.tooLongMessage(length: queryText.utf8.count), headers: [])
        }
        switch route {
        case .page: return .page
        case .info: return .info
        case .events: return .events
        case .png, .svg, .layout, .audit:
            do {
                // The page's order is the server's own parameter, not one of the preview's options.
                var (order, query) = try Query(parsing: queryText).takingOrder()
                let within = try Self.within(taking: &query)
                var read = try parameters(query)
                read.order = order
                if let within {
                    guard case .anchor(.item) = read.position else {
                        throw BadRequest("within=\(within) goes with at=item:SECTION.ITEM (the anchor a screen's X-Reflow-Anchor names): "
                            + "give both, or offset=Y alone")
                    }
                    read.within = within
                }
                return .render(route, read)
            } catch {
                let message = (error as? BadRequest)?.message ?? describe(error)
                return .refuse(status: .badRequest, text: redaction(message, knownFoldersOnly: true), headers: [])
            }
        }
    }

    /// The `within` of `query` (the page's own parameter, not an option of the command line), taken
    /// out of it: a number of points from -1e9 to 1e9 (below 0 when the screen's top is above the
    /// anchor's unit, as at the page's top, above its inset).
    static func within(taking query: inout Query) throws(BadRequest) -> Double? {
        guard let text = query.value("within") else { return nil }
        query.items.removeAll { $0.name == "within" }
        guard let value = Double(text), value.isFinite, abs(value) <= 1e9 else {
            throw BadRequest("within must be a number of points from -1e9 to 1e9 (how far the screen's top is below the anchor's), "
                + "got '\(text.prefix(100))'")
        }
        return value
    }
}
