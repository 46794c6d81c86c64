@testable import CommonMark
import Readers
import Testing

/// cmark-gfm as installed decides whether Markdown can be parsed at all: what it lacks is a typed
/// error that says what to install, thrown through the parser and the readers, never a crash.
@Suite struct MarkdownErrorTests {
    @Test func aMissingExtensionIsAnErrorWithTheInstallHint() throws {
        let missing = MarkdownError.extensionMissing(name: "no-such-extension", package: "libcmark-gfm-extensions-dev")
        #expect(throws: missing) { try CmarkTree.lookUpExtensions(named: ["table", "no-such-extension", "autolink"]).get() }
        #expect(missing.installHint == "apt-get install libcmark-gfm-extensions-dev")
        #expect(missing.description == "cmark-gfm has no 'no-such-extension' extension; install libcmark-gfm-extensions-dev "
            + "(apt-get install libcmark-gfm-extensions-dev, or scripts/install-deps.sh)")
        #expect(try CmarkTree.lookUpExtensions(named: ["table", "strikethrough", "autolink", "tasklist"]).get().count == 4,
                "the extensions every parser gets are installed here")
    }
}
