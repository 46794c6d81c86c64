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
