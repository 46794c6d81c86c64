import Foundation
import TestSupport
import Testing
@testable import TextMetrics

/// Unicode's own conformance files (Debian's unicode-data, Unicode 15.0): every case of
/// BidiCharacterTest.txt through our bidi code (ICU's levels, our paragraph level, L1 and L2),
/// and every case of LineBreakTest.txt through our break opportunities. The pass counts are
/// printed; the cases that fail are exactly the known ones listed below (a case that starts
/// failing, or a known failure that starts passing, fails the test).
@Suite(.runsOutsideTools, .tags(.outsideTools)) struct UnicodeConformanceTests {
    static let bidiFile = "/usr/share/unicode/BidiCharacterTest.txt"
    static let lineBreakFile = "/usr/share/unicode/auxiliary/LineBreakTest.txt"

    /// The data lines of the file at `path` as text (`UnicodeDataFile.dataLines`).
    static func dataLines(_ path: String) throws -> [(number: Int, text: Substring)]? {
        try UnicodeDataFile.dataLines(path)?.map { ($0.number, String(decoding: $0.bytes, as: UTF8.self)[...]) }
    }

    struct BidiCase {
        let number: Int
        let scalars: [Unicode.Scalar]
        let direction: BaseDirection
        let paragraphLevel: UInt8
        let levels: [UInt8?]
        let order: [Int]
    }

    /// BidiCharacterTest.txt's 91,000 cases, read as bytes (`UnicodeDataFile`).
    static func bidiCases() throws -> [BidiCase]? {
        try UnicodeDataFile.dataLines(bidiFile)?.map { number, line in
            let fields = UnicodeDataFile.split(line, at: UInt8(ascii: ";"), omittingEmpty: false)
            let direction: BaseDirection = switch UnicodeDataFile.number(fields[1], radix: 10) {
            case 0: .leftToRight
            case 1: .rightToLeft
            default: .auto
            }
            return BidiCase(number: number, scalars: UnicodeDataFile.scalars(fields[0]),
                            direction: direction, paragraphLevel: UInt8(UnicodeDataFile.number(fields[2], radix: 10)!),
                            levels: UnicodeDataFile.split(fields[3], at: 0x20).map { UnicodeDataFile.number($0, radix: 10).map(UInt8.init) },
                            order: UnicodeDataFile.numbers(fields[4], radix: 10).map(Int.init))
        }
    }

    @Test func everyCaseOfBidiCharacterTest() throws {
        guard let cases = try Self.bidiCases() else { return }
        let resolver = try BidiResolver()
        var passed = 0
        var failures: [String: Int] = [:]
        var examples: [String] = []
        var failed: [Int] = []
        for test in cases {
            let level = Bidi.paragraphLevel(of: test.scalars, direction: test.direction)
            let levels = resolver.levels(of: test.scalars, paragraphLevel: level)
            var lineLevels = levels
            Bidi.applyL1(levels: &lineLevels, classes: test.scalars.map(BidiClass.init), paragraphLevel: level)
            let order = Bidi.visualOrder(of: test.scalars, levels: levels, paragraphLevel: level)
            let levelsAgree = zip(test.levels, lineLevels).allSatisfy { expected, actual in expected.map { $0 == actual } ?? true }
            if level == test.paragraphLevel, levelsAgree, order == test.order {
                passed += 1
            } else {
                let classes = Set(test.scalars.map { "\(BidiClass($0))" }).sorted().joined(separator: " ")
                failed.append(test.number)
                failures[classes, default: 0] += 1
                if examples.count < 5 {
                    examples.append("\(test.scalars.map { String($0.value, radix: 16) }) \(test.direction): level \(level) vs \(test.paragraphLevel), order \(order) vs \(test.order)")
                }
            }
        }
        print("BidiCharacterTest.txt: \(passed) of \(cases.count) cases pass")
        for (classes, count) in failures.sorted(by: { $0.value > $1.value }).prefix(20) { print("  failing, classes {\(classes)}: \(count)") }
        for example in examples { print("  e.g. \(example)") }
        #expect(cases.count > 90_000)
        #expect(failed == Self.icuBidiExceptions, "failing lines of the file: \(failed)")
    }

    /// The cases (line numbers of BidiCharacterTest.txt 15.0) where ICU 72's levels differ from
    /// the file: all in the sections for the algorithm's changes and clarifications since Unicode
    /// 8.0, which ICU has not taken up. 59–62: overrides applied to isolates tightly flanked by
    /// embeddings; 65–80: overrides applied to paired brackets (ICU matches brackets across
    /// embedding boundaries); 83–88, 102, 108, 113: a non-spacing mark after a bracket resolved by
    /// N0 should take the bracket's direction (ICU leaves its own); 120: brackets nested 63 deep
    /// (BD16's stack limit); 164: LRE…PDF in text with no right-to-left character, where ICU
    /// returns level 0 throughout (its shortcut for all-LTR text) and the file level 2 (the visual
    /// order is the same).
    static let icuBidiExceptions = [59, 60, 61, 62, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80,
                                    83, 84, 85, 86, 87, 88, 102, 108, 113, 120, 164]

    /// The cases (line numbers of LineBreakTest.txt 15.0) where ICU 72 breaks otherwise, both
    /// deliberate in ICU's rules: 2265–2431 (8 cases), a hyphen-minus at the start of the text
    /// stays with the letter after it ("-x", the rule Unicode 15.1 added as LB20.1), where the
    /// 15.0 file breaks; 2873–7587 (14 cases), a full stop or comma before a digit stays with it
    /// (".35", ",0": ICU applies LB25 as pairs, IS × NU), where the file follows LB25's regular
    /// expression, which joins them only inside a number.
    static let icuLineBreakExceptions = [2265, 2267, 2421, 2423, 2425, 2427, 2429, 2431,
                                         2873, 2875, 7477, 7576, 7577, 7578, 7579, 7580, 7581, 7583, 7584, 7585, 7586, 7587]

    @Test func everyCaseOfLineBreakTest() throws {
        guard let lines = try Self.dataLines(Self.lineBreakFile) else { return }
        // UAX #14 as it stands: without the Korean tailoring (hangulWordPriority), which
        // `hangulIsTheOnlyTailoring` checks on the same file.
        let breaks = try BreakOpportunities(keepsHangulWordsWhole: false)
        var passed = 0
        var failingRules: [String: Int] = [:]
        var examples: [String] = []
        var failed: [Int] = []
        for (number, line) in lines {
            let test = line.split(separator: "#", maxSplits: 1)[0]
            var text = String.UnicodeScalarView()
            var expected: [Int] = []
            var offset = 0
            for token in test.split(whereSeparator: \.isWhitespace) {
                if token == "÷" {
                    if offset > 0 { expected.append(offset) }
                } else if token != "×", let value = UInt32(token, radix: 16), let scalar = Unicode.Scalar(value) {
                    text.append(scalar)
                    offset += UTF8.width(scalar)
                }
            }
            let string = String(text)
            let found = breaks.opportunities(in: Substring(string)).map(\.offset)
            if found == expected {
                passed += 1
            } else {
                // The rule the file names at the first position where we differ.
                let comment = line.split(separator: "#", maxSplits: 1).last ?? ""
                let rules = comment.matches(of: /\[([0-9.]+)\]/).map { String($0.output.1) }
                let positions = Array(Set(found).symmetricDifference(expected)).sorted()
                var byteToIndex: [Int: Int] = [:]
                var position = 0
                for (index, scalar) in string.unicodeScalars.enumerated() {
                    position += UTF8.width(scalar)
                    byteToIndex[position] = index + 1
                }
                let rule = positions.first.flatMap { byteToIndex[$0] }.flatMap { $0 < rules.count ? rules[$0] : nil } ?? "?"
                failingRules["LB\(rule)", default: 0] += 1
                failed.append(number)
                if examples.count < 8 { examples.append("\(comment.trimmingCharacters(in: .whitespaces)) — ours: \(found), file: \(expected)") }
            }
        }
        print("LineBreakTest.txt: \(passed) of \(lines.count) cases pass")
        for (rule, count) in failingRules.sorted(by: { $0.value > $1.value }) { print("  failing at rule \(rule): \(count)") }
        for example in examples { print("  e.g. \(example)") }
        #expect(lines.count > 7_000)
        #expect(failed == Self.icuLineBreakExceptions, "failing lines of the file: \(failed)")
    }

    /// With Korean kept in words (the default), the file's cases change only where a break
    /// between two Hangul characters is gone.
    @Test func hangulIsTheOnlyTailoring() throws {
        guard let lines = try Self.dataLines(Self.lineBreakFile) else { return }
        let plain = try BreakOpportunities(keepsHangulWordsWhole: false), korean = try BreakOpportunities()
        var changed = 0
        for (_, line) in lines {
            let test = line.split(separator: "#", maxSplits: 1)[0]
            let scalars = test.split(whereSeparator: \.isWhitespace).compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            let text = String(String.UnicodeScalarView(scalars))
            let before = plain.opportunities(in: Substring(text)), after = korean.opportunities(in: Substring(text))
            guard before != after else { continue }
            changed += 1
            var byteToScalar: [Int: (before: Unicode.Scalar, after: Unicode.Scalar?)] = [:]
            var offset = 0
            for (index, scalar) in scalars.enumerated() {
                offset += UTF8.width(scalar)
                byteToScalar[offset] = (scalar, index + 1 < scalars.count ? scalars[index + 1] : nil)
            }
            let gone = Set(before).subtracting(after)
            #expect(Set(after).isSubset(of: Set(before)), "\(line)")
            for opportunity in gone {
                let pair = try #require(byteToScalar[opportunity.offset])
                #expect(BreakOpportunities.isHangul(pair.before.value) && pair.after.map { BreakOpportunities.isHangul($0.value) } == true,
                        "\(line)")
            }
        }
        print("LineBreakTest.txt: \(changed) cases lose a break between two Hangul characters")
        #expect(changed > 0)
    }
}
