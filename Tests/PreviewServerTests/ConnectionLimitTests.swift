import Foundation
import NIOPosix
import Reflow
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// Clients that try to stall or flood the server (issue 36, rows 1 to 3), over real loopback
/// connections to a server in this process, with short limits so that each case takes a second or
/// two. What is asserted is what a client sees (an answer, a close) and bounds (memory, pictures
/// drawn), never how fast anything ran.
@Suite(.serialized) struct ConnectionLimitTests {
    /// The test server's parameters, `category=all` for the twelve sizes, and `page=1` for the
    /// whole page (a large answer) at `scale`.
    static let parameters: @Sendable (Query) throws -> ScreenParameters = { query in
        let all = query.value("category") == "all"
        var parameters = try PreviewServerTests.parameters(all ? Query(items: query.items.filter { $0.name != "category" }) : query)
        if all { parameters.categories = ContentSizeCategory.allCases }
        if query.value("page") == "1" { parameters.viewport = nil }
        if let scale = query.value("scale").flatMap(Int.init) { parameters.scale = scale }
        return parameters
    }

    static func running(_ limits: (inout ServerLimits) -> Void, renderThreads: Int = 2) throws -> PreviewServerTests.Running {
        try PreviewServerTests.Running { configuration in
            configuration.parameters = Self.parameters
            configuration.renderThreads = renderThreads
            limits(&configuration.limits)
        }
    }

    // MARK: Row 1: time and room

