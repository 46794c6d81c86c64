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

    /// A UTF-8 byte order mark at the start of a screen file was a JSON error; it is dropped, as
    /// it is from a document.
    @Test func aByteOrderMarkIsDropped() throws {
        let json = Array(Self.screen(cells: "{\"text\": \"Hello\"}").utf8)
        let screen = try ScreenFile(json: [0xEF, 0xBB, 0xBF] + json)
        #expect(try screen.content.sections[0].cell(0).text.string == "Hello")
        // Only at the start: elsewhere it is text that is not JSON.
        #expect(Self.error(json + [0xEF, 0xBB, 0xBF])?.contains("not valid JSON") == true)
    }

    /// A 1 MB unknown key (or style, or any name from the file) was echoed whole in the error.
    /// Names from the file are quoted shortened: their first 40 characters, "…" and their length.
    /// (Each case names where the megabyte goes, `NAME`, so the test's own log stays short.)
    @Test(arguments: [
        screen(extra: ", \"NAME\": 1"),
        screen(cells: "{\"text\": \"a\", \"NAME\": 1}"),
        screen(cells: "{\"text\": \"a\", \"style\": \"NAME\"}"),
        screen(group: group.replacingOccurrences(of: "\"vertical\"", with: "\"NAME\"")),
    ])
    func aHugeNameFromTheFileIsQuotedShortened(_ template: String) throws {
        let json = template.replacingOccurrences(of: "NAME", with: String(repeating: "n", count: 1 << 20))
        let message = try #require(Self.error(Array(json.utf8)))
        #expect(message.utf8.count < 400, "a message of \(message.utf8.count) bytes")
        #expect(message.contains("…") && message.contains("1048576 characters"), "\(message.prefix(400))")
    }

    /// A 2-byte-per-character name is counted in characters, and a short one is quoted whole.
    @Test func aShortNameIsQuotedWhole() throws {
        let message = try #require(Self.error(Array(Self.screen(cells: "{\"text\": \"a\", \"style\": \"huge\"}").utf8)))
        #expect(message.hasPrefix("sections[0].cells[0].style: unknown text style \"huge\";"), "\(message)")
    }

    /// Invalid UTF-8 inside a screen's strings was replaced silently; the README promises it is
    /// said, with the offset of the first bad byte. The reader now reports where it is.
    @Test func invalidUTF8InAScreenStringIsReported() throws {
        let head = Array(Self.screen(cells: "{\"text\": \"ab").utf8)
        let prefix = Array(head[..<(head.count - 4)])  // up to `ab`, before the `"}]}]}` that close it
        let bytes = prefix + [0xFF] + Array("c\"}]}]}".utf8)
        let input = try LayoutInput(bytes: bytes, format: .screen)
        #expect(input.firstInvalidByte == prefix.count)
        #expect(input.firstInvalidByteLocation == "sections[0].cells[0].text")
        #expect(try input.content.sections[0].cell(0).text.string == "ab\u{FFFD}c")
    }

    /// In a key, in the screen's own part (not a cell), and in a cell of a screen read lazily.
    @Test func invalidUTF8IsFoundWhereverItIs() throws {
        let title = Array("{\"title\": \"x".utf8) + [0xC3, 0x28] + Array("\", ".utf8) + Array(Self.screen().utf8.dropFirst())
        #expect(try LayoutInput(bytes: title, format: .screen).firstInvalidByteLocation == "title")
        let count = ScreenFile.eagerCellLimit + 5
        let cells = (0..<count).map { $0 == count - 2 ? "{\"text\": \"\u{1}\"}" : "{\"text\": \"r\"}" }.joined(separator: ",")
        var bytes = Array(Self.screen(cells: cells).utf8)
        let marker = try #require(bytes.firstIndex(of: 1))
        bytes[marker] = 0xED  // a lone lead byte
        let input = try LayoutInput(bytes: bytes, format: .screen)
        #expect(input.firstInvalidByte == marker)
        #expect(input.firstInvalidByteLocation == "sections[0].cells[\(count - 2)].text")
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
    /// `ScreenFile.maximumGroupNodes` is refused, naming the group.
    @Test func aGroupOfTooManyNodesIsRefusedNamingIt() throws {
        let items = Array(repeating: Self.item, count: 10_001).joined(separator: ",")
        let group = "{\"axis\": \"vertical\", \"size\": {\"width\": {\"fractionalWidth\": 1}, \"height\": {\"estimated\": 44}}, "
            + "\"subitems\": [\(items)]}"
        let message = try #require(Self.error(Array(Self.screen(group: group).utf8)))
        #expect(message.hasPrefix("sections[0].group: more than 10000 items and groups"), "\(message)")
    }

    /// Row 2: a screen of three nested vertical groups of count 1000 (as the issue's 583-byte
    /// screen) lays its two cells out (before: a billion-node template, 4 to 8 GB, killed).
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
        #expect(snapshot.cells.allSatisfy { $0.frame.height >= 44 }, "self-sized, whatever the count makes their slots")
    }
}
