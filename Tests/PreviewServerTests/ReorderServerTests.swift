import Foundation
import Reflow
import ReflowKit
import Testing
import TestSupport
@testable import PreviewServer
#if canImport(Glibc)
import Glibc
#endif

/// `POST /reorder` over a real loopback connection: refused without `allowEdits` (403, saying to
/// start serve with --allow-edits), with another token (403), from another origin (403), after
/// the file changed (409); otherwise the file is replaced whole (a new file renamed over it,
/// its permissions kept), the page is told, and the layout the server then serves has the cell
/// at its new place.
@Suite(.serialized) struct ReorderServerTests {
    typealias Running = PreviewServerTests.Running

    static let corpus = Fixtures.repository.appendingPathComponent("Tests/Corpus")

    static func running(_ corpusFile: String, name: String, allowEdits: Bool = true) throws -> Running {
        try Running(name, contents: try Data(contentsOf: corpus.appendingPathComponent(corpusFile))) {
            $0.allowEdits = allowEdits
        }
    }

    /// A reorder's body.
    static func body(token: String, version: String, from: String, to: String) -> String {
        #"{"token": "\#(token)", "version": "\#(version)", "from": "\#(from)", "to": "\#(to)"}"#
    }

    /// `method target` with `body` and `headers` (Host, JSON and the length added unless given).
    static func send(_ body: String, to running: Running, method: String = "POST", target: String = "/reorder",
                     headers: [String] = []) throws -> RawHTTP.Response {
        var lines = ["\(method) \(target) HTTP/1.1"]
        if !headers.contains(where: { $0.lowercased().hasPrefix("host:") }) { lines.append("Host: 127.0.0.1:\(running.port)") }
        if !headers.contains(where: { $0.lowercased().hasPrefix("content-type:") }) { lines.append("Content-Type: application/json") }
        lines += headers + ["Content-Length: \(body.utf8.count)", "Connection: close"]
        return try RawHTTP.exchange(Array((lines.joined(separator: "\r\n") + "\r\n\r\n" + body).utf8), port: running.port)
    }

    static func fileBytes(_ running: Running) throws -> [UInt8] { Array(try Data(contentsOf: running.document)) }

    static func inode(_ path: String) -> UInt64 {
        var status = stat()
        stat(path, &status)
        return UInt64(status.st_ino)
    }

    static func mode(_ path: String) -> UInt32 {
        var status = stat()
        stat(path, &status)
        return UInt32(status.st_mode) & 0o7777
    }

    @Test func withoutAllowEditsAReorderIs403AndSaysHowToAllowIt() throws {
        let running = try Self.running("screens/mail-inbox.json", name: "inbox.json", allowEdits: false)
        defer { running.stop() }
        let before = try Self.fileBytes(running)
        #expect(running.server.edits.pageFields() == nil)
        let response = try Self.send(Self.body(token: running.server.edits.token, version: ReorderEdit.version(of: before),
                                               from: "0.0", to: "0.1"), to: running)
        #expect(response.status == 403)
        #expect(response.text.contains("start it with 'reflow-cli serve --allow-edits'"))
        #expect(try Self.fileBytes(running) == before)
    }

    @Test func anotherTokenIs403() throws {
        let running = try Self.running("screens/mail-inbox.json", name: "inbox.json")
        defer { running.stop() }
        let fields = try #require(running.server.edits.pageFields())
        #expect(fields.token.count == 64 && fields.token.allSatisfy(\.isHexDigit))
        let before = try Self.fileBytes(running)
        var forged = Array(fields.token)
        forged[63] = forged[63] == "0" ? "1" : "0"
        for token in [String(forged), "", String(fields.token.prefix(32))] {
            let response = try Self.send(Self.body(token: token, version: fields.version, from: "0.0", to: "0.1"), to: running)
            #expect(response.status == 403, "\(response)")
            #expect(response.text.contains("the token is not this server's"))
        }
        // Another run has another token.
        #expect(EditSession(documentPath: running.document.path, reader: DocumentReader(), isEnabled: true).token != fields.token)
        #expect(try Self.fileBytes(running) == before)
    }

