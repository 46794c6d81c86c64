import PropertyBased
import Testing
import TextMetrics
import TestSupport

/// `BreakOpportunities` answers text made only of ASCII letters, spaces, commas and full stops
/// without ICU (most prose is such text). For that alphabet UAX #14 comes down to "a line may
/// break before a letter that follows spaces, and at the end"; these tests hold the fast path to
/// ICU 72's own answer, which we get for the same text by appending a character from outside the
/// alphabet after a space (" 1"), so the whole string goes through ICU's iterator. (The space
/// matters: a digit right after the text would change the answer before a final comma, since
/// ICU keeps ",1" with the number, as in " ,1", and breaks before it: SP ÷ IS NU.)
///
/// Debug builds also assert inside `BreakOpportunities` that the fast path agrees with ICU, so a
/// disagreement there traps before an expectation here can report it; release builds
/// (`swift test -c release`) report it as a failed expectation with the shrunk input.
@Suite struct FastPathPropertyTests {
    static func offsets(_ text: String) throws -> [Int] {
        try BreakOpportunities().opportunities(in: Substring(text)).map {
            #expect(!$0.isMandatory, "no mandatory break in '\(text)'")
            return $0.offset
        }
    }

    /// ICU's breaks inside `text` (before its end), from `text` with " 1" after it.
    static func icuOffsetsInside(_ text: String) throws -> [Int] {
        let end = text.utf8.count
        return try offsets(text + " 1").filter { $0 < end }
    }

    /// Hand-checked against UAX #14 (and ICU 72, through the test below): LB7 no break before a
    /// space, LB13 none before a comma or full stop even after spaces, LB18 a break after spaces,
    /// LB29 none between a full stop or comma and a letter, LB2/LB3 none at the start, one at
    /// the end.
    static let known: [(text: String, breaks: [Int])] = [
        ("", []),
        ("word", [4]),
        ("a , b", [4, 5]),        // no break before the comma (LB13), one before "b"
        ("a ,b", [4]),            // nor between the comma and "b" (LB29)
        ("a . b", [4, 5]),
        ("a.b", [3]),
        ("a  b", [3, 4]),         // after the whole run of spaces
        (" a", [1, 2]),           // spaces at the start still allow a break before the word
        ("a ", [2]),
        ("a   ", [4]),
        (",", [1]),
        (" , . ,", [6]),
        ("Hello, world. This is text", [7, 14, 19, 22, 26]),
        ("e.g. this, that", [5, 11, 15]),
    ]

    @Test func plainProseBreaksWhereUAX14Says() throws {
        for (text, breaks) in Self.known {
            #expect(try Self.offsets(text) == breaks, "fast path on '\(text)'")
            if !text.isEmpty {
                #expect(try Self.icuOffsetsInside(text) == breaks.dropLast(), "ICU on '\(text) 1'")
            }
        }
    }

    static let alphabet: [Character] = ["a", "Z", "q", " ", " ", " ", ",", "."]

    @Test func theFastPathAgreesWithICUOnRandomProse() async {
        let text = Gen.int(in: 0...(Self.alphabet.count - 1)).array(of: 0...48).map { indices in
            String(indices.map { Self.alphabet[$0] })
        }
        await propertyCheck(count: 1_000, input: text) { text in
            guard let fast = attempt({ try Self.offsets(text) }),
                  let icu = attempt({ try Self.icuOffsetsInside(text) }) else { return }
            let end = text.utf8.count
            #expect(Array(fast.dropLast()) == icu, "'\(text)': fast path \(fast), ICU \(icu)")
            #expect(fast.last == (end == 0 ? nil : end), "'\(text)' ends with a break at its end")
        }
    }

    @Test func textWithOtherCharactersIsDecidedByICU() throws {
        #expect(try Self.offsets(" ,1") == [1, 3], "ICU breaks before a comma that starts a number after a space")
        // "Break only before a letter after spaces" would be wrong for these; ICU's answers:
        #expect(try Self.offsets("well-known") == [5, 10], "after the hyphen")
        #expect(try Self.offsets("a\u{2014}b") == [1, 4, 5], "around an em dash")
        #expect(try Self.offsets("日本語") == [3, 6, 9], "between ideographs")
        #expect(try Self.offsets("a\u{A0}b c") == [5, 6], "not at a no-break space")
    }
}
