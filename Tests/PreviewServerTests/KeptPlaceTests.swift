import Foundation
import Reflow
import ReflowKit
import Testing
import TestSupport
import TextMetrics
@testable import PreviewServer

/// The live page keeps the reader's place and scrolls by the page's real height: every screen's
/// answer names the place it shows (`X-Reflow-Anchor`, `X-Reflow-Anchor-Within`: the unit at its
/// top and how far into it, the rule `reflow-cli scroll --change-category-at` keeps), a screen
/// asked for at that place at another size shows the same block at the same screen position, and
/// the page is measured whole in the background (`PageHeights`) without holding up a screen.
@Suite(.serialized) struct KeptPlaceTests {
    /// `category`, `viewport` (`WxH`; without one the whole page, `width` wide), `offset` and
    /// `at`; the rest (the page's `scale`, `lang`, …) is not read: a small stand-in for the command
    /// line's parser (CLITests run that one).
    static let parameters: @Sendable (Query) throws -> ScreenParameters = { query in
        var parameters = ScreenParameters(width: query.value("width").flatMap(Double.init) ?? 390)
        if let viewport = query.value("viewport") {
            let sides = viewport.split(separator: "x").compactMap { Double($0) }
            guard sides.count == 2 else { throw BadRequest("viewport must be WxH, got '\(viewport)'") }
            parameters.viewport = Size(width: sides[0], height: sides[1])
            parameters.width = sides[0]
        }
        if let name = query.value("category") {
            guard let category = ContentSizeCategory(name: name) else { throw BadRequest("no category '\(name)'") }
            parameters.categories = [category]
        }
        if let offset = query.value("offset").flatMap(Double.init) { parameters.position = .offset(offset) }
        if let at = query.value("at") { parameters.position = .anchor(try ScreenAnchor(parsing: at)) }
        return parameters
    }

    static let readme = "Alamofire--Alamofire--README.md"

