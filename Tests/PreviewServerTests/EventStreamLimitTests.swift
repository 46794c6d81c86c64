import Dispatch
import Foundation
import ReflowKit
import Testing
import TestSupport
@testable import PreviewServer
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36 row 7: 200 `/events` clients that never read and a document whose warnings came to
/// 1.5 MB took the server from 41 to 801 MB in 6 saves: every event carried the whole warnings
/// list, and it was written to every stream with no bound. Events now carry the version, whether
/// the last reading failed and how many warnings there are; `/info.json` carries at most 100
/// warnings of at most 500 characters and their count; a stream with more than
/// `EventStream.maximumPendingBytes` waiting to be sent is closed (its page reconnects and is told
/// the version then).
@Suite(.serialized) struct EventStreamLimitTests {
    /// A Markdown document with `count` images that are not there, each named with about
    /// `length` characters: one warning each, of about 2 × `length` + 110 bytes. `edit` makes
    /// each save differ from the one before.
    static func missingImages(count: Int, length: Int, edit: Int) -> Data {
        let stem = String(repeating: "m", count: length - 16)
        var text = "# Edit \(edit)\n\n"
        for index in 0..<count { text += "![](images/\(stem)-\(100_000 + index).png)\n\n" }
        return Data(text.utf8)
    }

    /// The least of ten readings of this process's resident memory (the server runs in it) over a second: what is held, less what
    /// suites running beside this one in the same process hold for a moment.
    static func heldBytes() -> Int {
        (0..<10).map { _ in
            usleep(100_000)
            return ProcessUsage.residentBytes()
        }.min() ?? 0
    }

    /// Waits up to `seconds` for `condition`; whether it came.
    static func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    /// A connection to the server at `port` that asks for `/events` and never reads: its receive
    /// buffer as small as the system allows, so what the server sends it stays with the server.
    static func silentStream(port: Int) throws -> RawConnection {
        let connection = try RawConnection(port: port, receiveBuffer: 1024)
        let request = "GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n"
        guard connection.send(request) == request.utf8.count else {
            throw RawHTTP.Failure(description: "sending to 127.0.0.1 port \(port): \(String(cString: strerror(errno)))")
        }
        return connection
    }

