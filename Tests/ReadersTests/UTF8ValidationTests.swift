@testable import Readers
import Testing

/// The first byte that is not UTF-8, wherever it falls against the validator's 32- and 8-byte
/// steps over ASCII: what the warning about a screen file's invalid bytes names.
@Suite struct UTF8ValidationTests {
    func first(_ bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidByte(in: $0, from: start) }
    }

    @Test func aBadByteIsFoundAtEveryOffsetOfALongASCIIRun() {
        let clean = Array(repeating: UInt8(ascii: "a"), count: 100)
        #expect(first(clean) == nil)
        for offset in clean.indices {
            for bad: UInt8 in [0xFF, 0x80, 0xC0] {
                var bytes = clean
                bytes[offset] = bad
                #expect(first(bytes) == offset, "\(bad) at \(offset)")
            }
        }
    }

    /// ASCII whose length is a multiple of 32 ends with the fast step: nothing is read past it
    /// (AddressSanitizer found a read one byte past a 448-byte screen).
    @Test func aRunEndingOnTheFastStepIsWholeAndReadNoFurther() {
        for length in [32, 64, 96, 448] {
            #expect(first(Array(repeating: UInt8(ascii: "a"), count: length)) == nil, "\(length)")
            var bad = Array(repeating: UInt8(ascii: "a"), count: length)
            bad[length - 1] = 0xFF
            #expect(first(bad) == length - 1, "\(length)")
        }
        #expect(first([0xEF, 0xBB, 0xBF] + Array(repeating: 0x20, count: 64), from: 3) == nil)
    }

    @Test func wellFormedSequencesAmongASCIIAreSkippedAndBrokenOnesFound() {
        let text = Array(String(repeating: "abcdefghij", count: 5).utf8) + Array("é€😀".utf8) + Array(String(repeating: "z", count: 40).utf8)
        #expect(first(text) == nil)
        // The euro sign's last byte cut off: the sequence starts where it is wrong.
        let euro = 50 + 2
        var broken = text
        broken[euro + 2] = UInt8(ascii: "x")
        #expect(first(broken) == euro)
        // A surrogate (U+D800 as ED A0 80) and an overlong slash (C0 AF) are not UTF-8.
        #expect(first(Array(repeating: 0x20, count: 33) + [0xED, 0xA0, 0x80]) == 33)
        #expect(first(Array(repeating: 0x20, count: 64) + [0xC0, 0xAF]) == 64)
        #expect(first(Array(repeating: 0x20, count: 31) + [0xF4, 0x90, 0x80, 0x80]) == 31, "above U+10FFFF")
        #expect(first([0xEF, 0xBB, 0xBF] + Array(repeating: 0x20, count: 40) + [0xFE], from: 3) == 43)
    }
}