    @Test func aFileChangedSinceThePageLoadedIs409() throws {
        let running = try Self.running("screens/mail-inbox.json", name: "inbox.json")
        defer { running.stop() }
        let fields = try #require(running.server.edits.pageFields())
        // Saved in an editor meanwhile: the same cells, one more line at the end.
        let saved = try Self.fileBytes(running) + Array("\n".utf8)
        try Data(saved).write(to: running.document)
        let response = try Self.send(Self.body(token: fields.token, version: fields.version, from: "0.0", to: "0.3"), to: running)
        #expect(response.status == 409)
        #expect(response.text.contains("reload the page"))
        #expect(try Self.fileBytes(running) == saved)
    }

    @Test func aCrossOriginPostIsRefused() throws {
        let running = try Self.running("screens/mail-inbox.json", name: "inbox.json")
        defer { running.stop() }
        let fields = try #require(running.server.edits.pageFields())
        let before = try Self.fileBytes(running)
        let body = Self.body(token: fields.token, version: fields.version, from: "0.0", to: "0.3")
        for header in ["Origin: http://attacker.example", "Origin: null", "Sec-Fetch-Site: cross-site", "Host: attacker.example"] {
            let response = try Self.send(body, to: running, headers: [header])
            #expect(response.status == 403, "\(header): \(response)")
        }
        // A form's text/plain body (which a browser sends across origins without asking) is 415.
        #expect(try Self.send(body, to: running, headers: ["Content-Type: text/plain"]).status == 415)
        #expect(try Self.fileBytes(running) == before)
    }

    @Test func otherMethodsBodiesAndMovesAreRefusedSayingWhy() throws {
        let running = try Self.running("screens/mail-inbox.json", name: "inbox.json")
        defer { running.stop() }
        let fields = try #require(running.server.edits.pageFields())
        let before = try Self.fileBytes(running)
        let get = try Self.send("", to: running, method: "GET")
        #expect(get.status == 405 && get.headers["allow"] == "POST")
        let large = try Self.send(String(repeating: " ", count: EditSession.maximumBodyBytes + 1), to: running)
        #expect(large.status == 413)
        #expect(try Self.send("{\"token\": 1}", to: running).status == 400)
        let badPath = try Self.send(Self.body(token: fields.token, version: fields.version, from: "0", to: "0.1"), to: running)
        #expect(badPath.status == 400 && badPath.text.contains("section.item"))
        let nowhere = try Self.send(Self.body(token: fields.token, version: fields.version, from: "0.0", to: "3.0"), to: running)
        #expect(nowhere.status == 422 && nowhere.text.contains("no section 3"))
        #expect(try Self.fileBytes(running) == before)
        // POST anywhere else is still 405.
        #expect(try Self.send("{}", to: running, target: "/render.png").status == 405)
    }

    /// A reorder's body sent a byte at a time is closed at the header timeout from the request's
    /// first byte, as a trickled head is: a client cannot hold a connection by a slow body.
    @Test(.timeLimit(.minutes(1))) func aBodyThatTricklesIsClosedAtTheHeaderTimeout() throws {
        let running = try Running("inbox.json", contents: try Data(contentsOf: Self.corpus.appendingPathComponent("screens/mail-inbox.json"))) {
            $0.allowEdits = true
            $0.limits.headerTimeout = 0.5
        }
        defer { running.stop() }
        let trickling = try RawConnection(port: running.port)
        let started = Date()
        trickling.send("POST /reorder HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n")
        var closed = false
        for byte in String(repeating: " ", count: 60).utf8 {
            if trickling.send([byte], timeout: 0.5) == 0 || trickling.isClosed(within: 0.1) {
                closed = true
                break
            }
        }
        #expect(closed, "a body trickled for \(Date().timeIntervalSince(started)) s was not closed")
        #expect(Date().timeIntervalSince(started) < 3)
    }

