import Foundation
import NIOHTTP1
import Testing
import TestSupport
@testable import PreviewServer

/// Issue 36 row 4: a page of another site in the local browser reads nothing. DNS rebinding
/// (`Host: attacker.example` on 127.0.0.1) and cross-origin requests are 403 with one line that
/// says why; localhost, 127.0.0.1 and [::1] at any port, the `--host` given, the page's own
/// requests and curl's are served; no answer names an absolute path of the machine.
@Suite(.serialized) struct RequestGuardTests {
    // MARK: The rules, without a server

    static func head(_ headers: [(String, String)], version: HTTPVersion = .http1_1) -> HTTPRequestHead {
        HTTPRequestHead(version: version, method: .GET, uri: "/", headers: HTTPHeaders(headers))
    }

    @Test(arguments: ["localhost", "localhost:8080", "LocalHost:1", "127.0.0.1", "127.0.0.1:8080", "[::1]", "[::1]:8080",
                      "localhost:"])
    func loopbackNamesAtAnyPortAreServed(_ host: String) {
        #expect(RequestGuard(listeningOn: "127.0.0.1").refusal(of: Self.head([("Host", host)]), port: 8080) == nil)
    }

    @Test(arguments: ["attacker.example", "attacker.example:8080", "127.0.0.2:8080", "localhost.", "localhost.attacker.example",
                      "::1", "[::1", "127.0.0.1:80a", "127.0.0.1:99999", "user@127.0.0.1", "127.0.0.1/x", "", "0.0.0.0:8080"])
    func otherHostsAreRefused(_ host: String) throws {
        let refusal = try #require(RequestGuard(listeningOn: "127.0.0.1").refusal(of: Self.head([("Host", host)]), port: 8080))
        #expect(refusal.message == "the Host '\(host)' is not served: this server answers localhost, 127.0.0.1 and [::1] (any port)")
    }

