import Dispatch
import Foundation
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// Issue 36 row 6: `/layout.json?debug=1&debug=1&…` × 7,000 (70 KB) took 5.4 s of the event loop
/// (the command line's parser, given 7,000 options), and every client waited. A query is read in
/// one pass and bounded: at most 8 KiB (past it 414) and 64 parameters (past it 400), so at most
/// 64 parameters ever reach the server's `parameters` function.
@Suite(.serialized) struct QueryLimitTests {
    static func repeated(_ pair: String, _ count: Int) -> String { Array(repeating: pair, count: count).joined(separator: "&") }

    @Test func parsingStopsAtTheBounds() throws {
        #expect(try Query(parsing: Substring(Self.repeated("debug=1", 64))).items.count == 64)
        #expect {
            try Query(parsing: Substring(Self.repeated("debug=1", 65)))
        } throws: { error in
            (error as? BadRequest)?.message
                == "the query has more than 64 parameters, the most a request takes here; give each option once"
        }
        let long = Substring(Self.repeated("debug=1", 7_000))
        #expect(long.utf8.count == 55_999)
        #expect {
            try Query(parsing: long)
        } throws: { error in
            (error as? BadRequest)?.message
                == "the query is 55999 bytes, more than the 8192 bytes (8 KiB) read here; a request takes at most 64 parameters"
        }
        // 8 KiB exactly is read (and then bounded by its count).
        let full = Substring("a=" + String(repeating: "x", count: Query.maximumLength - 2))
        #expect(try Query(parsing: full).items.count == 1)
        #expect(throws: BadRequest.self) { try Query(parsing: full + "x") }
    }

    /// The server's `parameters` here costs 1 ms per parameter, as a parser of many options can:
    /// 7,000 of them held the event loop 7 s before the bound, and a request on another
    /// connection waited as long. Now the long query is 414 at once, and the other is answered.
    @Test func sevenThousandParametersAre414AndOthersAreAnsweredMeanwhile() throws {
        let seen = Locked(0)
        let running = try PreviewServerTests.Running { configuration in
            configuration.parameters = { query in
                seen.withLock { $0 = max($0, query.items.count) }
                for _ in query.items { usleep(1_000) }
                return try PreviewServerTests.parameters(query)
            }
        }
        defer { running.stop() }
        let port = running.port
        let target = "/layout.json?" + Self.repeated("debug=1", 7_000)
        #expect(target.utf8.count > 55_000)
        let long = Locked<Result<LoopbackHTTP.Response, any Error>?>(nil), done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            long.withLock { $0 = Result { try LoopbackHTTP.request(target, port: port, timeout: 30) } }
            done.signal()
        }
        usleep(200_000)  // the long request is being read
        let started = ContinuousClock.now
        let other = try LoopbackHTTP.request("/info.json", port: port, timeout: 30)
        let waited = ContinuousClock.now - started
        #expect(other.status == 200)
        #expect(waited < .seconds(2), "a normal request waited \(waited) while the long query was read")
        #expect(done.wait(timeout: .now() + 30) == .success)
        let answer = try #require(long.withLock { $0 }).get()
        #expect(answer.status == 414)
        #expect(answer.text == "the query is 55999 bytes, more than the 8192 bytes (8 KiB) read here; a request takes at most 64 parameters\n")
        #expect(seen.withLock { $0 } <= Query.maximumItems)
    }

    @Test func parametersPastTheCountAre400() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let many = try running.get("/render.svg?" + Self.repeated("offset=0", 65))
        #expect(many.status == 400)
        #expect(many.text == "the query has more than 64 parameters, the most a request takes here; give each option once\n")
        #expect(try running.get("/render.svg?" + Self.repeated("offset=0", 64)).status == 200)
        // The routes that take no parameters are bounded by length too.
        #expect(try running.get("/info.json?" + String(repeating: "x", count: 9_000)).status == 414)
    }

    /// Past NIO's own bound on a request head (80 KiB: the request line and every header), the
    /// client gets a 400 that says the request could not be read and the connection is closed;
    /// the server goes on.
    @Test func aHeadPastNIOsBoundIs400() throws {
        let running = try PreviewServerTests.Running()
        defer { running.stop() }
        let target = "/layout.json?" + Self.repeated("debug=1", 12_000)
        #expect(target.utf8.count > 80 * 1024)
        let answer = try RawHTTP.get(target, port: running.port, headers: ["Host: 127.0.0.1"])
        #expect(answer.status == 400)
        #expect(answer.text.hasPrefix("the request's head is over 80 KiB, the most read here"))
        #expect(answer.headers["connection"] == "close")
        #expect(try running.get("/info.json").status == 200)
    }
}