    /// `/info.json` (or `infoJSON`) read as JSON.
    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not a JSON object: \(json.prefix(200))")
    }

    /// The attack of the issue, in this process: 150 streams that never read, a document whose
    /// 3,000 warnings come to 1.5 MB, 6 saves. Before, every stream was sent 1.5 MB per event
    /// (its `hello` and each `changed`) and kept it all: this process grew by more than 1 GB.
    /// Now the events are a few dozen bytes, the growth is what reading the document costs, a
    /// reading client is told of every save, the warnings are fetched capped and counted, and
    /// streams that take nothing are closed once more than the bound waits for them.
    @Test func nonReadingStreamsStayCheapAndAreDroppedPastTheirBound() throws {
        let clients = 150, saves = 6
        let running = try PreviewServerTests.Running("notes.md", contents: Self.missingImages(count: 3_000, length: 200, edit: 0))
        defer { running.stop() }
        let warnings = running.server.documentWarnings
        #expect(warnings.count == 3_000)
        #expect(warnings.reduce(0) { $0 + $1.utf8.count } > 1_400_000, "the document's warnings are not the attack's 1.5 MB")
        let before = ProcessUsage.residentBytes()

        let reader = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { reader.close() }
        let hello = try #require(try reader.next(named: "hello"))
        #expect(hello == #"{"version": 1, "problem": false, "warningCount": 3000}"#, "\(hello.utf8.count) bytes")
        var silent: [RawConnection] = []
        defer { withExtendedLifetime(silent) {} }  // open, unread, until the end
        for _ in 0..<clients { silent.append(try Self.silentStream(port: running.port)) }
        #expect(Self.waitUntil(seconds: 30) { running.server.events.count == clients + 1 }, "\(running.server.events.count) streams open")

        for save in 1...saves {
            try Self.missingImages(count: 3_000, length: 200, edit: save).write(to: running.document, options: .atomic)
            let changed = try #require(try reader.next(named: "changed"), "no event for save \(save)")
            #expect(changed == #"{"version": \#(save + 1), "problem": false, "warningCount": 3000}"#, "\(changed.utf8.count) bytes")
        }
        // Before, the streams held 1.4 GB (a debug build). The bound leaves room for what the
        // process holds besides: AddressSanitizer keeps up to 256 MB of freed memory in its
        // quarantine, and other suites run beside this one in CI.
        let growth = Self.heldBytes() - before
        #expect(growth < 400 << 20, "the server grew by \(growth >> 20) MB for \(clients) streams that never read and \(saves) saves")
        // Small events do not fill a stream: none was closed for them.
        #expect(running.server.events.count == clients + 1)

        let info = try running.get("/info.json")
        #expect(info.body.count < 64 << 10, "/info.json is \(info.body.count) bytes")
        let object = try Self.object(info.text)
        #expect(object["version"] as? Int == saves + 1)
        #expect(object["warningCount"] as? Int == 3_000)
        let shown = object["warnings"] as? [String] ?? []
        #expect(shown.count == 100)
        #expect(shown.allSatisfy { $0.unicodeScalars.count <= 500 && $0.hasPrefix("image 'images/mmm") })

        // More than a stream's bound waiting (1 MiB for each, as many events would be): the
        // streams that never read are closed; a page connecting again is told the version.
        reader.close()
        let filler = String(repeating: "x", count: 4_096)
        for _ in 0..<256 { running.server.events.send(event: "filler", data: filler) }
        #expect(Self.waitUntil(seconds: 20) { running.server.events.count == 0 }, "\(running.server.events.count) streams still open")
        let again = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { again.close() }
        #expect(try again.next(named: "hello") == #"{"version": \#(saves + 1), "problem": false, "warningCount": 3000}"#)
    }

    /// A stream that reads is never closed, however many events it is sent: 2,000 events of the
    /// size a `changed` event has, 50 every 20 ms (saves come at most every 0.1 s).
    @Test func aReadingStreamIsKeptThroughManyEvents() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let reader = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { reader.close() }
        #expect(try reader.next(named: "hello") == #"{"version": 1, "problem": false, "warningCount": 0}"#)
        let events = running.server.events, done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for index in 0..<2_000 {
                events.send(event: "filler", data: #"{"version": \#(index), "problem": false, "warningCount": 3000}"#)
                if index % 50 == 49 { usleep(20_000) }
            }
            events.send(event: "last", data: "end")
            done.signal()
        }
        var received = 0
        while let event = try reader.next() {
            if event.name == "last" { break }
            if event.name == "filler" { received += 1 }
        }
        done.wait()
        #expect(received == 2_000)
        #expect(running.server.events.count == 1)
    }

    /// At most 100 warnings, each at most 500 characters (Unicode scalars), cut between
    /// characters with an ellipsis; their count; the problem cut the same way.
    @Test func infoCapsTheWarningsAndCountsThem() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let base = running.server.renderer.source.current
        let long = String(repeating: "w", count: 10_000)
        let accented = String(repeating: "e\u{301}", count: 400)  // 400 characters of 2 scalars each
        let oneCharacter = "x" + String(repeating: "\u{301}", count: 100_000)  // one character of 100,001 scalars
        let controls = String(repeating: "\u{1}", count: 10_000)  // 6 bytes each in JSON
        let warnings = [long, accented, oneCharacter, controls, "short"] + (0..<2_995).map { "warning \($0)" }
        let version = DocumentSource.Version(number: 7, input: base.input, pictures: base.pictures, warnings: warnings,
                                             problem: String(repeating: "p", count: 5_000), localWarnings: [], localProblem: nil)
        let json = DocumentRenderer.infoJSON(version, name: "notes.md")
        #expect(json.utf8.count < 4_000 + 100 * 3_002, "\(json.utf8.count) bytes")
        let object = try Self.object(json)
        #expect(object["document"] as? String == "notes.md")
        #expect(object["version"] as? Int == 7)
        #expect(object["warningCount"] as? Int == 3_000)
        let shown = try #require(object["warnings"] as? [String])
        #expect(shown.count == 100)
        #expect(shown.first == String(repeating: "w", count: 499) + "…")
        let cut = shown[1]
        #expect(cut.unicodeScalars.count <= 500 && cut.hasSuffix("…"))
        #expect(accented.hasPrefix(cut.dropLast()), "not cut between characters: every é keeps its accent")
        #expect(shown[2].unicodeScalars.count <= 500 && shown[2].hasSuffix("…"))
        #expect(shown[3].unicodeScalars.count == 500)
        #expect(Array(shown[4...]) == ["short"] + (0..<95).map { "warning \($0)" })
        #expect(object["problem"] as? String == String(repeating: "p", count: 499) + "…")
    }

    /// A short list is shown whole.
    @Test func fewShortWarningsAreShownWhole() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let base = running.server.renderer.source.current
        let version = DocumentSource.Version(number: 2, input: base.input, pictures: base.pictures, warnings: ["a", "b \"c\""],
                                             problem: nil, localWarnings: [], localProblem: nil)
        #expect(DocumentRenderer.infoJSON(version, name: "welcome.md")
            == #"{"document": "welcome.md", "version": 2, "problem": null, "warnings": ["a", "b \"c\""], "warningCount": 2}"#)
    }
}