    @Test func theAddressGivenIsServedToo() {
        let lan = RequestGuard(listeningOn: "192.168.1.20")
        #expect(lan.refusal(of: Self.head([("Host", "192.168.1.20:8080")]), port: 8080) == nil)
        #expect(lan.refusal(of: Self.head([("Host", "localhost:8080")]), port: 8080) == nil)
        #expect(lan.refusal(of: Self.head([("Host", "192.168.1.21:8080")]), port: 8080)?.message
            == "the Host '192.168.1.21:8080' is not served: this server answers localhost, 127.0.0.1, [::1] and 192.168.1.20 (any port)")
        let v6 = RequestGuard(listeningOn: "FE80::1")
        #expect(v6.names == ["localhost", "127.0.0.1", "[::1]", "[fe80::1]"])
        #expect(v6.refusal(of: Self.head([("Host", "[fe80::1]:8080")]), port: 8080) == nil)
        #expect(RequestGuard(listeningOn: "localhost").names == RequestGuard.loopbackNames)
        #expect(RequestGuard(listeningOn: "::1").names == RequestGuard.loopbackNames)
    }

    @Test func aMissingHostIsRefusedInHTTP11Only() {
        let guarded = RequestGuard(listeningOn: "127.0.0.1")
        #expect(guarded.refusal(of: Self.head([]), port: 8080)?.message
            == "a request without a Host header is not served (HTTP/1.1 requires one): this server answers localhost, 127.0.0.1 and [::1] (any port)")
        #expect(guarded.refusal(of: Self.head([], version: .http1_0), port: 8080) == nil)
        #expect(guarded.refusal(of: Self.head([("Host", "localhost"), ("Host", "attacker.example")]), port: 8080) != nil)
    }

    @Test func anOriginMustBeTheServersOwn() {
        let guarded = RequestGuard(listeningOn: "127.0.0.1")
        func refused(_ origin: String, host: String = "127.0.0.1:8080") -> Bool {
            guarded.refusal(of: Self.head([("Host", host), ("Origin", origin)]), port: 8080) != nil
        }
        for own in ["http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "HTTP://LOCALHOST:8080"] {
            #expect(!refused(own), "\(own)")
        }
        // A forwarded port: the origin is the request's own (its Host's port).
        #expect(!refused("http://localhost:9000", host: "localhost:9000"))
        #expect(!refused("http://localhost", host: "localhost"))
        for other in ["http://attacker.example", "http://attacker.example:8080", "null", "https://127.0.0.1:8080",
                      "http://127.0.0.1:3000", "http://localhost", "http://127.0.0.1:8080/", "http://127.0.0.1:8080.attacker.example",
                      "file://", "http://user@127.0.0.1:8080", ""] {
            #expect(refused(other), "\(other)")
        }
        #expect(guarded.refusal(of: Self.head([("Host", "127.0.0.1:8080"), ("Origin", "http://attacker.example")]), port: 8080)?.message
            == "a request from another origin (Origin: 'http://attacker.example') is not served: only this server's own page "
            + "(http://127.0.0.1:8080) and programs that send no Origin are")
    }

    @Test func crossSiteFetchesAreRefused() {
        let guarded = RequestGuard(listeningOn: "127.0.0.1")
        func refusal(_ site: String) -> RequestGuard.Refusal? {
            guarded.refusal(of: Self.head([("Host", "127.0.0.1:8080"), ("Sec-Fetch-Site", site)]), port: 8080)
        }
        #expect(refusal("cross-site")?.message
            == "a request from another site's page (Sec-Fetch-Site: cross-site) is not served: open http://127.0.0.1:8080/ itself")
        #expect(refusal("Cross-Site") != nil)
        for site in ["same-origin", "same-site", "none"] { #expect(refusal(site) == nil, "\(site)") }
    }

    @Test func aRefusedValueIsQuotedAsOneShortLine() {
        #expect(RequestGuard.quoted("a\u{7}b\u{e9}") == "'a?b?'")
        #expect(RequestGuard.quoted(String(repeating: "x", count: 500)) == "'" + String(repeating: "x", count: 100) + "…'")
    }

    // MARK: Over a connection

    /// Every route, refused for a foreign Host (the document's text never sent), served for ours.
    @Test func dnsRebindingGets403OnEveryRoute() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let port = running.port
        for target in ["/", "/info.json", "/events", "/render.png?category=ax5", "/render.svg", "/layout.json", "/audit.json",
                       "/nowhere"] {
            let answer = try RawHTTP.get(target, port: port, headers: ["Host: attacker.example:\(port)"])
            #expect(answer.status == 403, "\(target): \(answer)")
            #expect(answer.headers["content-type"] == "text/plain; charset=utf-8")
            #expect(answer.text == "the Host 'attacker.example:\(port)' is not served: this server answers localhost, 127.0.0.1 and [::1] (any port)\n",
                    "\(target)")
            #expect(!answer.text.contains("Welcome"))
        }
        for host in ["localhost:\(port)", "127.0.0.1:\(port)", "[::1]:\(port)", "LOCALHOST", "localhost:1"] {
            let answer = try RawHTTP.get("/info.json", port: port, headers: ["Host: \(host)"])
            #expect(answer.status == 200, "\(host): \(answer)")
        }
        let missing = try RawHTTP.get("/", port: port, headers: [])
        #expect(missing.status == 403)
        #expect(missing.text.hasPrefix("a request without a Host header is not served"))
        #expect(try RawHTTP.get("/info.json", port: port, version: "HTTP/1.0", headers: []).status == 200)
        let two = try RawHTTP.get("/info.json", port: port, headers: ["Host: localhost", "Host: attacker.example"])
        #expect(two.status == 403)
        // A HEAD is refused the same way, without a body.
        let head = try RawHTTP.exchange(Array("HEAD / HTTP/1.1\r\nHost: attacker.example\r\nConnection: close\r\n\r\n".utf8), port: port)
        #expect(head.status == 403)
    }

    @Test func crossOriginRequestsGet403AndThePagesOwnPass() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let port = running.port, host = "Host: 127.0.0.1:\(port)"
        for headers in [["Origin: http://attacker.example"], ["Origin: null"], ["Origin: http://localhost:\(port + 1)"],
                        ["Sec-Fetch-Site: cross-site"], ["Origin: http://127.0.0.1:\(port)", "Sec-Fetch-Site: cross-site"]] {
            for target in ["/info.json", "/render.png", "/events"] {
                let answer = try RawHTTP.get(target, port: port, headers: [host] + headers)
                #expect(answer.status == 403, "\(headers) \(target): \(answer)")
                #expect(answer.text.split(separator: "\n").count == 1)
            }
        }
        for headers in [[], ["Origin: http://127.0.0.1:\(port)"], ["Origin: http://localhost:\(port)"],
                        ["Sec-Fetch-Site: same-origin", "Sec-Fetch-Mode: cors"], ["Sec-Fetch-Site: none"]] {
            let answer = try RawHTTP.get("/render.png?category=ax5", port: port, headers: [host] + headers)
            #expect(answer.status == 200, "\(headers): \(answer)")
        }
        // What the tests' own client sends (a Host of 127.0.0.1:PORT, no Origin) passes.
        #expect(try running.get("/").status == 200)
    }

    /// The address the server was started on, when it is another loopback address, is served too.
    @Test func theHostGivenIsServed() throws {
        let running = try PreviewServerTests.Running { $0.host = "127.0.0.2" }
        defer { running.stop() }
        let port = running.port
        #expect(try RawHTTP.get("/info.json", port: port, address: "127.0.0.2", headers: ["Host: 127.0.0.2:\(port)"]).status == 200)
        #expect(try RawHTTP.get("/info.json", port: port, address: "127.0.0.2", headers: ["Host: localhost:\(port)"]).status == 200)
        let other = try RawHTTP.get("/info.json", port: port, address: "127.0.0.2", headers: ["Host: 127.0.0.3:\(port)"])
        #expect(other.status == 403)
        #expect(other.text.hasSuffix("this server answers localhost, 127.0.0.1, [::1] and 127.0.0.2 (any port)\n"))
    }

    /// A document whose reading warns (an invalid byte, a missing image), read from an absolute
    /// path: the answers name it and its image relative to its folder, never by the machine's paths.
    @Test func noAnswerNamesAnAbsolutePath() throws {
        var text = Data("# Notes\n\nA paragraph with a bad byte: ".utf8)
        text.append(0xFF)
        text.append(contentsOf: Data("\n\n![a chart](images/missing.png)\n\n![an outside one](../elsewhere/x.png)\n".utf8))
        let running = try PreviewServerTests.Running("notes.md", contents: text)
        defer { running.stop() }
        let folder = running.folder.path, real = running.folder.resolvingSymlinksInPath().path
        func expectNoPath(_ answer: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(!answer.contains(folder) && !answer.contains(real), "\(what): \(answer)", sourceLocation: sourceLocation)
            #expect(!answer.contains(FileManager.default.temporaryDirectory.path), "\(what): \(answer)", sourceLocation: sourceLocation)
        }
        let info = try running.get("/info.json")
        #expect(info.status == 200)
        expectNoPath(info.text, "/info.json")
        #expect(info.text.contains("'notes.md' is not valid UTF-8"), "\(info.text)")
        #expect(info.text.contains("image 'images/missing.png' (line 5) is drawn as a placeholder: there is no file at images/missing.png"),
                "\(info.text)")
        for target in ["/", "/layout.json", "/audit.json", "/render.svg", "/render.png?width=20"] {
            expectNoPath(try running.get(target).text, target)
        }
        #expect(try running.get("/audit.json").text.contains(#""file": "notes.md""#))
        // The warnings on stderr (for the person who started it) keep the path as given.
        #expect(running.server.documentWarnings.first?.contains(running.document.path) == true)

        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { stream.close() }
        expectNoPath(try #require(try stream.next(named: "hello")), "hello")
        try FileManager.default.removeItem(at: running.document)
        let changed = try #require(try stream.next(named: "changed"))
        expectNoPath(changed, "changed")
        // The event says only that the reading failed; the problem is in /info.json.
        let failed = try running.get("/info.json").text
        expectNoPath(failed, "/info.json after a failed reading")
        #expect(failed.contains("notes.md"), "\(failed)")
    }

    @Test func pathsAreTakenOffOrShortened() {
        let absolute = PathRedaction(documentPath: "/srv/docs/notes.md", currentFolder: "/home/me")
        #expect(absolute.displayPath == "notes.md")
        #expect(absolute("cannot read '/srv/docs/notes.md': no such file") == "cannot read 'notes.md': no such file")
        #expect(absolute("there is no file at /srv/docs/images/x.png; check the path") == "there is no file at images/x.png; check the path")
        #expect(absolute("patterns in /usr/share/hyphen/hyph_xx.dic.") == "patterns in hyph_xx.dic.")
        #expect(absolute("the 1/64 pt step, text/plain, / and /render.png, http://x/y") == "the 1/64 pt step, text/plain, / and /render.png, http://x/y")
        let relative = PathRedaction(documentPath: "docs/notes.md", currentFolder: "/home/me")
        #expect(relative.displayPath == "docs/notes.md")
        #expect(relative("there is no file at /home/me/docs/images/x.png") == "there is no file at docs/images/x.png")
        #expect(relative("'/etc/x/y' is", knownFoldersOnly: true) == "'/etc/x/y' is")
        #expect(PathRedaction(documentPath: "/notes.md", currentFolder: "/").prefixes.isEmpty)
    }
}