    @Test(.timeLimit(.hangGuard)) func halfARequestIsClosedAtTheHeaderTimeoutHoweverSlowlyItTrickles() throws {
        let running = try Self.running { $0.headerTimeout = 0.5 }
        defer { running.stop() }
        let waiting = try RawConnection(port: running.port)
        waiting.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let trickling = try RawConnection(port: running.port)
        let started = Date()
        var closed = false
        // A byte every 0.1 s: each one would restart a read timeout; the header deadline holds.
        for byte in "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8 {
            if trickling.send([byte], timeout: 0.5) == 0 || trickling.isClosed(within: 0.1) {
                closed = true
                break
            }
        }
        #expect(closed, "a request head trickled for \(Date().timeIntervalSince(started)) s was not closed")
        #expect(waiting.isClosed(within: 3))
        #expect(waiting.received.isEmpty, "a half request is closed, not answered")
    }

    /// The header timeout ends with the request's head: a request that waits to be drawn behind
    /// others (one render thread, four sheets of twelve sizes) is answered, however long it waits.
    /// Before, the deadline ran on while the picture was drawn, and every answer past it was a
    /// closed connection with nothing in it (what a loaded CI machine saw under ThreadSanitizer).
    @Test(.timeLimit(.hangGuard)) func aRequestWaitingToBeDrawnIsAnsweredPastTheHeaderTimeout() throws {
        let running = try Self.running({
            $0.headerTimeout = 0.1
            $0.idleTimeout = 30
        }, renderThreads: 1)
        defer { running.stop() }
        let started = Date()
        let clients = try (0..<4).map { _ in try RawConnection(port: running.port) }
        for client in clients { client.send(requestText("/render.png?category=all&scale=1", close: true)) }
        for client in clients { #expect(client.isClosed(within: 120)) }
        try #require(Date().timeIntervalSince(started) > 0.1, "the four pictures took less than the header timeout: nothing waited past it")
        #expect(clients.map(\.statuses) == Array(repeating: [200], count: 4))
    }

    /// A drawn route's request is read on a render thread, its 400 too: the command line's parser
    /// takes milliseconds a request (a second under ThreadSanitizer), and on the event loop it held
    /// every other connection, their reads, answers and deadlines, while it ran.
    @Test(.timeLimit(.hangGuard)) func aDrawnRequestsParametersAreReadOffTheEventLoop() throws {
        let readOnEventLoop = Locked<[Bool]>([])
        let running = try PreviewServerTests.Running { configuration in
            configuration.parameters = { query in
                readOnEventLoop.withLock { $0.append(MultiThreadedEventLoopGroup.currentEventLoop != nil) }
                return try PreviewServerTests.parameters(query)
            }
        }
        defer { running.stop() }
        let statuses = try ["/render.png", "/render.svg", "/layout.json", "/audit.json", "/render.png?category=huge"]
            .map { try running.get($0).status }
        #expect(statuses == [200, 200, 200, 200, 400])
        #expect(readOnEventLoop.withLock { $0 } == Array(repeating: false, count: 5))
    }

    @Test(.timeLimit(.hangGuard)) func aConnectionWithNoRequestIsClosedAtTheIdleTimeout() throws {
        let running = try Self.running { $0.idleTimeout = 0.5 }
        defer { running.stop() }
        let silent = try RawConnection(port: running.port)
        #expect(silent.isClosed(within: 3))
        // After a kept-alive answer, the same.
        let kept = try RawConnection(port: running.port)
        kept.send(requestText("/info.json"))
        #expect(kept.isClosed(within: 3))
        #expect(kept.statuses == [200])
    }

    @Test(.timeLimit(.hangGuard)) func aMalformedRequestIsAnswered400AndClosed() throws {
        let running = try Self.running { $0.idleTimeout = 30 }
        defer { running.stop() }
        let client = try RawConnection(port: running.port)
        client.send("THIS IS NOT HTTP\r\n\r\n")
        #expect(client.isClosed(within: 2), "the 400's connection stays open")
        #expect(client.statuses == [400])
        #expect(client.text.contains("Connection: close"))
        // The requests before a malformed one are answered first, in order.
        let pipelined = try RawConnection(port: running.port)
        pipelined.send(requestText("/info.json") + requestText("/nowhere") + "GET / HTTP/9\u{1}\r\n\r\n")
        #expect(pipelined.isClosed(within: 2))
        #expect(pipelined.statuses == [200, 404, 400])
    }

    @Test(.timeLimit(.hangGuard)) func connectionCloseClosesAfterTheAnswer() throws {
        let running = try Self.running { $0.idleTimeout = 30 }
        defer { running.stop() }
        let client = try RawConnection(port: running.port)
        client.send(requestText("/info.json", close: true) + requestText("/info.json"))
        #expect(client.isClosed(within: 2))
        #expect(client.statuses == [200], "the request after Connection: close is not answered")
    }

    @Test(.timeLimit(.hangGuard)) func pastTheConnectionLimitTheOldestIdleAreClosedAndARealClientIsAnswered() throws {
        let running = try Self.running {
            $0.maximumConnections = 8
            $0.headerTimeout = 30
        }
        defer { running.stop() }
        var stalled: [RawConnection] = []
        for _ in 0..<30 {
            let connection = try RawConnection(port: running.port)
            connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            stalled.append(connection)
        }
        let client = try RawConnection(port: running.port)
        client.send(requestText("/info.json", close: true))
        #expect(client.isClosed(within: 5))
        #expect(client.statuses == [200])
        #expect(stalled.prefix(20).allSatisfy { $0.isClosed(within: 1) }, "the oldest stalled connections are closed first")
        #expect(running.server.connections.count <= 8)
        #expect(running.server.connections.closedForRoom >= 23)
    }

    @Test(.timeLimit(.hangGuard)) func whenEveryConnectionIsBusyANewOneGets503() throws {
        let running = try Self.running { $0.maximumConnections = 4 }
        defer { running.stop() }
        var streams: [RawConnection] = []
        for _ in 0..<4 {
            let stream = try RawConnection(port: running.port)
            stream.send(requestText("/events"))
            stream.receive(timeout: 0.3)
            streams.append(stream)
        }
        let client = try RawConnection(port: running.port)
        client.send(requestText("/info.json"))
        #expect(client.isClosed(within: 3))
        #expect(client.statuses == [503])
        #expect(client.text.lowercased().contains("retry-after: 1"))
        #expect(streams.allSatisfy { !$0.isClosed(within: 0.1) }, "busy connections are never closed for room")
    }

    // MARK: Row 2: pipelining and back-pressure

    /// What is counted is the answers made (layouts), not this process's memory: every other suite
    /// runs beside this one, and their allocations would be counted too. The built server's own
    /// memory under the same attack is `ServeLoadTests`'.
    @Test(.timeLimit(.hangGuard)) func aClientThatPipelinesAndNeverReadsIsNotAnsweredIntoMemory() throws {
        let running = try Self.running {
            $0.maximumPipelined = 16
            $0.writeTimeout = 30
        }
        defer { running.stop() }
        _ = try running.get("/layout.json")
        let before = running.server.renderer.layoutCount
        let client = try RawConnection(port: running.port, receiveBuffer: 4096)
        let request = requestText("/layout.json?page=1&category=all")  // 76 KB each
        let sent = client.send(String(repeating: request, count: 3000), timeout: 2)
        Thread.sleep(forTimeInterval: 1.5)
        let made = running.server.renderer.layoutCount - before
        FileHandle.standardError.write(Data("pipelined: \(made) answers made for \(sent / request.utf8.count) requests sent\n".utf8))
        // The first answer fills the buffers and the connection is no longer read: the requests
        // read before that wait, at most 16, and no more answers are made while the client reads nothing.
        #expect(made >= 1)
        #expect(made <= 16 + 1, "\(made) answers made for \(sent / request.utf8.count) pipelined requests a client never read")
        // Read now: at most the pipelining bound (and those a full read held) are answered, then a close.
        #expect(client.isClosed(within: 20))
        let answered = client.statuses
        #expect(answered.allSatisfy { $0 == 200 })
        #expect(answered.count <= 16 + 1, "\(answered.count) pipelined requests answered")
        #expect(answered.count >= 1)
        #expect(running.server.renderer.layoutCount - before == answered.count, "an answer made is an answer sent")
    }

    @Test(.timeLimit(.hangGuard)) func anAnswerThatIsNeverTakenClosesTheConnectionAtTheWriteTimeout() throws {
        let running = try Self.running {
            $0.writeTimeout = 0.5
            $0.maximumUnsentBytes = 16 * 1024
            $0.socketSendBuffer = 8 * 1024
        }
        defer { running.stop() }
        let client = try RawConnection(port: running.port, receiveBuffer: 2048)
        client.send(requestText("/render.svg?page=1"))  // a whole page as SVG, 85 KB: far over the buffers
        Thread.sleep(forTimeInterval: 3)
        // The server has dropped it: reading now finds the end (or a reset) after what was sent.
        #expect(client.isClosed(within: 5))
        #expect(running.server.connections.count == 0)
    }

    // MARK: Row 3: work for clients that left, and the picture budget

    @Test(.timeLimit(.hangGuard)) func picturesForClientsThatLeftAreNotDrawn() throws {
        let running = try Self.running({ _ in }, renderThreads: 1)
        defer { running.stop() }
        let clients = try (0..<20).map { _ in try RawConnection(port: running.port) }
        for client in clients {
            client.send(requestText("/render.png?page=1&scale=4&category=ax5"))
        }
        clients.forEach { $0.reset() }
        let deadline = Date().addingTimeInterval(60)
        while running.server.pending.withLock({ $0 }) > 0, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(running.server.renderer.pictureCount <= 3, "\(running.server.renderer.pictureCount) of 20 abandoned pictures drawn")
    }

    @Test func aPictureThatDoesNotFitBesideThoseInFlightIs503WithRetryAfter() throws {
        let running = try Self.running { $0.pictureMemory = 64 << 20 }
        defer { running.stop() }
        let budget = running.server.renderer.pictureBudget
        #expect(budget.reserve(60 << 20))  // another picture in flight
        let busy = try running.get("/render.png")
        #expect(busy.status == 503)
        #expect(busy.headers["retry-after"] == "1")
        #expect(busy.text.contains("MiB"))
        budget.release(60 << 20)
        #expect(try running.get("/render.png").status == 200)
        #expect(budget.inFlight == 0)
    }

    @Test func thePictureBudgetAlwaysLetsOnePictureThroughAndNoMoreThanItsLimit() {
        let budget = PictureBudget(limit: 100)
        #expect(budget.reserve(500), "one picture alone always fits")
        #expect(!budget.reserve(1))
        budget.release(500)
        #expect(budget.reserve(60))
        #expect(budget.reserve(40))
        #expect(!budget.reserve(1))
        #expect(budget.highest == 500)
        #expect(PictureBudget.cost(width: 8000, height: 8000) == 512_000_000)
        #expect(PictureBudget.cost(width: .max, height: 2) == .max)
    }

    @Test func theDefaultConnectionLimitStaysBelowTheDescriptorLimit() {
        #expect(ServerLimits.defaultConnections(descriptorLimit: 1024) == 896)
        #expect(ServerLimits.defaultConnections(descriptorLimit: 1_048_576) == ServerLimits.connectionCeiling)
        #expect(ServerLimits.defaultConnections(descriptorLimit: 64) == 16)
        #expect(ServerLimits().maximumConnections < ServerLimits.descriptorLimit())
    }
}
