import Testing
import TextMetrics
@testable import Reflow
@testable import Readers
import TestSupport

/// Issue 24 ("Hardening II"), the screen reader's rows: what a hostile or careless screen file
/// gets is a correct result or one clear error naming its JSON path, never a template that
/// fills the memory, an echo of a megabyte, or a silent 844,000,000 pt element.
@Suite struct ScreenHardeningTests {
    static let item = """
        {"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}
        """
    static let group = """
        {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}, "subitems": [\(item)]}
        """

    static func screen(group: String = group, cells: String = "{\"text\": \"a\"}", extra: String = "") -> String {
        "{\"sections\": [{\"group\": \(group), \"cells\": [\(cells)]}]\(extra)}"
    }

    static func error(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ScreenFile(json: bytes)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A 1 MB unknown key (or style, or any name from the file) was echoed whole in the error.
    /// Names from the file are quoted shortened: their first 40 characters, "…" and their length.
    @Test(arguments: [
        screen(extra: ", \"\(String(repeating: "k", count: 1 << 20))\": 1"),
        screen(cells: "{\"text\": \"a\", \"\(String(repeating: "k", count: 1 << 20))\": 1}"),
        screen(cells: "{\"text\": \"a\", \"style\": \"\(String(repeating: "s", count: 1 << 20))\"}"),
        screen(group: group.replacingOccurrences(of: "\"vertical\"", with: "\"\(String(repeating: "v", count: 1 << 20))\"")),
    ])
    func aHugeNameFromTheFileIsQuotedShortened(_ json: String) throws {
        let message = try #require(Self.error(Array(json.utf8)))
        #expect(message.utf8.count < 400, "a message of \(message.utf8.count) bytes")
        #expect(message.contains("…") && message.contains("1048576 characters"), "\(message)")
    }

    /// A 2-byte-per-character name is counted in characters, and a short one is quoted whole.
    @Test func aShortNameIsQuotedWhole() throws {
        let message = try #require(Self.error(Array(Self.screen(cells: "{\"text\": \"a\", \"style\": \"huge\"}").utf8)))
        #expect(message.hasPrefix("sections[0].cells[0].style: unknown text style \"huge\";"), "\(message)")
    }

    /// Nested `fractionalHeight` groups (100 × 100 × 100 of an 844 pt screen) gave an element
    /// 844,000,000 pt tall without a word; now the layout refuses it, naming the group.
    @Test func aLengthBeyondTheLimitIsAnErrorNamingItsPath() throws {
        var group = Self.item.replacingOccurrences(of: "{\"estimated\": 44}", with: "{\"fractionalHeight\": 100}")
        for _ in 0..<3 {
            group = "{\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"fractionalHeight\": 100}}, "
                + "\"subitems\": [\(group)]}"
        }
        let input = try LayoutInput(bytes: Array(Self.screen(group: group).utf8), format: .screen)
        let environment = LayoutEnvironment(containerWidth: 390, containerHeight: 844, category: .large)
        do {
            let snapshot = try input.layout.layout(input.content, in: environment, sizer: try Fixtures.sizer())
            Issue.record("laid out, \(snapshot.contentSize.height) pt tall")
        } catch {
            #expect("\(error)".hasPrefix("sections[0].group.subitems[0].subitems[0]: its height resolves to 844000000 pt"), "\(error)")
            #expect("\(error)".contains("10000000 pt"), "\(error)")
        }
    }

    /// Row 2's hard limit: a section's group describing more items and groups than
    /// `ScreenReader.maximumGroupNodes` is refused, naming the group.
    @Test func aGroupOfTooManyNodesIsRefusedNamingIt() throws {
        let items = Array(repeating: Self.item, count: 10_001).joined(separator: ",")
        let group = "{\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"estimated\": 44}}, "
            + "\"subitems\": [\(items)]}"
        let message = try #require(Self.error(Array(Self.screen(group: group).utf8)))
        #expect(message.hasPrefix("sections[0].group: more than 10000 items and groups"), "\(message)")
    }

    /// Row 2: a screen of three nested vertical groups of count 1000 (as the issue's 583-byte
    /// screen) lays its two cells out, a billionth of the screen tall each, with warnings
    /// (before: a billion-node template, 4 to 8 GB, killed).
    @Test func theIssuesNestedCountScreenLaysOut() throws {
        var group = Self.item
        for axis in ["vertical", "vertical", "vertical"] {
            group = "{\"axis\": \"\(axis)\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"fractionalHeight\": 1}}, "
                + "\"count\": 1000, \"subitems\": [\(group)]}"
        }
        let input = try LayoutInput(bytes: Array(Self.screen(group: group, cells: "{\"text\": \"a\"}, {\"text\": \"b\"}").utf8),
                                    format: .screen)
        let snapshot = try input.layout.layout(input.content, in: LayoutEnvironment(containerWidth: 390, category: .large),
                                               sizer: try Fixtures.sizer())
        #expect(snapshot.cells.count == 2)
        #expect(snapshot.warnings.contains { $0.kind == .belowMinimumHeight })
    }
}
