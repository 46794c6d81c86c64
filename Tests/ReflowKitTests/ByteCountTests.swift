import ReflowKit
import Testing

@Suite struct ByteCountTests {
    @Test(arguments: [("1000", 1000), ("512K", 512 << 10), ("256M", 256 << 20), ("256MB", 256 << 20), ("256MiB", 256 << 20),
                      ("1g", 1 << 30), ("0", 0), (" 2k ", 2048)])
    func parsesWhatPeopleWrite(_ text: String, _ bytes: Int) {
        #expect(ByteCount(text)?.bytes == bytes, "\(text)")
    }

    @Test(arguments: ["", "M", "-1", "1.5G", "abc", "12Q", "99999999999999999999", "9999999999999T"])
    func rejectsTheRest(_ text: String) {
        #expect(ByteCount(text) == nil, "\(text)")
    }

    @Test func printsInTheLargestWholeUnit() {
        #expect(ByteCount(256 << 20).description == "256 MiB")
        #expect(ByteCount(1536 << 20).description == "1.5 GiB")
        #expect(ByteCount(1).description == "1 byte")
        #expect(ByteCount(1000).description == "1000 bytes")
    }
}
