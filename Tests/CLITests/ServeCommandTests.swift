import Foundation
import Preview
import Testing
import TestSupport

/// `reflow-cli serve` as a person and a script use it: one URL line on stdout, loopback only
/// unless asked, the page, pictures and JSON equal to what the other commands write for the
/// same options, the command line's messages for bad parameters, 404 for every other path, a
/// redraw announced after an edit, and exit status 0 on SIGTERM and SIGINT.
@Suite(.serialized) struct ServeCommandTests {
    @Test func printsOneURLListensOnLoopbackOnlyAndStopsOnSIGTERM() throws {
        let served = try Served()
        #expect(served.url == "http://127.0.0.1:\(served.port)/\n")
        // The one listening socket is on 127.0.0.1 (0100007F in /proc/net/tcp), not on every address.
        #expect(Served.listeningAddresses(port: served.port) == ["0100007F"])
        let page = try served.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.text.contains("welcome.md"))
        #expect(served.stop(signal: SIGTERM) == 0)
        #expect(served.remainingStdout().isEmpty)
        #expect(served.stderr.isEmpty)
    }

    @Test func sigintStopsItWithStatus0AndEndsTheEventStream() throws {
        let served = try Served()
        let stream = try LoopbackHTTP.EventStream("/events", port: served.port)
        #expect(try stream.next(named: "hello") != nil)
        #expect(served.stop(signal: SIGINT) == 0)
        #expect(try stream.next() == nil)
    }

    @Test func anotherAddressIsWarnedAbout() throws {
        let served = try Served(arguments: ["--host", "0.0.0.0"])
        defer { served.stop() }
        #expect(Served.listeningAddresses(port: served.port) == ["00000000"])
        #expect(served.stderr.contains("reflow-cli: warning: the preview listens on 0.0.0.0 port \(served.port), which other machines may reach"))
    }

    /// The server's PNGs are encoded with libpng's fast setting, preview's with its default: the
    /// same pixels in other bytes. Its SVG is preview's byte for byte.
    @Test func twoSizesAreTwoPicturesEqualToPreviews() throws {
        let served = try Served()
        defer { served.stop() }
        let work = try CLI.scratch()
        defer { try? FileManager.default.removeItem(at: work) }
        var pictures: [[UInt8]] = []
        for category in ["l", "ax5"] {
            let answer = try LoopbackHTTP.get("/render.png?category=\(category)&viewport=390x844&offset=0", port: served.port)
            #expect(answer.headers["content-type"] == "image/png")
            let file = work.appendingPathComponent("\(category).png")
            let cli = try CLI.run([served.document.path, "--category", category, "--viewport", "390x844", "--offset", "0",
                                   "--no-height-cache", "-o", file.path])
            #expect(cli.status == 0, "\(cli)")
            #expect(try PNGCodec.decode(Data(answer.body)) == PNGCodec.decode(try Data(contentsOf: file)),
                    "the server's \(category) screen is not preview's")
            pictures.append(answer.body)
        }
        #expect(pictures[0] != pictures[1])

        let svg = try LoopbackHTTP.get("/render.svg?category=xxxl&viewport=390x844&offset=300&bold-text=1", port: served.port)
        let svgFile = work.appendingPathComponent("xxxl.svg")
        #expect(try CLI.run([served.document.path, "--category", "xxxl", "--viewport", "390x844", "--offset", "300",
                             "--bold-text", "--no-height-cache", "-o", svgFile.path]).status == 0)
        #expect(svg.text == (try String(contentsOf: svgFile, encoding: .utf8)))
    }

    /// The server names the document as given when that is relative, else by its name, never by
    /// an absolute path of the machine: the audit's `file` is what `audit` prints for the name run
    /// in the document's folder.
    @Test func layoutAndAuditAreTheCommandsJSON() throws {
        let served = try Served()
        defer { served.stop() }
        let path = served.document.path, name = served.document.lastPathComponent
        let cases: [(query: String, arguments: [String])] = [
            ("/layout.json?category=ax5", ["layout", path, "--category", "ax5"]),
            ("/layout.json?category=all&viewport=390x600&offset=200&text-spacing=wcag",
             ["layout", path, "--category", "all", "--viewport", "390x600", "--offset", "200", "--text-spacing", "wcag",
              "--no-height-cache"]),
            ("/audit.json?category=ax5&width=320", ["audit", name, "--category", "ax5", "--width", "320", "--format", "json"]),
        ]
        for (query, arguments) in cases {
            let answer = try LoopbackHTTP.get(query, port: served.port)
            #expect(answer.headers["content-type"] == "application/json")
            #expect(!answer.text.contains(served.folder.path))
            let cli = try CLI.run(arguments, directory: served.folder)
            #expect(answer.text == cli.output, "\(query) differs from reflow-cli \(arguments.joined(separator: " "))")
        }
    }

    /// The message of a usage error on stderr: the lines after `Error: ` up to ArgumentParser's help and usage.
    static func usageMessage(_ stderr: String) -> String {
        var lines: [Substring] = []
        for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Help:") || line.hasPrefix("Usage:") { break }
            lines.append(line)
        }
        return lines.joined(separator: "\n").replacingOccurrences(of: "Error: ", with: "", options: .anchored) + "\n"
    }

    @Test func badParametersAre400WithTheCommandLinesMessage() throws {
        let served = try Served()
        defer { served.stop() }
        let path = served.document.path
        let cases: [(query: String, arguments: [String])] = [
            ("category=huge", ["--category", "huge"]),
            ("width=-3", ["--width", "-3"]),
            ("width=wide", ["--width", "wide"]),
            ("viewport=3", ["--viewport", "3"]),
            ("viewport=390x844&width=400", ["--viewport", "390x844", "--width", "400"]),
            ("offset=50", ["--offset", "50"]),
            ("viewport=390x844&offset=-1", ["--viewport", "390x844", "--offset", "-1"]),
            ("scale=7", ["--scale", "7"]),
            ("lang=x%20y", ["--lang", "x y"]),
            ("direction=up", ["--direction", "up"]),
            ("text-spacing=wide", ["--text-spacing", "wide"]),
            ("viewport=390x844&at=line:x", ["--viewport", "390x844", "--at", "line:x"]),
        ]
        for (query, arguments) in cases {
            let answer = try served.get("/render.png?" + query)
            let cli = try CLI.run([path, "-o", "/dev/null"] + arguments)
            #expect(cli.status == 64, "\(arguments): \(cli)")
            #expect(answer.status == 400, "\(query)")
            #expect(answer.text == Self.usageMessage(cli.stderr), "\(query)")
        }
        // What is not a parameter of a picture (the server's own options among them): the
        // parser's message for an option it does not have.
        for name in ["max-input", "output", "colour", "help", "generate-completion-script", "experimental-dump-help"] {
            let answer = try served.get("/render.png?\(name)=1")
            #expect(answer.status == 400)
            #expect(answer.text == "Unknown option '--\(name)'\n")
        }
        // A value the document cannot be drawn with: 422 with the run-time message.
        let narrow = try served.get("/render.png?width=20")
        let cli = try CLI.run([path, "--width", "20", "-o", "/dev/null"])
        #expect(narrow.status == 422)
        #expect(cli.status == 1)
        #expect("reflow-cli: error: " + narrow.text == cli.stderr)
    }

    @Test(arguments: ["/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/..%2f..%2fetc%2fpasswd", "/etc/passwd",
                      "/welcome.md", "/Examples/welcome.md", "/render.png/../../../etc/passwd"])
    func pathsOutsideTheRoutesAre404(_ target: String) throws {
        let served = try Served()
        defer { served.stop() }
        let answer = try served.get(target)
        #expect(answer.status == 404)
        #expect(!answer.text.contains("root:") && !answer.text.contains("# Welcome"))
    }

    @Test func anEditIsAnnouncedAndTheScreenRedrawn() throws {
        let served = try Served()
        defer { served.stop() }
        let target = "/render.png?category=ax5&viewport=390x844"
        let before = try LoopbackHTTP.get(target, port: served.port)
        let stream = try LoopbackHTTP.EventStream("/events", port: served.port)
        defer { stream.close() }
        #expect(try stream.next(named: "hello") != nil)
        let started = Date()
        var text = try String(contentsOf: served.document, encoding: .utf8)
        text = text.replacingOccurrences(of: "Welcome to Reflow", with: "Edited while served")
        try text.write(to: served.document, atomically: false, encoding: .utf8)
        let changed = try stream.next(named: "changed")
        #expect(changed?.contains(#""version": 2"#) == true)
        let after = try LoopbackHTTP.get(target, port: served.port)
        let elapsed = Date().timeIntervalSince(started)
        #expect(after.headers["x-reflow-version"] == "2")
        #expect(after.body != before.body)
        #expect(elapsed < 5, "the edit took \(elapsed) s to be drawn")
    }

    @Test func aDocumentThatCannotBeReadIsAnError() throws {
        let missing = try CLI.run(["serve", "/nonexistent/reflow-missing.md", "--port", "0"])
        #expect(missing.status == 1)
        #expect(missing.output.isEmpty)
        #expect(missing.stderr.hasPrefix("reflow-cli: error: "))
        let welcome = CLI.repository.appendingPathComponent("Examples/welcome.md").path
        let tooLarge = try CLI.run(["serve", welcome, "--port", "0", "--max-input", "1K"])
        #expect(tooLarge.status == 1)
        #expect(tooLarge.output.isEmpty)
        #expect(tooLarge.stderr.contains("more than the input limit of 1 KiB; raise it with --max-input 2K or more"), "\(tooLarge)")
        let badPort = try CLI.run(["serve", welcome, "--port", "70000"])
        #expect(badPort.status == 64)
        #expect(badPort.stderr.contains("--port must be a port number from 1 to 65535, or 0 for a free one, got 70000"))
    }

    @Test func aPortInUseSaysWhatToDo() throws {
        let first = try Served()
        defer { first.stop() }
        let second = try CLI.run(["serve", first.document.path, "--port", String(first.port)])
        #expect(second.status == 1)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1 port \(first.port)"))
        #expect(second.stderr.contains("give another --port, or --port 0 for a free one"))
    }
}
