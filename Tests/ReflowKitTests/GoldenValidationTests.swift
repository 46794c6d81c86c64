import Foundation
import ReflowKit
import Reflow
import TextMetrics
import Testing
import TestSupport

/// Issue 36, row 10: a golden is checked when read. Goldens live in a repository, where a pull
/// request can carry one edited to hold any number; `check --report` draws what reads. Every
/// single-number edit of a recorded golden (`HostileGoldenEdit.all(for:)`) either reads or is
/// refused with a message naming the golden, the number's place and its value (what reads is
/// drawn only as far as a picture shows it: `LayoutSketchLinesTests`, `RasterClampTests`).
@Suite struct GoldenValidationTests {
    static let path = "goldens/doc-l.json"

    /// The golden `check --record` writes for the example `name` at L, 390 pt wide.
    static func golden(_ name: String) throws -> String {
        let layouts = try GoldenStore.layouts(of: try Fixtures.input(name), categories: [.large], width: 390,
                                              fontsDirectory: try Fixtures.fonts().directory)
        return LayoutReport.Golden(report: layouts.reports[0], fonts: layouts.fonts).jsonText()
    }

    @Test(arguments: ["constructs.md", "store.json"])
    func everyEditOfOneNumberReadsOrIsRefusedNamingTheGoldenThePlaceAndTheValue(document: String) throws {
        let golden = try Self.golden(document)
        _ = try LayoutReport.Golden.decode(Array(golden.utf8), path: Self.path)
        let edits = try HostileGoldenEdit.all(for: golden)
        #expect(edits.count >= 50, "\(edits.count) edits")
        for edit in edits {
            let bytes = Array(try edit.apply(to: golden).utf8)
            do {
                _ = try LayoutReport.Golden.decode(bytes, path: Self.path)
                #expect(edit.expected == .reads, "\(edit) read; expected \(edit.expected)")
            } catch let error as LayoutReport.Golden.ReadError {
                let message = error.description
                switch edit.expected {
                case .reads:
                    Issue.record("\(edit) was refused: \(message)")
                case .refused(let value):
                    #expect(error.isOutOfBounds, "\(edit): \(message)")
                    #expect(message.hasPrefix("golden '\(Self.path)' holds a number no layout has: \(edit.place)"), "\(edit): \(message)")
                    #expect(message.contains(" is \(value), "), "\(edit) names the value: \(message)")
                    #expect(message.hasSuffix("; record it again"), "\(edit) says what to do: \(message)")
                case .notANumber:
                    #expect(message == "golden '\(Self.path)' is not a layout JSON: \(edit.place) is not a number (expected a number); "
                        + "record it again")
                }
            }
        }
    }

    /// The messages in full, for the numbers of the issue's row: a frame's side, more lines than
    /// the frame holds, and a number past what JSON decoding holds.
    @Test func theMessagesSayWhereWhatAndTheBound() throws {
        let golden = try Self.golden("welcome.md")
        func message(_ steps: [HostileGoldenEdit.Step], _ literal: String) throws -> String {
            let bytes = Array(try HostileGoldenEdit(steps, literal, .reads).apply(to: golden).utf8)
            do {
                _ = try LayoutReport.Golden.decode(bytes, path: Self.path)
                return "read"
            } catch let error as LayoutReport.Golden.ReadError {
                return error.problem
            }
        }
        let cell: [HostileGoldenEdit.Step] = [.key("elements"), .index(1)]
        #expect(try message(cell + [.key("frame"), .key("width")], "1e20") == "golden 'goldens/doc-l.json' holds a number no layout "
            + "has: elements[1].frame.width (cell 0.1) is 1e+20, beyond the 10^12 pt a layout reaches (either way)")
        #expect(try message(cell + [.key("lines")], "1000000000") == "golden 'goldens/doc-l.json' holds a number no layout has: "
            + "elements[1].lines (cell 0.1) is 1000000000, more lines than its 154 pt frame holds (at most 155, a line a point)")
        #expect(try message(cell + [.key("frame"), .key("height")], "1e400") == "golden 'goldens/doc-l.json' holds a number no "
            + "layout has: elements[1].frame.height is 1e400, beyond any number a layout holds")
        #expect(try message([.key("environment"), .key("containerWidth")], "0") == "golden 'goldens/doc-l.json' holds a number no "
            + "layout has: environment.containerWidth is 0, outside the widths above 0 to 10,000,000 pt a layout is made for")
    }

    /// Every golden this repository records reads: the bounds hold for what the engine makes.
    @Test func theRepositorysGoldensRead() throws {
        let folder = Fixtures.repository.appendingPathComponent("Tests/ReflowTests/Goldens")
        var read = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".json") {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any], json["contentSize"] != nil else { continue }
            #expect(throws: Never.self, "\(name)") { try LayoutReport.Golden.decode(Array(data), path: name) }
            read += 1
        }
        #expect(read >= 40, "\(read) goldens read")
    }

    @Test func aFrameHoldsALineAPointAndOneMore() {
        typealias Bounds = LayoutReport.Golden.Bounds
        #expect(Bounds.lines(heldBy: 0) == 1)
        #expect(Bounds.lines(heldBy: 154) == 155)
        #expect(Bounds.lines(heldBy: 43.9) == 44)
        #expect(Bounds.lines(heldBy: -5) == 1)
        #expect(Bounds.lines(heldBy: .nan) == 1)
        #expect(Bounds.lines(heldBy: 1e300) == 1_000_000_000_001)
    }
}
