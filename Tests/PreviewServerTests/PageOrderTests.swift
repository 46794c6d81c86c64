import Foundation
import NIOHTTP1
import Reflow
import Testing
import TestSupport
@testable import PreviewServer

/// The live page's order (`order=0.3:0.5,…`, `PageOrder`): read before the preview's options
/// (a bad one is 400 saying the form), made on the content before it is laid out, so the
/// pictures and `/layout.json` show the cells where the page moved them; a move the engine or a
/// Markdown list refuses is 422 saying why.
@Suite(.serialized) struct PageOrderTests {
    /// A reading whose preview parser refuses `order`: the server takes it out before.
    static let reading = RequestReading(listeningOn: "127.0.0.1", documentPath: "/work/secret/notes.md", parameters: { query in
        if query.value("order") != nil { throw BadRequest("the preview's options were given order") }
        return ScreenParameters()
    })

    static func decide(_ target: String) -> RequestReading.Decision {
        var head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target)
        head.headers.add(name: "Host", value: "127.0.0.1:8080")
        return reading.decide(head, port: 8080)
    }

    @Test func anOrderIsReadBeforeThePreviewsOptions() throws {
        guard case .render(.layout, let parameters) = Self.decide("/layout.json?order=0.3%3A0.5,12.0:1.7") else {
            return #expect(Bool(false), "an order is read and taken out of the preview's options")
        }
        #expect(parameters.order.moves == [PageOrder.Move(from: IndexPath(item: 3, section: 0), to: IndexPath(item: 5, section: 0)),
                                           PageOrder.Move(from: IndexPath(item: 0, section: 12), to: IndexPath(item: 7, section: 1))])
        #expect(parameters.order.description == "0.3:0.5,12.0:1.7")
        guard case .render(_, let none) = Self.decide("/render.png?order=") else { return #expect(Bool(false), "an empty order") }
        #expect(none.order.isEmpty)
    }

    @Test(arguments: ["1.1", "1:2", "1.1:2", "a.1:1.2", "1.1:1.2,", "-1.0:0.0", "1.1:1.2:1.3", "1.1 :1.2", "0.0:0.1;0.2:0.3",
                      "1.1234567890:1.2", "1.%2B1:1.2"])
    func aBadOrderIs400SayingTheForm(_ value: String) {
        guard case .refuse(let status, let text, _) = Self.decide("/layout.json?order=" + value) else {
            return #expect(Bool(false), "order=\(value) was read")
        }
        #expect(status == .badRequest)
        #expect(text.contains("write each as section.item:section.item"), "\(text)")
    }

    @Test func anOrderGivenTwiceOrTooLongIs400() {
        guard case .refuse(.badRequest, let twice, _) = Self.decide("/layout.json?order=0.0:0.1&order=0.1:0.0") else {
            return #expect(Bool(false), "two orders were read")
        }
        #expect(twice.contains("give it once"))
        let many = Array(repeating: "0.0:0.1", count: PageOrder.maximumMoves + 1).joined(separator: ",")
        guard case .refuse(.badRequest, let long, _) = Self.decide("/layout.json?order=" + many) else {
            return #expect(Bool(false), "\(PageOrder.maximumMoves + 1) moves were read")
        }
        #expect(long.contains("more than the \(PageOrder.maximumMoves) a request takes"))
    }

    /// Cells of the screen report at `target`, index path "s.i" to text.
    static func cells(_ response: LoopbackHTTP.Response) throws -> [String: String] {
        let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let elements = ((json?["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]]) ?? []
        var cells: [String: String] = [:]
        for element in elements where element["kind"] as? String == "cell" {
            let path = element["indexPath"] as? [String: Int] ?? [:]
            cells["\(path["section"] ?? -1).\(path["item"] ?? -1)"] = element["text"] as? String
        }
        return cells
    }

    @Test func aScreensCellsAreLaidOutInThePagesOrder() throws {
        let running = try PreviewServerTests.Running("store.json")
        defer { running.stop() }
        let before = try running.get("/layout.json"), after = try running.get("/layout.json?order=1.0:1.3")
        #expect(before.status == 200 && after.status == 200, "\(after.text)")
        #expect(try Self.cells(before)["1.0"] == "Travel")
        #expect(try Self.cells(after)["1.0"] == "Food" && Self.cells(after)["1.3"] == "Travel")
        #expect(after.headers["x-reflow-sections"] == "3,6,4")
        #expect(after.headers["x-reflow-moved-to"] == "4 of 6")
        #expect(before.headers["x-reflow-moved-to"] == nil)
        // Across sections, as the engine allows, and back: the pictures agree with the layout.
        let across = try running.get("/layout.json?order=2.0:1.0")
        #expect(try Self.cells(across)["1.0"] == "Weather Now")
        #expect(across.headers["x-reflow-moved-to"] == "1 of 7" && across.headers["x-reflow-sections"] == "3,7,3")
        let moved = try running.get("/render.png?order=1.0:1.3"), back = try running.get("/render.png?order=1.0:1.3,1.3:1.0")
        #expect(try moved.body != running.get("/render.png").body)
        #expect(try back.body == running.get("/render.png").body)
        let nowhere = try running.get("/layout.json?order=1.0:1.9")
        #expect(nowhere.status == 422)
        #expect(nowhere.text.contains("move 1 of the page's order (1.0:1.9) cannot be made: there is no place 1.9"), "\(nowhere.text)")
    }

    @Test func aMarkdownListsItemsMoveWithinTheirList() throws {
        let running = try PreviewServerTests.Running("welcome.md")
        defer { running.stop() }
        let answer = try running.get("/layout.json?order=1.1:1.4"), moved = try Self.cells(answer)
        #expect(moved["1.1"]?.hasPrefix("Measures") == true && moved["1.4"]?.hasPrefix("Reads CommonMark") == true)
        // Counted among its list's items, as a person counts them: the last of four.
        #expect(answer.headers["x-reflow-moved-to"] == "4 of 4")
        #expect(try running.get("/layout.json?order=1.1:1.4,1.4:1.1,1.5:1.6").headers["x-reflow-moved-to"] == "2 of 3")
        let out = try running.get("/layout.json?order=1.1:1.5")
        #expect(out.status == 422)
        #expect(out.text.contains("a list item moves within its own list, and its list's places are 1.1 to 1.4"), "\(out.text)")
        let heading = try running.get("/layout.json?order=1.0:1.2")
        #expect(heading.status == 422)
        #expect(heading.text.contains("the cell at 1.0 is a heading, and in a Markdown document only a list's items move"))
        // A numbered list's numbers stay with their places: the second item shows 1. at the top.
        let numbered = try running.get("/layout.json?order=1.5:1.6")
        let markers = numbered.text.split(separator: "\n").filter { $0.contains("\"listItem\"") }
            .compactMap { line in line.range(of: #""marker": \{"text": "[^"]*""#, options: .regularExpression).map { String(line[$0]) } }
        let lastThree: [String?] = markers.suffix(3).map { (marker: String) -> String? in marker.split(separator: "\"").last.map(String.init) }
        #expect(lastThree == ["1.", "2.", "3."], "\(markers)")
        #expect(try Self.cells(numbered)["1.5"]?.hasPrefix("Choose a container width") == true)
    }

    /// Texts of section 0's cells 3 to 25 (Alamofire's table of contents) laid out for `order`,
    /// in order, from the screens at offsets 0 to 1200.
    static func contents(_ running: PreviewServerTests.Running, _ order: String) throws -> [String] {
        var cells: [String: String] = [:]
        for offset in [0, 400, 800, 1200] { cells.merge(try Self.cells(running.get("/layout.json?offset=\(offset)&order=" + order))) { a, _ in a } }
        return (3...25).map { String((cells["0.\($0)"] ?? "?").prefix(12)) }
    }

    /// Alamofire's README: its table of contents' "Usage" and "Advanced Usage" each have a nested
    /// list below them. Such an item moves with its nested list, as one, among its list's items;
    /// every other cell keeps its order, and a numbered list keeps its numbers in order.
    @Test func aListItemMovesWithItsNestedListAmongItsSiblings() throws {
        let readme = Fixtures.repository.appendingPathComponent("Tests/Corpus/markdown/Alamofire--Alamofire--README.md")
        let running = try PreviewServerTests.Running("README.md", contents: try Data(contentsOf: readme))
        defer { running.stop() }
        let before = try Self.contents(running, "")
        #expect(before[7] == "Usage" && before[12] == "Advanced Usa", "\(before)")
        // Usage (0.10, with 4 nested items) past Advanced Usage (0.15, with 5): it ends at 0.16.
        let down = try running.get("/layout.json?order=0.10:0.16")
        #expect(down.status == 200, "\(down.text)")
        // Typed, and each order built apart from its #expect: array sums of slices inside a macro
        // cost the type checker seconds.
        let expected: [String] = Array(before[0..<7]) + Array(before[12..<18]) + Array(before[7..<12]) + Array(before[18...])
        let downContents = try Self.contents(running, "0.10:0.16")
        #expect(downContents == expected, "\(downContents)")
        #expect(down.headers["x-reflow-moved-to"] == "9 of 14")
        // And back, up past Contributing (one block), as Alt+Up moves it: the file's order, then one place up.
        let up = try running.get("/layout.json?order=0.10:0.16,0.16:0.10,0.10:0.9")
        let upExpected: [String] = Array(before[0..<6]) + Array(before[7..<12]) + [before[6]] + Array(before[12...])
        #expect(try Self.contents(running, "0.10:0.16,0.16:0.10,0.10:0.9") == upExpected)
        #expect(up.headers["x-reflow-moved-to"] == "7 of 14")
        // A one-block item passes over an item with a nested list: Contributing to after Advanced Usage.
        let over = try running.get("/layout.json?order=0.9:0.20")
        let overExpected: [String] = Array(before[0..<6]) + Array(before[7..<18]) + [before[6]] + Array(before[18...])
        #expect(try Self.contents(running, "0.9:0.20") == overExpected)
        #expect(over.headers["x-reflow-moved-to"] == "9 of 14")
        // A nested item moves within its own nested list only.
        let nested = try running.get("/layout.json?order=0.11:0.14")
        #expect(try Self.contents(running, "0.11:0.14")[8..<12] == ["HTTP - HTTP ", "Large Data -", "Tools - Stat", "Introduction"])
        #expect(nested.headers["x-reflow-moved-to"] == "4 of 4")
        let out = try running.get("/layout.json?order=0.11:0.5")
        #expect(out.status == 422)
        #expect(out.text.contains("its list's places are 0.11 to 0.14; 0.5 is outside it (a nested item moves within its own nested list)"),
                "\(out.text)")
        // A place inside another item's blocks is not between items.
        let inside = try running.get("/layout.json?order=0.10:0.12")
        #expect(inside.status == 422)
        #expect(inside.text.contains("0.12 is inside a list item's own blocks"), "\(inside.text)")
        let part = try running.get("/layout.json?order=0.12:0.11")
        #expect(part.status == 200)  // a nested item is an item of its own list
        // A numbered list's numbers stay with their places, the nested list's with its item.
        let steps = Data("1. One\n   - one a\n   - one b\n2. Two\n3. Three\n   1. three a\n".utf8)
        let numbered = try PreviewServerTests.Running("steps.md", contents: steps)
        defer { numbered.stop() }
        let moved = try numbered.get("/layout.json?order=0.0:0.3")  // One (3 cells) after Three (2): its first at 0.3
        #expect(moved.status == 200, "\(moved.text)")
        let markers = moved.text.split(separator: "\n").filter { $0.contains("\"listItem\"") }
            .compactMap { line in line.range(of: #""marker": \{"text": "[^"]*""#, options: .regularExpression).map { String(line[$0]) } }
            .compactMap { $0.split(separator: "\"").last.map(String.init) }
        #expect(try Self.cells(moved).sorted { $0.key < $1.key }.map(\.value) == ["Two", "Three", "three a", "One", "one a", "one b"])
        #expect(markers == ["1.", "2.", "1.", "3.", "◦", "◦"] || markers == ["1.", "2.", "1.", "3.", "•", "•"], "\(markers)")
        // An item's second paragraph moves with its item, not alone.
        let paragraphs = try PreviewServerTests.Running("two.md", contents: Data("- One\n\n  more of one\n- Two\n".utf8))
        defer { paragraphs.stop() }
        let second = try paragraphs.get("/layout.json?order=0.1:0.2")
        #expect(second.status == 422)
        #expect(second.text.contains("the cell at 0.1 is part of the list item at 0.0, and moves with it"), "\(second.text)")
        #expect(try Self.cells(paragraphs.get("/layout.json?order=0.0:0.1")).sorted { $0.key < $1.key }.map(\.value) == ["Two", "One", "more of one"])
    }

    @Test func aTablesCellsAreRefusedInTheEnginesWords() throws {
        let running = try PreviewServerTests.Running("tables.md")
        defer { running.stop() }
        let layout = try running.get("/layout.json")
        let json = try JSONSerialization.jsonObject(with: Data(layout.body)) as? [String: Any]
        let elements = ((json?["layouts"] as? [[String: Any]])?.first?["elements"] as? [[String: Any]]) ?? []
        let table = try #require(elements.first { ($0["cell"] as? String)?.hasPrefix("table") == true }?["indexPath"] as? [String: Int])
        let section = table["section"] ?? -1
        let refused = try running.get("/layout.json?order=\(section).0:\(section).1")
        #expect(refused.status == 422)
        #expect(refused.text.contains("the cells of section \(section) cannot be moved: they form a table's rows and columns"), "\(refused.text)")
    }

    /// The page holds the run's token and the file's version only when the server writes
    /// (`--allow-edits`); its script then saves each move (`ReorderScript`).
    @Test func thePageHoldsTheEditFieldsOnlyWhenEditsAreAllowed() throws {
        let plain = try PreviewServerTests.Running("welcome.md")
        defer { plain.stop() }
        #expect(try !plain.get("/").text.contains("data-edit-token"))
        let editing = try PreviewServerTests.Running("welcome.md") { $0.allowEdits = true }
        defer { editing.stop() }
        let page = try editing.get("/").text
        let fields = try #require(editing.server.edits.pageFields())
        #expect(page.contains("<body data-edit-token=\"\(fields.token)\" data-edit-version=\"\(fields.version)\">"))
    }
}
