import NIOHTTP1

/// Who the server answers: requests addressed to this machine by name or loopback address, from
/// the page itself or from a program, never from another site's page in the local browser.
/// Checked by `HTTPHandler` on every request before its path is looked at; a refused request is
/// answered 403 with one line of plain text that says what was refused and what is served.
///
/// - **Host** (against DNS rebinding: a page of `attacker.example` whose name is made to resolve
///   to 127.0.0.1 reaches the server with `Host: attacker.example`): served only when the Host's
///   name is `localhost`, `127.0.0.1` or `[::1]` (any port, so a forwarded port works too), or
///   the address the server was asked to listen on (`--host`) when it is another one. A request
///   without a Host is refused in HTTP/1.1 (which requires one; HTTP/1.0 may leave it out), and
///   so is one with more than one Host, or a Host that is not a name with an optional port.
/// - **Origin** (a page of another origin that calls `fetch` or opens `/events`): a request that
///   has one is served only when it is the server's own: `http://`, a served Host name, and the
///   port of the request's Host or of the server (none for port 80). The page's own requests and
///   those of curl and scripts send none, and pass.
/// - **Sec-Fetch-Site** (what the browser says of a request's initiator, sent also where Origin is
///   not: an `<img>` or `<script>` of another site): `cross-site` is refused.
struct RequestGuard: Sendable {
    /// The names served whatever address the server listens on, as they are written in a Host.
    static let loopbackNames = ["localhost", "127.0.0.1", "[::1]"]
    /// The longest part of a refused header quoted back in a refusal.
    static let quotedLength = 100

    /// The names served (lowercased, an IPv6 address in brackets): `loopbackNames` and the
    /// address listened on.
    let names: [String]
    /// The name of the server's own origin in a refusal: the address listened on.
    let ownName: String

    /// A refusal: what a client is told, with status 403.
    struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Serves `loopbackNames` and `host`, the address (or name) the server listens on.
    init(listeningOn host: String) {
        var names = Self.loopbackNames
        let own = Self.hostName(host)
        if !own.isEmpty, !names.contains(own) { names.append(own) }
        self.names = names
        ownName = own.isEmpty || own == "localhost" ? "127.0.0.1" : own
    }

    /// The names served, for a message: `localhost, 127.0.0.1 and [::1] (any port)`.
    var listed: String {
        let names = self.names
        return names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1] + " (any port)"
    }

    /// Why `head` is refused, or nil when it is served. `port` is the port the request came in on.
    func refusal(of head: HTTPRequestHead, port: Int?) -> Refusal? {
        let hosts = head.headers["Host"]
        guard hosts.count <= 1 else {
            return Refusal(message: "a request with \(hosts.count) Host headers is not served: give one, one of \(listed)")
        }
        guard let host = hosts.first else {
            if head.version.major == 1, head.version.minor == 0 { return originRefusal(of: head, requestPort: nil, port: port) }
            return Refusal(message: "a request without a Host header is not served (HTTP/1.1 requires one): "
                + "this server answers \(listed)")
        }
        guard let authority = Self.authority(host), names.contains(authority.name) else {
            return Refusal(message: "the Host \(Self.quoted(host)) is not served: this server answers \(listed)")
        }
        return originRefusal(of: head, requestPort: authority.port ?? 80, port: port)
    }

    /// The Origin and Sec-Fetch-Site checks of a request whose Host is served (at `requestPort`).
    private func originRefusal(of head: HTTPRequestHead, requestPort: Int?, port: Int?) -> Refusal? {
        let own = "http://\(ownName)" + (port.map { ":\($0)" } ?? "")
        for origin in head.headers["Origin"] {
            guard isOwn(origin: origin, requestPort: requestPort, port: port) else {
                return Refusal(message: "a request from another origin (Origin: \(Self.quoted(origin))) is not served: "
                    + "only this server's own page (\(own)) and programs that send no Origin are")
            }
        }
        if head.headers["Sec-Fetch-Site"].contains(where: { $0.lowercased() == "cross-site" }) {
            return Refusal(message: "a request from another site's page (Sec-Fetch-Site: cross-site) is not served: "
                + "open \(own)/ itself")
        }
        return nil
    }

    /// Whether `origin` is the server's own: `http://NAME[:PORT]` with a served name and the port
    /// of the request or of the server (80 when it has none).
    private func isOwn(origin: String, requestPort: Int?, port: Int?) -> Bool {
        let scheme = "http://"
        guard origin.count > scheme.count, origin.lowercased().hasPrefix(scheme),
              let authority = Self.authority(String(origin.dropFirst(scheme.count))), names.contains(authority.name)
        else { return false }
        let originPort = authority.port ?? 80
        return originPort == port || originPort == requestPort
    }

    /// A Host's (or an origin's) name and port: `NAME` or `NAME:PORT`, the name lowercased, an IPv6
    /// address in brackets (`[::1]:8080`); nil for anything else (a path, user information, a
    /// bare IPv6 address, a port that is not a number).
    static func authority(_ text: String) -> (name: String, port: Int?)? {
        let text = Substring(text)
        let name: Substring, rest: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = text[...close]
            rest = text[text.index(after: close)...]
        } else if let colon = text.firstIndex(of: ":") {
            name = text[..<colon]
            rest = text[colon...]
        } else {
            name = text
            rest = ""
        }
        guard !name.isEmpty, !name.contains(where: { "/?#@\\ \t".contains($0) }) else { return nil }
        if rest.isEmpty { return (name.lowercased(), nil) }
        let digits = rest.dropFirst()
        guard rest.first == ":", digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        if digits.isEmpty { return (name.lowercased(), nil) }  // `localhost:` is `localhost`
        guard let port = Int(digits), port <= 65_535 else { return nil }
        return (name.lowercased(), port)
    }

    /// An address or name as a Host writes it: lowercased, an IPv6 address in brackets.
    static func hostName(_ host: String) -> String {
        let lowered = host.lowercased()
        return lowered.contains(":") && !lowered.hasPrefix("[") ? "[\(lowered)]" : lowered
    }

    /// A header's value quoted back to the client: printable ASCII only (anything else `?`), at
    /// most `quotedLength` characters, in quotes.
    static func quoted(_ value: String) -> String {
        let printable = value.unicodeScalars.prefix(quotedLength + 1).map { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? Character($0) : "?" }
        let text = String(printable.prefix(quotedLength)) + (printable.count > quotedLength ? "…" : "")
        return "'\(text)'"
    }
}
