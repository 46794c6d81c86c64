import Foundation
import Preview
import Reflow
import ReflowKit
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// The server over a real loopback connection, in this process: routes, methods, statuses, the
/// event stream, concurrency and its bound. The command line's parameter parsing is tested with
/// `reflow-cli serve` (CLITests); here a small parser stands in for it.
@Suite(.serialized) struct PreviewServerTests {
    /// `category`, `offset` and `audit`, one 390 x 844 screen; an unknown category is a bad request.
    static let parameters: @Sendable (Query) throws -> ScreenParameters = { query in
        var parameters = ScreenParameters(viewport: Size(width: 390, height: 844))
        if let name = query.value("category") {
            guard let category = ContentSizeCategory(name: name) else { throw BadRequest("no category '\(name)'") }
            parameters.categories = [category]
        }
        if let offset = query.value("offset").flatMap(Double.init) { parameters.position = .offset(offset) }
        if let width = query.value("width").flatMap(Double.init) {
            parameters.width = width
            parameters.viewport = Size(width: width, height: 844)
        }
        return parameters
    }

    /// A server on a free port over a copy of `example` (or a file of that name holding
    /// `contents`); stopped and its folder removed by `stop()`.
    final class Running {
        let folder: URL
        let document: URL
        let server: PreviewServer
        private let waited = DispatchSemaphore(value: 0)

        init(_ example: String = "welcome.md", contents: Data? = nil,
             configure: (inout PreviewServer.Configuration) -> Void = { _ in }) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflow-serve-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            document = folder.appendingPathComponent(example)
            if let contents {
                try contents.write(to: document)
            } else {
                try FileManager.default.copyItem(atPath: Fixtures.examplePath(example), toPath: document.path)
            }
            var configuration = PreviewServer.Configuration(document: document.path, fonts: try Fixtures.fonts(),
                                                            parameters: PreviewServerTests.parameters)
            configuration.debounce = 0.05
            configure(&configuration)
            do {
                server = try PreviewServer(configuration)
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
            let (server, waited) = (server, waited)
            Thread.detachNewThread {
                try? server.wait()
                waited.signal()
            }
        }

        var port: Int { server.port }

        func get(_ target: String) throws -> LoopbackHTTP.Response { try LoopbackHTTP.request(target, port: port) }

        /// Stops the server; whether `wait()` returned within 10 s.
        @discardableResult
        func stop() -> Bool {
            server.close()
            defer { try? FileManager.default.removeItem(at: folder) }
            return waited.wait(timeout: .now() + 10) == .success
        }
    }

    @Test func listensOnLoopbackAtAFreePort() throws {
        let running = try Running()
        defer { running.stop() }
        #expect(running.server.host == "127.0.0.1")
        #expect(running.server.isLoopback)
        #expect(running.port > 0)
        #expect(running.server.url == "http://127.0.0.1:\(running.port)/")
    }

    @Test func thePageAndThePictures() throws {
        let running = try Running()
        defer { running.stop() }
        let page = try running.get("/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-security-policy"] == PreviewPage.contentSecurityPolicy)
        #expect(page.text.contains("<title>welcome.md — reflow live preview</title>"))

        let large = try running.get("/render.png?category=l"), ax5 = try running.get("/render.png?category=ax5")
        #expect(large.status == 200 && ax5.status == 200)
        #expect(large.headers["content-type"] == "image/png")
        #expect(large.body.starts(with: [0x89, 0x50, 0x4E, 0x47]) && ax5.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(large.body != ax5.body)
        #expect(Int(large.headers["content-length"] ?? "") == large.body.count)
        #expect(large.headers["cache-control"] == "no-store")

