@testable import reflow_cli
import ReflowKit
import Testing

/// `--max-input`'s sizes, as the command line parses them.
@Suite struct ByteCountArgumentTests {
    @Test(arguments: [("1000", 1000), ("512K", 512 << 10), ("256M", 256 << 20), ("256MB", 256 << 20), ("256MiB", 256 << 20),
                      ("1g", 1 << 30), ("0", 0), (" 2k ", 2048)])
    func parsesWhatPeopleWrite(_ text: String, _ bytes: Int) {
        #expect(ByteCount(argument: text)?.bytes == bytes, "\(text)")
    }

    @Test(arguments: ["", "M", "-1", "1.5G", "abc", "12Q", "99999999999999999999", "9999999999999T"])
    func rejectsTheRest(_ text: String) {
        #expect(ByteCount(argument: text) == nil, "\(text)")
    }

    @Test func theDefaultIsShownAsTyped() {
        #expect(ByteCount(256 << 20).defaultValueDescription == "256M" && ByteCount(1000).defaultValueDescription == "1000")
    }
}
