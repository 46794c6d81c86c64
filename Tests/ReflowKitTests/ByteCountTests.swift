import ReflowKit
import Testing

@Suite struct ByteCountTests {
    @Test func printsInTheLargestWholeUnit() {
        #expect(ByteCount(256 << 20).description == "256 MiB")
        #expect(ByteCount(1536 << 20).description == "1.5 GiB")
        #expect(ByteCount(1).description == "1 byte")
        #expect(ByteCount(1000).description == "1000 bytes")
    }
}