        let svg = try running.get("/render.svg?category=ax5")
        #expect(svg.headers["content-type"] == "image/svg+xml")
        #expect(svg.text.contains("<svg"))
        let info = try running.get("/info.json")
        #expect(info.text == #"{"document": "welcome.md", "version": 1, "problem": null, "warnings": [], "warningCount": 0}"#)
    }

    @Test(arguments: ["/../../etc/passwd", "/%2e%2e/etc/passwd", "/etc/passwd", "/welcome.md", "/render.png/", "/favicon.ico"])
    func anyOtherPathIs404AndNeverAFile(_ target: String) throws {
        let running = try Running()
        defer { running.stop() }
        let response = try running.get(target)
        #expect(response.status == 404)
        #expect(!response.text.contains("root:") && !response.text.contains("Welcome"))
        #expect(response.headers["content-type"] == "text/plain; charset=utf-8")
    }

    @Test func onlyGetAndHead() throws {
        let running = try Running()
        defer { running.stop() }
        let post = try LoopbackHTTP.request("/render.png", port: running.port, method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        let head = try LoopbackHTTP.request("/render.png?category=ax5", port: running.port, method: "HEAD")
        let get = try running.get("/render.png?category=ax5")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(Int(head.headers["content-length"] ?? "") == get.body.count)
    }

    @Test func badParametersAre400AndUndrawableOnes422() throws {
        let running = try Running()
        defer { running.stop() }
        let bad = try running.get("/render.png?category=huge")
        #expect(bad.status == 400)
        #expect(bad.text == "no category 'huge'\n")
        #expect(try running.get("/layout.json?category=%zz").status == 400)
        let narrow = try running.get("/render.png?width=20")
        #expect(narrow.status == 422)
        #expect(narrow.text.contains("container width 20 pt is too narrow"))
        // The server goes on answering.
        #expect(try running.get("/render.png").status == 200)
    }

    @Test func anEditIsAnnouncedAndDrawn() throws {
        let running = try Running()
        defer { running.stop() }
        let before = try running.get("/render.png?category=ax5")
        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { stream.close() }
        #expect(stream.headers["content-type"] == "text/event-stream; charset=utf-8")
        #expect(try stream.next(named: "hello")?.contains(#""version": 1"#) == true)

        try Data("# Edited\n\nThe document changed while it was served.\n".utf8).write(to: running.document, options: .atomic)
        let changed = try stream.next(named: "changed")
        #expect(changed?.contains(#""version": 2"#) == true)
        let after = try running.get("/render.png?category=ax5")
        #expect(after.headers["x-reflow-version"] == "2")
        #expect(after.body != before.body)

        // A reading that fails is announced with its reason; the last good version stays.
        try FileManager.default.removeItem(at: running.document)
        let failed = try stream.next(named: "changed")
        #expect(failed?.contains(#""version": 2, "problem": "#) == true)
        #expect(try running.get("/render.png?category=ax5").body == after.body)
    }

    @Test func fortyConcurrentRequestsAreAllAnswered() throws {
        let running = try Running()
        defer { running.stop() }
        let categories = ContentSizeCategory.allCases, port = running.port
        let statuses = Locked<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let category = categories[index % categories.count].shortName
            let target = "/render.png?category=\(category)&offset=\(index * 10)"
            let status = (try? LoopbackHTTP.request(target, port: port))?.status ?? -1
            statuses.withLock { $0.append(status) }
        }
        #expect(statuses.withLock { $0 }.count == 40)
        #expect(statuses.withLock { $0 }.allSatisfy { $0 == 200 })
        // Never more workers than render threads.
        #expect(running.server.renderer.workerCount <= PreviewServer.Configuration(document: "", fonts: try Fixtures.fonts(),
                                                                                     parameters: PreviewServerTests.parameters).renderThreads)
    }

    @Test func workBeyondTheBoundIsTurnedAwayWith503() throws {
        let running = try Running { configuration in
            configuration.renderThreads = 1
            configuration.maximumPending = 1
        }
        defer { running.stop() }
        let statuses = Locked<[Int]>([]), port = running.port
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            let status = (try? LoopbackHTTP.request("/render.png?category=ax5&offset=\(index * 50)", port: port))?.status ?? -1
            statuses.withLock { $0.append(status) }
        }
        let all = statuses.withLock { $0 }
        #expect(all.allSatisfy { $0 == 200 || $0 == 503 })
        #expect(all.contains(200) && all.contains(503))
    }

    @Test func closeEndsTheStreamsAndTheWait() throws {
        let running = try Running()
        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        _ = try stream.next(named: "hello")
        #expect(running.stop())
        #expect(try stream.next() == nil)
        #expect(throws: (any Error).self) { try LoopbackHTTP.request("/", port: running.port, timeout: 2) }
    }

    @Test func aPortInUseIsAListenError() throws {
        let running = try Running()
        defer { running.stop() }
        #expect(throws: PreviewServer.ListenError.self) {
            _ = try Running { $0.port = running.port }
        }
    }
}
