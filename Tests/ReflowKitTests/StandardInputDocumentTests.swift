import Testing
@testable import ReflowKit

/// `-` names standard input as a document (the way to pipe one, now that a named document is a
/// regular file): alone it is the run's one document, with a picture named `stdin-…`; beside
/// other documents it is refused with what to do.
struct StandardInputDocumentTests {
    @Test func aloneItIsTheOneDocument() throws {
        #expect(try DocumentSet(["-"]).documents.map(\.path) == ["-"])
    }

    @Test func besideOtherDocumentsItIsRefusedWithWhatToDo() {
        #expect(throws: DocumentSet.Problem.standardInputAmongOthers) { try DocumentSet(["-", "Examples/welcome.md"]) }
        #expect(DocumentSet.Problem.standardInputAmongOthers.description.contains("save it to a file and name that"))
    }

    @Test func itsPictureIsNamedStdinNotDashDash() throws {
        var request = PreviewRequest(document: "-")
        request.categories = [.accessibilityExtraExtraExtraLarge]
        #expect(try request.resolved().files.path == "stdin-ax5.png")
    }

    @Test func itsGoldensAreNamedStdinToo() {
        #expect(GoldenStore(folder: "g", document: "-").prefix == "stdin")
        #expect(GoldenStore(folder: "g", document: "docs/welcome.md").prefix == "welcome")
    }
}
