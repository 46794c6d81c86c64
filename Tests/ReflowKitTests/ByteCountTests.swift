import ReflowKit
import Testing

@Suite struct ByteCountTests {
    @Test func printsInTheLargestWholeUnit() {
        #expect(ByteCount(256 << 20).description == "256 MiB")
        #expect(ByteCount(1536 << 20).description == "1.5 GiB")
        #expect(ByteCount(1).description == "1 byte")
        #expect(ByteCount(1000).description == "1000 bytes")
    }

    /// Issue 24: sizes whose rounded figures read the same are given in bytes ("1.6 KiB larger
    /// than the input limit of 1.6 KiB" said nothing); the limit that fits is suggested as typed.
    @Test func sizesThatRoundAlikeAreGivenExactly() {
        #expect(ByteCount(1_650).described(beside: ByteCount(1_638)) == ("1,650 bytes", "1,638 bytes"))
        #expect(ByteCount(300 << 20).described(beside: ByteCount(256 << 20)) == ("300 MiB", "256 MiB"))
        #expect(ByteCount(1_234_567).exact == "1,234,567 bytes" && ByteCount(999).exact == "999 bytes")
        #expect(ByteCount(1_700).roundedUp == "2K" && ByteCount(153).roundedUp == "153")
        #expect(ByteCount((300 << 20) + 1).roundedUp == "301M" && ByteCount(1 << 30).roundedUp == "1G")
    }
}