    /// The inbox's first message moves to the end: 200 with the new version; the file is a new
    /// file (another inode: written beside and renamed) with the old one's permissions and the
    /// cells in the new order; no temporary file is left; the page is told, and the layout the
    /// server serves next has the message at 0.3. The version the page had is now stale (409).
    @Test func aReorderIsWrittenWholeAndServed() throws {
        let running = try Self.running("screens/mail-inbox.json", name: "inbox.json")
        defer { running.stop() }
        chmod(running.document.path, 0o640)
        let (inode, original) = (Self.inode(running.document.path), try Self.fileBytes(running))
        let fields = try #require(running.server.edits.pageFields())
        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { stream.close() }
        _ = try stream.next(named: "hello")

        let response = try Self.send(Self.body(token: fields.token, version: fields.version, from: "0.0", to: "0.3"), to: running)
        try #require(response.status == 200, "\(response)")  // else no change is announced, and the stream would wait
        #expect(response.headers["content-type"] == "application/json")
        let written = try Self.fileBytes(running)
        let expected = try ReorderEdit.apply(ReorderMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0)),
                                             to: original, format: .screen)
        #expect(written == expected)
        #expect(response.text == #"{"version": "\#(ReorderEdit.version(of: written))", "from": "0.0", "to": "0.3"}"#)
        #expect(Self.inode(running.document.path) != inode)
        #expect(Self.mode(running.document.path) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: running.folder.path) == ["inbox.json"])

        #expect(try stream.next(named: "changed")?.contains(#""version": 2"#) == true)
        #expect(try Self.cellText(running, section: 0, item: 3)?.hasPrefix("Ada Lovelace") == true)
        #expect(running.server.edits.pageFields()?.version == ReorderEdit.version(of: written))

        let stale = try Self.send(Self.body(token: fields.token, version: fields.version, from: "0.0", to: "0.3"), to: running)
        #expect(stale.status == 409)
        #expect(running.server.edits.writeCount == 1)
    }

    /// A README's list over HTTP: swift-argument-parser's examples, the last one moved to the
    /// top; the layout served after the save (the second run of layout) has it there.
    @Test func aMarkdownListItemIsWrittenAndTheLayoutAgrees() throws {
        let running = try Self.running("markdown/apple--swift-argument-parser--README.md", name: "README.md")
        defer { running.stop() }
        let fields = try #require(running.server.edits.pageFields())
        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { stream.close() }
        _ = try stream.next(named: "hello")
        #expect(try Self.cellText(running, section: 2, item: 12, offset: 1800)?.hasPrefix("default-as-flag") == true)
        let response = try Self.send(Self.body(token: fields.token, version: fields.version, from: "2.12", to: "2.8"), to: running)
        try #require(response.status == 200, "\(response)")
        _ = try stream.next(named: "changed")
        let texts = try (8...12).map { try Self.cellText(running, section: 2, item: $0, offset: 1800) ?? "" }
        #expect(texts.map { String($0.prefix(while: { $0 != " " })) } == ["default-as-flag", "repeat", "roll", "math", "count-lines"])
        let lines = String(decoding: try Self.fileBytes(running), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[86].hasPrefix("- [`default-as-flag`]") && lines[90].hasPrefix("- [`count-lines`]"))
    }

    /// The text of the cell at `section.item` in the layout the server serves now, of the screen
    /// at `offset`.
    static func cellText(_ running: Running, section: Int, item: Int, offset: Int = 0) throws -> String? {
        let layout = try running.get("/layout.json?offset=\(offset)")
        let root = try JSONSerialization.jsonObject(with: Data(layout.body)) as? [String: Any]
        let elements = ((root?["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]]) ?? []
        return elements.first { element in
            let path = element["indexPath"] as? [String: Int]
            return element["kind"] as? String == "cell" && path?["section"] == section && path?["item"] == item
        }?["text"] as? String
    }
}
