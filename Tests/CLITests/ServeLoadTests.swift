import Foundation
import Testing
import TestSupport
import TextMetrics

/// The load and fault test of `reflow-cli serve` (issue 36): the built server, under a small
/// `ulimit -n`, through every attack in turn while a real client keeps asking: clients that send
/// half a request and wait, one that pipelines thousands of requests and never reads, clients
/// that ask for large pictures and leave, a hundred event streams that never read across saves,
/// and a document that vanishes and comes back. Bounded in count and time, loopback only. What is
/// asserted is bounds (the server's memory, CPU, open files) and that the real client is answered,
/// never how fast.
@Suite(.serialized) struct ServeLoadTests {
    /// The files the server may open: its connection limit is this less 128 (`ServerLimits`).
    static let descriptorLimit = 256

    @Test(.timeLimit(.hangGuard)) func aRealClientIsAnsweredThroughEveryAttackAndTheServerStaysBounded() throws {
        let served = try Served(descriptorLimit: Self.descriptorLimit)
        defer { served.stop() }
        let pid = served.process.processIdentifier
        #expect(try served.get("/render.png?category=ax5&viewport=390x844&offset=0").status == 200)
        let settled = ProcessUsage.residentBytes(pid: pid)

        // Slow clients: more half requests than the server may hold connections, or open files.
        var stalled: [RawConnection] = []
        for _ in 0..<300 {
            let connection = try RawConnection(port: served.port)
            connection.send("GET /info.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            stalled.append(connection)
        }
        let cpuBefore = ProcessUsage.cpuSeconds(pid: pid)
        Thread.sleep(forTimeInterval: 2)
        let spent = ProcessUsage.cpuSeconds(pid: pid) - cpuBefore
        #expect(spent < 1, "the server spent \(spent) s of CPU in 2 s holding stalled connections")
        #expect(ProcessUsage.openDescriptors(pid: pid) < Self.descriptorLimit)
        try expectAnswered(served, "with 300 stalled connections")
        #expect(stalled.prefix(100).filter { $0.isClosed(within: 0.05) }.count == 100, "the oldest stalled connections are closed")
        stalled.removeAll()

        // One client pipelines 3,000 large answers and never reads them.
        let greedy = try RawConnection(port: served.port, receiveBuffer: 4096)
        greedy.send(String(repeating: requestText("/layout.json?category=all"), count: 3000), timeout: 2)
        Thread.sleep(forTimeInterval: 1)
        try expectAnswered(served, "while a connection pipelines 3,000 requests")
        expectBounded(pid, settled, "3,000 pipelined requests never read")
        greedy.reset()

        // Clients ask for large pictures and leave at once.
        let leaving = try (0..<20).map { _ in try RawConnection(port: served.port) }
        leaving.forEach { $0.send(requestText("/render.png?category=ax5&scale=3")) }
        leaving.forEach { $0.reset() }
        try expectAnswered(served, "after 20 clients asked for large pictures and left")
        expectBounded(pid, settled, "20 abandoned large pictures")

        // A hundred event streams that never read, across saves.
        let streams = try (0..<100).map { _ in try RawConnection(port: served.port, receiveBuffer: 2048) }
        streams.forEach { $0.send(requestText("/events")) }
        let reader = try LoopbackHTTP.EventStream("/events", port: served.port)
        #expect(try reader.next(named: "hello") != nil)
        let text = try String(contentsOf: served.document, encoding: .utf8)
        for save in 1...5 {
            try (text + "\n\nSaved \(save) times.\n").write(to: served.document, atomically: true, encoding: .utf8)
            #expect(try reader.next(named: "changed") != nil, "a reading page is told of save \(save)")
        }
        try expectAnswered(served, "with 100 event streams that never read")
        expectBounded(pid, settled, "100 event streams that never read, 5 saves")

        // The document vanishes: the page says why; it comes back: the next save is read.
        try FileManager.default.removeItem(at: served.document)
        #expect(try reader.next(named: "changed") != nil)
        let gone = try served.get("/info.json")
        #expect(gone.text.contains("\"problem\": \""), "\(gone.text)")
        try text.write(to: served.document, atomically: true, encoding: .utf8)
        #expect(try reader.next(named: "changed") != nil)
        let back = try served.get("/info.json")
        #expect(back.text.contains("\"problem\": null"), "\(back.text)")
        try expectAnswered(served, "after the document came back")
        #expect(served.stop(signal: SIGTERM) == 0)
    }

    /// A screen of the document is answered 200 (within the request's own 30 s deadline).
    private func expectAnswered(_ served: Served, _ when: String) throws {
        let answer = try served.get("/render.png?category=l&viewport=390x844&offset=200")
        #expect(answer.status == 200, "a real client got \(answer.status) \(when)")
    }

    /// The server's memory has not grown more than 200 MB over `settled`, after `what`.
    private func expectBounded(_ pid: Int32, _ settled: Int, _ what: String) {
        let grown = ProcessUsage.residentBytes(pid: pid) - settled
        #expect(grown < 200 << 20, "the server's memory grew \(grown >> 20) MiB with \(what)")
    }
}
