import FuzzSupport
import Readers
import Reflow

/// The document reader: any bytes, read as Markdown or as plain text (the first byte chooses),
/// become a document and its cells, as `reflow-cli` reads a file. Nothing may crash, hang or
/// lose the promise that every block shows something: visible text, or what it holds besides
/// text (a rule's hairline, a code block's box, an image), or an empty list item's marker; an
/// empty cell of a table keeps its column (`| | x |`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocument(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let format: DocumentFormat = input.byte() & 1 == 0 ? .commonMark : .plainText
    let text = DocumentText(bytes: input.rest())
    // Front matter: parsed or refused with a line, never a crash; the body keeps the text's line
    // endings (LF, CR LF and lone CR, as CommonMark counts them).
    if format == .commonMark, let (frontMatter, body) = try? FrontMatter.split(text.text), frontMatter != nil {
        require(lineEndings(body) == lineEndings(text.text), "front matter changed the line count")
    }
    let document: Document
    do {
        document = try Document(text: text.text, format: format)
    } catch {
        // Any bytes are Markdown: cmark-gfm fails only when it is not installed whole or out of memory.
        require(false, "the document could not be read: \(error)")
        return 0
    }
    requireDocumentInvariants(document)
    _ = CellMode.words.content(for: document)
    if format == .plainText {
        require(PlainText.paragraphs(text.text).count == document.blocks.count, "one block per paragraph")
    }
    return 0
}

func lineEndings(_ text: String) -> Int {
    var count = 0
    var previous: UInt8 = 0
    for byte in text.utf8 {
        if byte == 0x0A, previous != 0x0D { count += 1 }
        if byte == 0x0D { count += 1 }
        previous = byte
    }
    return count
}

/// The entry point SwiftPM gives this executable (see `runFuzzer`).
@_cdecl("FuzzDocument_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzDocument)
}
