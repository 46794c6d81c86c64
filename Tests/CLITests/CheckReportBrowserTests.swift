import Foundation
import Preview
import Reflow
import Testing
import TestSupport

/// `check --report` in a real browser: headless Chromium opens the report from its file (no
/// server; its content security policy allows no script, so the page is checked from a
/// screenshot) and draws it at one device pixel per CSS pixel. The test finds the golden's and
/// today's pictures by their text bars, and in the difference picture the marks of the changed
/// cell: today's outline (red) ends as far below the golden's (blue, dashed) as the cell grew,
/// and the cell that moved below it (tinted) starts where the layout puts it under today's
/// outline. A picture that did not load, or marks drawn anywhere else, fail it.
///
/// Needs Chromium, as `ChromiumComparisonTests` does: skipped with a message where it is not
/// installed, a failure in CI (CI set) or with REFLOW_REQUIRE_CHROMIUM=1.
@Suite(.serialized, .runsOutsideTools, .tags(.outsideTools)) struct CheckReportBrowserTests {
    /// A frame of the layout JSON `json` (a golden, or `reflow-cli layout`'s, whose one layout is
    /// under `layouts`): the cell at `section`, `item`.
    static func frame(section: Int = 0, item: Int, in json: Data) throws -> (y: Double, height: Double, width: Double) {
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let layout = (object["layouts"] as? [[String: Any]])?.first ?? object
        let elements = try #require(layout["elements"] as? [[String: Any]])
        func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }
        let element = try #require(elements.first {
            let path = $0["indexPath"] as? [String: Any]
            return $0["kind"] as? String == "cell" && number(path?["section"]) == Double(section) && number(path?["item"]) == Double(item)
        })
        let frame = try #require(element["frame"] as? [String: Any])
        return (try #require(number(frame["y"])), try #require(number(frame["height"])), try #require(number(frame["width"])))
    }

    /// The pixels of `image` within `tolerance` of `color` on every channel, as their bounding box and count.
    static func find(_ color: Color, in image: RGBAImage, tolerance: Int = 8, columns: Range<Int>? = nil,
                     rows: Range<Int>? = nil) -> (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)? {
        var box: (minX: Int, minY: Int, maxX: Int, maxY: Int, count: Int)?
        for y in rows ?? 0..<image.height {
            for x in columns ?? 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                guard abs(Int(pixel.red) - Int(color.red)) <= tolerance, abs(Int(pixel.green) - Int(color.green)) <= tolerance,
                      abs(Int(pixel.blue) - Int(color.blue)) <= tolerance else { continue }
                box = box.map { (min($0.minX, x), min($0.minY, y), max($0.maxX, x), max($0.maxY, y), $0.count + 1) } ?? (x, y, x, y, 1)
            }
        }
        return box
    }

    /// The first row of `image` where `color` (within `tolerance`) runs unbroken for `length`
    /// pixels within `columns`: a picture's bar, which anti-aliased text never draws.
    static func firstRun(of color: Color, length: Int, in image: RGBAImage, tolerance: Int = 3, columns: Range<Int>) -> Int? {
        for y in 0..<image.height {
            var run = 0
            for x in columns {
                let pixel = image.pixel(x: x, y: y)
                let close = abs(Int(pixel.red) - Int(color.red)) <= tolerance && abs(Int(pixel.green) - Int(color.green)) <= tolerance
                    && abs(Int(pixel.blue) - Int(color.blue)) <= tolerance
                run = close ? run + 1 : 0
                if run >= length { return y }
            }
        }
        return nil
    }

    @Test(.enabled(if: Chromium.isAvailable || Chromium.isRequired, "SKIPPED: chromium is not installed, so the report was not opened in a browser"))
    func theReportOpensInChromiumWithItsPicturesAndTheMarksWhereTheChangeIs() throws {
        guard Chromium.isAvailable else {
            Issue.record("chromium is not installed, and it is required here (CI or REFLOW_REQUIRE_CHROMIUM=1): apt-get install chromium, or set REFLOW_CHROMIUM")
            return
        }
        let (folder, file, goldens) = try CheckReportCommandTests.recorded {
            $0.replacingOccurrences(of: "and further.", with: "and further, then further again, on and on until it takes more lines.")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let report = folder.appendingPathComponent("report.html")
        let check = try CLI.run(["check", file, "--goldens", goldens, "--category", "l", "--report", report.path])
        try #require(check.status == 1, "\(check)")
        let golden = try Self.frame(item: 2, in: try Data(contentsOf: URL(fileURLWithPath: goldens + "/doc-l.json")))
        let layout = try CLI.run(["layout", file, "--category", "l"])
        let now = try Self.frame(item: 2, in: layout.stdout)
        // The next cell, the second section's heading, moved down.
        let below = try Self.frame(section: 1, item: 0, in: layout.stdout)
        try #require(now.height > golden.height, "the edit makes the cell taller at L")

        let (width, height) = (1_400, 1_800)
        let screenshot = try PNGCodec.decode(try Chromium.screenshot(of: report, width: width, height: height, scale: 1))
        try #require(screenshot.width == width && screenshot.height == height)

        // The golden's and today's pictures loaded: each has its text bars (a broken image shows
        // an icon and its alt text instead). The page's columns: three figures side by side.
        let third = width / 3
        var barsTop = height
        for (column, role) in [(0..<third, "golden"), (third..<2 * third, "now")] {
            let bar = Self.firstRun(of: Color(hex: 0xE6E6E6), length: 150, in: screenshot, columns: column)
            #expect(bar != nil, "the \(role) picture's text bars are on the page")
            barsTop = min(barsTop, bar ?? height)
        }
        // The difference picture: today's outline, the golden's dashes, the tint of what moved,
        // below the figures' captions (whose legend shows the same colours).
        let pictures = barsTop..<height
        let red = try #require(Self.find(Color(hex: 0xFF2D55), in: screenshot, rows: pictures), "today's outline is on the page")
        let blue = try #require(Self.find(Color(hex: 0x0A84FF), in: screenshot, rows: pictures), "the golden's outline is on the page")
        let tint = try #require(Self.find(Color(red: 255, green: 234, blue: 201), in: screenshot, tolerance: 4, rows: pictures),
                                "the cell that moved is tinted")
        #expect(red.minX > 2 * third - 40 && blue.minX > 2 * third - 40, "the marks are in the third figure: \(red) \(blue)")
        #expect(abs((red.maxX - red.minX) - Int(now.width)) <= 3, "today's outline is as wide as the cell: \(red)")
        // 1 CSS pixel a point: the outlines' bottoms are as far apart as the cell grew, and the
        // moved cell starts as far below today's outline as the layout has it.
        #expect(abs((red.maxY - blue.maxY) - Int((now.y + now.height - golden.y - golden.height).rounded())) <= 2,
                "red ends at \(red.maxY), blue at \(blue.maxY): the cell grew by \(now.height - golden.height) pt")
        #expect(abs((tint.minY - red.maxY) - Int((below.y - now.y - now.height).rounded())) <= 3,
                "the tint starts at \(tint.minY), \(below.y - now.y - now.height) pt below today's outline ending at \(red.maxY)")
        #expect(tint.minY > red.minY && tint.maxY > tint.minY + 20, "\(tint)")
    }
}
