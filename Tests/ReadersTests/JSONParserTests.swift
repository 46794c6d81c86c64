import Foundation
import PropertyBased
import Testing
import Reflow
@testable import Readers
import TestSupport

/// The screen reader's JSON parser against Foundation's `JSONSerialization` on random documents:
/// the same values for valid JSON, an error for invalid JSON; and deferred arrays hold exactly
/// the elements a full parse finds.
@Suite struct JSONParserTests {
    /// A random JSON text (valid), with escapes, unicode, nesting, numbers of every shape.
    static func randomJSON(_ random: inout SeededGenerator, depth: Int = 0) -> String {
        switch random.next(depth > 4 ? 5 : 8) {
        case 0: return "null"
        case 1: return random.next(2) == 0 ? "true" : "false"
        case 2:
            let numbers = ["0", "-0", "1", "-17", "3.25", "1e3", "2.5E-4", "-0.0001", "123456789", "1e308", "0.1"]
            return numbers[random.next(numbers.count)]
        case 3, 4:
            let pieces = ["a", "ü", "漢字", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\u00e9", "\\ud83d\\ude00", "\\u0000", " ", "[]{}", ",:"]
            return "\"" + (0..<random.next(6)).map { _ in pieces[random.next(pieces.count)] }.joined() + "\""
        case 5, 6:
            let items = (0..<random.next(5)).map { _ in randomJSON(&random, depth: depth + 1) }
            return "[" + items.joined(separator: random.next(2) == 0 ? "," : " ,\n ") + "]"
        default:
            let members = (0..<random.next(5)).map { index in "\"k\(index)\": " + randomJSON(&random, depth: depth + 1) }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    /// Our value as Foundation's, for comparison.
    static func foundation(_ value: JSONValue, bytes: [UInt8]) -> NSObject {
        switch value {
        case .null: return NSNull()
        case .bool(let bool): return NSNumber(value: bool)
        case .number(let number): return NSNumber(value: number)
        case .string(let string): return string as NSString
        case .array(let values): return values.map { foundation($0, bytes: bytes) } as NSArray
        case .object(let members):
            return Dictionary(members.map { ($0.key, foundation($0.value, bytes: bytes)) }, uniquingKeysWith: { _, b in b }) as NSDictionary
        case .deferred(let ranges):
            return ranges.map { range in
                foundation(try! bytes.withUnsafeBufferPointer { try JSONParser.parse($0, range: range) }, bytes: bytes)
            } as NSArray
        }
    }

    @Test func validJSONParsesAsFoundationParsesIt() async {
        await propertyCheck(count: 2_000, input: Gen.int(in: 0...Int.max)) { seed in
            var random = SeededGenerator(seed: UInt64(seed))
            let text = Self.randomJSON(&random)
            let bytes = Array(text.utf8)
            guard let expected = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) as? NSObject else {
                Issue.record("Foundation refused \(text)")
                return
            }
            for deferAll in [false, true] {
                do {
                    let value = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0, deferring: { _ in deferAll }) }
                    #expect(Self.foundation(value, bytes: bytes) == expected, "\(text)")
                } catch {
                    Issue.record("\(error) for \(text)")
                }
            }
        }
    }

    @Test(arguments: ["", " ", "{", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\": }", "{1: 2}", "\"abc", "\"a\nb\"", "01", "1.", ".5",
                      "1e", "-", "+1", "tru", "nul", "[] []", "\"\\x\"", "\"\\u12G4\"", "{\"a\": [1, 2}", "[{]}", "1e999"])
    func invalidJSONIsRefusedWithAPlace(_ text: String) {
        let bytes = Array(text.utf8)
        // Foundation is lenient about a trailing comma and reads 1e999 as infinity; RFC 8259 is not.
        let lenient = ["[1,]", "1e999"].contains(text)
        #expect(lenient || (try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])) == nil,
                "Foundation accepts \(text)")
        for deferAll in [false, true] {
            do {
                _ = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0, deferring: { _ in deferAll }) }
                Issue.record("accepted \(text)")
            } catch let error as JSONParser.SyntaxError {
                #expect(error.line >= 1 && error.column >= 1)
            } catch {
                Issue.record("\(error)")
            }
        }
    }

    @Test func deeplyNestedInputIsAnErrorNotACrash() {
        for text in [String(repeating: "[", count: 100_000), String(repeating: "{\"a\":", count: 50_000)] {
            let bytes = Array(text.utf8)
            #expect(throws: JSONParser.SyntaxError.self) {
                _ = try bytes.withUnsafeBufferPointer { try JSONParser.parse($0) }
            }
        }
        // Deferred elements are bounded too, and say so.
        let deep = "[" + String(repeating: "[", count: 1_000) + "]"
        #expect(throws: JSONParser.SyntaxError.self) {
            _ = try Array(deep.utf8).withUnsafeBufferPointer { try JSONParser.parse($0, deferring: { _ in true }) }
        }
    }

    @Test func aLargeScreenIsReadLazilyAndItsCellsWhenLaidOut() throws {
        let count = ScreenFile.eagerCellLimit + 5
        var cells = (0..<count).map { "{\"text\": \"Cell \($0)\", \"style\": \"body\"}" }
        cells[count - 1] = "{\"text\": \"Last\", \"style\": \"gigantic\"}"  // a mistake far down
        let json = """
            {"sections": [{"group": {"axis": "vertical", "size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}},
                                     "subitems": [{"size": {"width": {"fractionalWidth": 1}, "height": {"estimated": 44}}}]},
                           "cells": [\(cells.joined(separator: ","))]}]}
            """
        let screen = try ScreenFile(json: Array(json.utf8))
        let section = screen.content.sections[0]
        #expect(section.cellCount == count)
        #expect(try section.cell(7).text.string == "Cell 7")
        #expect(throws: ScreenFileError.self) { try section.cell(count - 1) }
        do {
            _ = try section.cell(count - 1)
        } catch let error as ScreenFileError {
            #expect(error.description.hasPrefix("sections[0].cells[\(count - 1)].style: unknown text style \"gigantic\""))
        }
        // A bracket closing the wrong kind inside a cell is found when that cell is read (the
        // scan that finds the cells counts only how deep brackets go), with its place in the file.
        var mismatched = cells
        mismatched[count - 2] = "{\"stack\": [{\"text\": \"x\"}}]"
        let json2 = json.replacingOccurrences(of: cells.joined(separator: ","), with: mismatched.joined(separator: ","))
        let lazy = try ScreenFile(json: Array(json2.utf8))
        #expect(try lazy.content.sections[0].cell(7).text.string == "Cell 7")
        do {
            _ = try lazy.content.sections[0].cell(count - 2)
            Issue.record("a mismatched bracket was accepted")
        } catch let error as ScreenFileError {
            #expect(error.description.hasPrefix("sections[0].cells[\(count - 2)]: not valid JSON: expected ',' or ']' in an array at line 3"))
        }
        // The first screen lays out without reading the bad cell; the whole layout finds it.
        let planned = try MeasuringPlan(layout: screen.layout, content: screen.content, environment: LayoutEnvironment(),
                                        sizer: try Fixtures.sizer())
        var viewport = Viewport(layout: planned.lazyLayout(estimate: .automatic(initial: 44)), height: 844,
                                prefetcher: Prefetcher(margin: 0, unitsPerFrame: 0), source: planned.source)
        viewport.scroll(to: 0)
        #expect(planned.failure == nil)
        #expect(throws: ScreenFileError.self) {
            _ = try screen.layout.layout(screen.content, in: LayoutEnvironment(), sizer: try Fixtures.sizer())
        }
    }
}
