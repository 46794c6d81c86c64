import Foundation
import Synchronization
import Testing
import TextMetrics
@testable import Reflow
import Readers
import TestSupport

/// The engine's side of issue 9: goldens that cannot pass by accident, scroll sessions that end,
/// sizes delivered one at a time, and documents read as people write them.
@Suite struct ReflowHardeningTests {
    /// #13: a golden that lists every cell twice does not pass: the duplicates are named.
    @Test func aGoldenListingEveryCellTwiceDoesNotMatch() throws {
        let actual = try LayoutComparisonTests.report(LayoutComparisonTests.original, .large)
        var object = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(actual)) as? [String: Any])
        object["elements"] = (object["elements"] as? [Any] ?? []).flatMap { [$0, $0] }
        let doubled = try JSONDecoder().decode(LayoutReport.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(doubled.elements.count == 2 * actual.elements.count)
        let comparison = LayoutComparison(golden: doubled, actual: actual)
        #expect(!comparison.matches)
        #expect(comparison.changes.map(\.kind) == Array(repeating: .duplicated, count: actual.elements.count))
        #expect(comparison.resized.first?.description.hasSuffix("is listed more than once in the golden") == true)
    }

    /// Found by fuzzing check's golden reader: a golden with a frame of 1e300 pt (hand-edited) made
    /// naming the change trap converting the difference to an integer.
    @Test func aGoldenWithHugeNumbersIsNamedNotATrap() throws {
        let actual = try LayoutComparisonTests.report(LayoutComparisonTests.original, .large)
        var object = try #require(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(actual)) as? [String: Any])
        var elements = try #require(object["elements"] as? [[String: Any]])
        var frame = try #require(elements[0]["frame"] as? [String: Any])
        frame["y"] = 1e300
        elements[0]["frame"] = frame
        object["elements"] = elements
        let golden = try JSONDecoder().decode(LayoutReport.self, from: try JSONSerialization.data(withJSONObject: object))
        let comparison = LayoutComparison(golden: golden, actual: actual)
        #expect(!comparison.matches)
        #expect(comparison.changes.first?.description.contains("y -1e+300 pt") == true, "\(comparison.changes.first?.description ?? "")")
        #expect(LayoutComparison.Change.signed(-1.7976931348623157e308) == "-1.7976931348623157e+308")
        #expect(LayoutComparison.Change.signed(22) == "+22")
        #expect(LayoutComparison.Change.signed(-0.5) == "-0.5")
    }

    /// #11: lengths too large to scale by 1000 keep their value instead of becoming infinite
    /// (which JSON writes as null and cannot read back).
    @Test func roundingAVeryLargeLengthKeepsIt() {
        #expect(LayoutReport.rounded(1e308) == 1e308)
        #expect(LayoutReport.rounded(12.34567) == 12.346)
        #expect(JSONText.number(LayoutReport.rounded(1e308)) != "null")
    }

    static func session(speed: Double, fps: Double = 60, maximumFrames: Int = 1_000, width: Double = 390) throws -> ScrollSession {
        let content = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let environment = LayoutEnvironment(containerWidth: width, category: .large)
        var configuration = ScrollSession.Configuration(viewportHeight: 400)
        configuration.speed = speed
        configuration.framesPerSecond = fps
        configuration.maximumFrames = maximumFrames
        return try ScrollSession(layout: ListLayout(), content: content, environment: environment, sizer: try Fixtures.sizer(),
                                 configuration: configuration)
    }

    /// #3: a move below the point grid's 1/64 pt step never moves the snapped offset: refused at once.
    @Test func aStepBelowTheGridStepIsRefused() throws {
        var session = try Self.session(speed: 0.01, fps: 60)
        #expect(throws: ScrollSession.Failure.stepTooSmall(step: 0.01 / 60)) { try session.run() }
        #expect(session.frames.isEmpty)
    }

    /// A unit that cannot be measured (a container narrower than a row's insets) stops the
    /// session after the frame that measured it, with the measuring error: its 44 pt stand-in row
    /// is never part of a result. (Before, the error surfaced only if something later asked the
    /// layout for it; a text-size change dropped it.)
    @Test func aMeasuringErrorStopsTheSessionAfterItsFrame() throws {
        var session = try Self.session(speed: 3_000, width: 20)
        #expect(throws: ReflowError.self) { try session.run() }
        #expect(session.frames.isEmpty && session.summary == nil)
    }

    /// #3: a session stops at its frame limit, having kept no more frames than that.
    @Test func aSessionStopsAtItsFrameLimit() throws {
        var session = try Self.session(speed: 1, fps: 60, maximumFrames: 500)
        let failure = try #require(throws: ScrollSession.Failure.self) { try session.run() }
        guard case .tooManyFrames(let limit, let step, let offset, let end) = failure else {
            Issue.record("expected .tooManyFrames, got \(failure)")
            return
        }
        #expect(limit == 500 && step == 1.0 / 60 && offset > 0 && offset < end)
        #expect(failure.description.hasSuffix("raise the speed, lower the frame rate, or allow more frames"))
        #expect(session.frames.count == 500)
        var quick = try Self.session(speed: 3_000)
        let summary = try quick.run()
        #expect(summary.frames < 1_000)
    }

    /// Streaming a sweep: every category once, in the order asked, each value handed over as
    /// soon as it and the ones before it are done.
    @Test func forEachDeliversInOrderOnce() throws {
        let content = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let order: [ContentSizeCategory] = [.accessibilityExtraExtraExtraLarge, .extraSmall, .large, .extraSmall, .accessibilityMedium]
        let delivered = Mutex<[(Int, ContentSizeCategory)]>([])
        try CategorySweep.forEach(
            content, categories: order, containerWidth: 390,
            makeSizer: { try Fixtures.sizer() }, layout: ListLayout(),
            transform: { $0.environment.category },
            deliver: { index, category in delivered.withLock { $0.append((index, category)) } })
        let seen = delivered.withLock { $0 }
        #expect(seen.map(\.0) == Array(0..<order.count))
        #expect(seen.map(\.1) == order)
    }

    /// A delivery that fails (a full disk) stops the sweep with its error.
    @Test func aFailedDeliveryStopsTheSweep() throws {
        struct Full: Error {}
        let content = CellMode.blocks.content(for: try Fixtures.example("welcome.md"))
        let calls = Atomic<Int>(0)
        #expect(throws: Full.self) {
            try CategorySweep.forEach(
                content, categories: ContentSizeCategory.allCases, containerWidth: 390,
                makeSizer: { try Fixtures.sizer() }, layout: ListLayout(),
                transform: { $0.environment.category },
                deliver: { _, _ in
                    calls.add(1, ordering: .relaxed)
                    throw Full()
                })
        }
        #expect(calls.load(ordering: .relaxed) == 1)
    }

    /// Lone CR (old Mac files) ends lines as LF and CRLF do.
    @Test func loneCarriageReturnsEndLines() throws {
        for newline in ["\n", "\r\n", "\r"] {
            let text = ["first line", "same paragraph", "", "second paragraph", ""].joined(separator: newline)
            #expect(PlainText.paragraphs(text) == ["first line same paragraph", "second paragraph"], "\(Array(newline.unicodeScalars))")
            #expect(try Document(markdown: text).blocks.map(\.text.string) == ["first line same paragraph", "second paragraph"])
        }
    }

    /// `- - - x`: nested lists that start on one line show every level's marker on that line,
    /// outer first, as a browser draws them, each in its own column; nested items step in with
    /// the next level's bullet.
    @Test func nestedListsOnOneLineKeepTheirBulletsInOrder() throws {
        let markers = { (block: Block) in
            block.nesting.containers.compactMap { if case .listItem(_, let marker) = $0 { marker } else { nil } }
        }
        let one = try Document(markdown: "- - - x\n").blocks
        #expect(one.map(\.text.string) == ["x"] && one.map(markers) == [["•", "◦", "▪"]])
        let mixed = try Document(markdown: "1. - x\n2. y\n").blocks
        #expect(mixed.map(\.text.string) == ["x", "y"] && mixed.map(markers) == [["1.", "•"], ["2."]])
        let nested = try Document(markdown: "- a\n  - b\n- c\n").blocks
        #expect(nested.map(\.nesting.marker) == ["•", "◦", "•"] && nested.map(\.nesting.depth) == [1, 2, 1])
    }

    /// Errors never say a width was "0" when it was not.
    @Test func tinyWidthsAreReportedFaithfully() {
        let error = ReflowError.containerTooNarrow(containerWidth: 0.0001, category: .large, needed: 33)
        #expect(error.description.hasPrefix("container width 0.0001 pt is too narrow at category l: cells need more than 33 pt"))
        #expect(ReflowError.widthTooSmall(width: 12.345, category: .large, needed: 40.5).description.hasPrefix("width 12.35 pt"))
    }

    /// The engine says what is wrong with the values and what to change in their terms; which
    /// option sets a value is the command line's business (reflow-cli's `CommandLineWording`).
    @Test func errorsSayWhatToChangeWithoutNamingAnOption() {
        let errors: [ReflowError] = [
            .widthTooSmall(width: 12, category: .large, needed: 40),
            .containerTooNarrow(containerWidth: 30, category: .accessibilityExtraExtraExtraLarge, needed: 33),
            .itemTooNarrow(width: 20, category: .large, needed: 33, indexPath: IndexPath(item: 2, section: 1)),
        ]
        for error in errors {
            #expect(error.description.hasPrefix(error.problem + "; "), "\(error)")
            #expect(!error.description.contains("--"), "\(error)")
        }
        #expect(errors[1].description.hasSuffix("; give the container more width"))
        #expect(errors[2].problem.hasPrefix("the item of cell 1.2 is 20 pt wide at category l"))
    }
}