    static func running(_ contents: Data? = nil, configure: (inout PreviewServer.Configuration) -> Void = { _ in }) throws
        -> PreviewServerTests.Running
    {
        let text = try contents ?? Data(contentsOf: Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/\(readme)"))
        return try PreviewServerTests.Running(readme, contents: text) { configuration in
            configuration.parameters = KeptPlaceTests.parameters
            configure(&configuration)
        }
    }

    /// The block at the top of the screen at `top` at `category` and `width`, from the server's own
    /// layout JSON (not from the place it answered): its index path and its top on the screen.
    static func blockAtTop(_ running: PreviewServerTests.Running, category: String, width: Int = 390, top: Double) throws
        -> (indexPath: String, screenY: Double)?
    {
        let response = try running.get("/layout.json?category=\(category)&viewport=\(width)x844&offset=\(JSONText.number(top))")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let layout = try #require((json["layouts"] as? [[String: Any]])?.first)
        for element in layout["elements"] as? [[String: Any]] ?? [] where element["kind"] as? String == "cell" {
            guard let frame = element["frame"] as? [String: Double], let y = frame["y"], let height = frame["height"],
                  let path = element["indexPath"] as? [String: Int] else { continue }
            if y + height > top + 0.01 { return ("item:\(path["section"] ?? -1).\(path["item"] ?? -1)", y - top) }
        }
        return nil
    }

    /// At 0, the page's top: the first block below the page's inset stays as far below the
    /// screen's top (a place above its unit, `within` below 0), not scrolled up past the inset.
    @Test(arguments: [("l", "ax5", 1.0 / 3), ("l", "ax5", 0.6), ("xs", "ax3", 0.5), ("l", "ax5", 0.0), ("ax5", "l", 0.0)])
    func aSizeChangeKeepsTheBlockAtTheTopOfTheScreen(_ from: String, _ to: String, _ fraction: Double) throws {
        let running = try Self.running()
        defer { running.stop() }
        let height = try Self.wholeHeight(running, category: from)
        let top = (fraction * (height - 844)).rounded()
        let there = try running.get("/render.svg?viewport=390x844&category=\(from)&offset=\(JSONText.number(top))")
        let anchor = try #require(there.headers["x-reflow-anchor"]), within = try #require(there.headers["x-reflow-anchor-within"])
        let before = try #require(try Self.blockAtTop(running, category: from, top: top))
        // Back and forth: the block at the top stays at the same place on the screen each time.
        var place = (anchor: anchor, within: within)
        for category in [to, from] {
            let kept = try running.get("/render.svg?viewport=390x844&category=\(category)&at=\(place.anchor)&within=\(place.within)")
            #expect(kept.status == 200, "\(kept.text)")
            let keptTop = try #require(Double(kept.headers["x-reflow-screen-top"] ?? ""))
            let after = try #require(try Self.blockAtTop(running, category: category, top: keptTop))
            #expect(after.indexPath == before.indexPath, "\(from) → \(category) at \(fraction) of the page: the block at the top")
            // Exactly, to the layout JSON's precision (its frames are written to 0.001 pt): the
            // place is kept in the layout's own numbers, not the issue's 1 pt.
            #expect(abs(after.screenY - before.screenY) <= 0.001,
                    "\(from) → \(category): the block's top on the screen, \(before.screenY) then \(after.screenY)")
            #expect(kept.headers["x-reflow-anchor"] == anchor)
            place = (try #require(kept.headers["x-reflow-anchor"]), try #require(kept.headers["x-reflow-anchor-within"]))
        }
    }

    /// From AX5 to L deep in the page the screen's top can lie further into a tall block than the
    /// block is tall at L: the same block stays at the top (its last part showing), not the next.
    @Test(arguments: [0.6, 0.85])
    func fromALargerSizeTheBlockStaysAtTheTopEvenDeepInIt(_ fraction: Double) throws {
        let running = try Self.running()
        defer { running.stop() }
        let height = try Self.wholeHeight(running, category: "ax5")
        let top = (fraction * (height - 844)).rounded()
        let there = try running.get("/render.svg?viewport=390x844&category=ax5&offset=\(JSONText.number(top))")
        let anchor = try #require(there.headers["x-reflow-anchor"]), within = try #require(there.headers["x-reflow-anchor-within"])
        let before = try #require(try Self.blockAtTop(running, category: "ax5", top: top))
        let kept = try running.get("/render.svg?viewport=390x844&category=l&at=\(anchor)&within=\(within)")
        let keptTop = try #require(Double(kept.headers["x-reflow-screen-top"] ?? ""))
        let after = try #require(try Self.blockAtTop(running, category: "l", top: keptTop))
        #expect(after.indexPath == before.indexPath, "ax5 → l at \(fraction) of the page: the block at the top")
        #expect(kept.headers["x-reflow-anchor"] == anchor)
    }

    @Test func aWidthChangeKeepsTheBlockAtTheTopToo() throws {
        let running = try Self.running()
        defer { running.stop() }
        let there = try running.get("/render.svg?viewport=390x844&category=xxl&offset=4000")
        let before = try #require(try Self.blockAtTop(running, category: "xxl", top: 4000))
        let anchor = try #require(there.headers["x-reflow-anchor"]), within = try #require(there.headers["x-reflow-anchor-within"])
        let kept = try running.get("/render.svg?viewport=744x844&category=xxl&at=\(anchor)&within=\(within)")
        let keptTop = try #require(Double(kept.headers["x-reflow-screen-top"] ?? ""))
        let after = try #require(try Self.blockAtTop(running, category: "xxl", width: 744, top: keptTop))
        #expect(after.indexPath == before.indexPath && abs(after.screenY - before.screenY) <= 1)
    }

    @Test func withinIsCheckedAndGoesWithAnItemAnchor() throws {
        let running = try Self.running()
        defer { running.stop() }
        let alone = try running.get("/render.svg?viewport=390x844&category=l&offset=10&within=5")
        #expect(alone.status == 400)
        #expect(alone.text.contains("within=5.0 goes with at=item:SECTION.ITEM"))
        for bad in ["-1e10", "nan", "1e300", "x"] {
            let response = try running.get("/render.svg?viewport=390x844&category=l&at=item:0.1&within=\(bad)")
            #expect(response.status == 400 && response.text.contains("within must be a number of points"), "\(bad): \(response.text)")
        }
    }

    /// The page's whole height at `category`, as the layout JSON without a viewport says it.
    static func wholeHeight(_ running: PreviewServerTests.Running, category: String) throws -> Double {
        let response = try running.get("/layout.json?category=\(category)&width=390")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        let layout = try #require((json["layouts"] as? [[String: Any]])?.first)
        return try #require((layout["contentSize"] as? [String: Double])?["height"])
    }

    @Test func theExactHeightArrivesInTheBackgroundAndIsKept() throws {
        let running = try Self.running()
        defer { running.stop() }
        let stream = try LoopbackHTTP.EventStream("/events", port: running.port)
        defer { stream.close() }
        _ = try stream.next(named: "hello")
        let first = try running.get("/render.svg?viewport=390x844&category=ax5&offset=0")
        #expect(first.headers["x-reflow-content-height-estimated"] == "true", "the first screen knows the page down to its bottom")
        let key = try #require(first.headers["x-reflow-layout-key"])
        let event = try #require(try stream.next(named: "height"))
        let said = try #require(try JSONSerialization.jsonObject(with: Data(event.utf8)) as? [String: Any])
        #expect(said["key"] as? String == key && said["version"] as? Int == 1)
        let whole = try Self.wholeHeight(running, category: "ax5")
        #expect(abs((said["contentHeight"] as? Double ?? 0) - whole) < 0.01, "the page measured whole: \(whole) pt")
        // Every screen of that page says the exact height from then on, at any offset.
        for offset in [0, 3000, 20000] {
            let screen = try running.get("/render.svg?viewport=390x844&category=ax5&offset=\(offset)")
            #expect(screen.headers["x-reflow-content-height-estimated"] == "false")
            #expect(Double(screen.headers["x-reflow-content-height"] ?? "") == said["contentHeight"] as? Double)
        }
        // End: the last screen ends where the page does, its last block on it.
        let end = try running.get("/render.svg?viewport=390x844&category=ax5&offset=\(JSONText.number(whole))")
        let top = try #require(Double(end.headers["x-reflow-screen-top"] ?? ""))
        #expect(abs(top + 844 - whole) < 1)
    }

    /// A long document (the README sixty times): measuring it whole takes far longer than a screen.
    static func long() throws -> Data {
        let text = try String(contentsOf: Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/\(readme)"), encoding: .utf8)
        return Data(String(repeating: text + "\n\n", count: 60).utf8)
    }

    @Test(.timeLimit(.hangGuard)) func aScreenIsNotHeldUpWhileThePageIsMeasured() throws {
        let running = try Self.running(try Self.long()) { $0.renderThreads = 1 }
        defer { running.stop() }
        let heights = running.server.renderer.heights
        _ = try running.get("/render.svg?viewport=390x844&category=ax5&offset=0")
        let begun = Date().addingTimeInterval(30)
        while heights.counts.started < 1, Date() < begun { Thread.sleep(forTimeInterval: 0.01) }
        #expect(heights.counts.started == 1)
        // Screens of the same page while it is measured, on the one render thread there is.
        for offset in [900, 1800, 2700] {
            #expect(try running.get("/render.svg?viewport=390x844&category=ax5&offset=\(offset)").status == 200)
        }
        #expect(heights.counts.finished == 0, "the measurement was still under way: \(heights.counts)")
        #expect(heights.counts.started == 1, "the same page is measured once")
        // Another size: the measurement under way is given up, and that size's page measured instead.
        _ = try running.get("/render.svg?viewport=390x844&category=l&offset=0")
        let deadline = Date().addingTimeInterval(60)
        while heights.counts.givenUp < 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(heights.counts.givenUp == 1 && heights.counts.started == 2, "\(heights.counts)")
        // A save of the file gives up the measurement of the old version.
        try Data("# Short now\n\nOne paragraph.\n".utf8).write(to: running.document, options: .atomic)
        while heights.counts.givenUp < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(heights.counts.givenUp == 2, "\(heights.counts)")
    }

    /// While an answer is made anywhere in the process, the background measuring waits: a server
    /// flooded with requests does not hold a page's layout beside them (ConnectionLimitTests'
    /// memory bound under AddressSanitizer), and takes it up again once they are answered.
    @Test(.timeLimit(.hangGuard)) func aMeasurementWaitsWhileAnAnswerIsMade() throws {
        let running = try Self.running()
        defer { running.stop() }
        let heights = running.server.renderer.heights
        try PageHeights.foreground {
            _ = try running.get("/render.svg?viewport=390x844&category=ax5&offset=0")
            // The whole README is measured in well under a second when nothing waits.
            Thread.sleep(forTimeInterval: 3)
            #expect(heights.counts.finished == 0, "measured while an answer was made: \(heights.counts)")
        }
        let deadline = Date().addingTimeInterval(60)
        while heights.counts.finished < 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(heights.counts.finished == 1 && heights.counts.givenUp == 0, "\(heights.counts)")
    }

    @Test(.timeLimit(.hangGuard)) func aMeasurementIsBoundedInTime() throws {
        let running = try Self.running(try Self.long()) { $0.limits.backgroundMeasurementSeconds = 0.05 }
        defer { running.stop() }
        let heights = running.server.renderer.heights
        let first = try running.get("/render.svg?viewport=390x844&category=ax5&offset=0")
        let deadline = Date().addingTimeInterval(60)
        while heights.counts.givenUp < 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(heights.counts.givenUp == 1 && heights.counts.finished == 0, "\(heights.counts)")
        #expect(first.headers["x-reflow-content-height-estimated"] == "true")
        #expect(try running.get("/render.svg?viewport=390x844&category=ax5&offset=900").headers["x-reflow-content-height-estimated"] == "true",
                "no height was kept: the page still scrolls by the estimates")
    }
}
