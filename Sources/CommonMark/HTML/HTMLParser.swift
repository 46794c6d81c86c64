import CLibXML2

/// Parses HTML with libxml2's HTML parser (the `CLibXML2` system library; the only place this
/// package touches libxml2) into `HTMLNode` values. libxml2 decides what is a tag, which elements
/// close which, what an entity is; `HTMLTreeBuilder` keeps what it reports, bounded in depth.
///
/// Bounded work, whatever the input. libxml2 2.9 looks through its stack of open elements for
/// every end tag, and through a tag's attributes so far for every attribute, so a hostile
/// fragment (100,000 nested `<b>` then as many `</i>`; one tag with 100,000 attributes) takes
/// minutes in one parse. Two limits, both read from the parser's own state, keep it linear:
/// - when libxml2 has more than `openElementLimit` elements open, the parse goes on from just after
///   that start tag with a new parser: the elements the old one had open stay open in the tree
///   (what follows lands in the deepest, flattened as usual), and end tags that would have
///   closed them are no longer matched;
/// - when libxml2's table of one tag's attributes grows past `attributeTableLimit`, it is given no
///   more input: the tag ends there, and the rest of it is parsed as text by a new parser.
/// Real documents reach neither: they open a few dozen elements and write a few attributes a tag.
struct HTMLParser {
    /// Element nesting kept as a tree (see `HTMLTreeBuilder`).
    var maximumDepth: Int
    /// The attribute that marks the resolution's placeholder elements; nil: none.
    var placeholderAttribute: String?

    /// Open elements (libxml2's `nameNr`, `html` and `body` included) beyond which a parse goes on
    /// with a new parser.
    static let openElementLimit = 128
    /// Entries of libxml2's attribute table (`maxatts`: two per attribute, grown by doubling)
    /// beyond which a tag is given no more input: a tag with some 700 attributes or more.
    static let attributeTableLimit = 2048

    /// libxml2's global state (character tables, default handlers) is set up once, before any
    /// thread parses: libxml2 2.9 asks for it before concurrent use.
    private static let libraryReady: Void = xmlInitParser()

    /// The nodes of `html`. Broken HTML is repaired as libxml2 repairs it; nothing is reported.
    /// - Throws: `MarkdownError.outOfMemory` when libxml2 cannot allocate a parser.
    func parse(_ html: String) throws(MarkdownError) -> [HTMLNode] {
        _ = Self.libraryReady
        let bytes = Array(html.utf8)
        let builder = HTMLTreeBuilder(maximumDepth: maximumDepth, placeholderAttribute: placeholderAttribute)
        var restart = HTMLParserSession.Restart(offset: 0, lineOffset: 0)
        while true {
            let session = try HTMLParserSession(bytes: bytes, from: restart, builder: builder)
            guard let next = session.run() else { break }
            restart = next
        }
        return builder.finish()
    }
}

/// One libxml2 parser over `bytes[start...]`, owning its context (freed in `deinit`). libxml2
/// reads the bytes through `read` and reports what it finds to the builder (SAX): it builds no
/// tree of its own.
private final class HTMLParserSession {
    /// Where a parse goes on after a session stopped early.
    struct Restart {
        var offset: Int
        var lineOffset: Int
    }

    /// libxml2 implies `<html><body>` around a fragment; saying `<body>` first keeps it from
    /// implying a `<p>` around text that comes before any element.
    private static let prefix = Array("<body>".utf8)

    private static let options = Int32(bitPattern: HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)

    private let context: htmlParserCtxtPtr
    private let bytes: [UInt8]
    private let start: Int
    private let lineOffset: Int
    private let builder: HTMLTreeBuilder
    /// The builder's open elements when this session began: it ends only what it started.
    private let base: Int
    /// Bytes handed to libxml2, the prefix included.
    private var supplied = 0
    /// Set when the session must stop (a limit was passed): libxml2 gets no more input, and what
    /// it still reports is ignored.
    private var restart: Restart?

    init(bytes: [UInt8], from restart: Restart, builder: HTMLTreeBuilder) throws(MarkdownError) {
        guard let context = htmlNewParserCtxt() else { throw .outOfMemory(allocating: "an HTML parser (libxml2)") }
        self.context = context
        self.bytes = bytes
        self.start = restart.offset
        self.lineOffset = restart.lineOffset
        self.builder = builder
        self.base = builder.openCount
        context.pointee.sax.pointee = Self.handler()
        context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
    }

    deinit {
        htmlFreeParserCtxt(context)
    }

    /// Parses to the end of the input, or until a limit is passed: then where to go on.
    func run() -> Restart? {
        let read: xmlInputReadCallback = { session, buffer, length in
            guard let session, let buffer else { return -1 }
            return Unmanaged<HTMLParserSession>.fromOpaque(session).takeUnretainedValue().read(into: buffer, capacity: Int(length))
        }
        // UTF-8 (a Swift string's bytes), whatever a `<meta charset>` in the fragment says.
        _ = htmlCtxtReadIO(context, read, nil, Unmanaged.passUnretained(self).toOpaque(), nil, "UTF-8", Self.options)
        return restart
    }

    /// The handler of libxml2's events: elements, text, and script and style content (given to
    /// `cdataBlock`, set so that it is dropped rather than handed to `characters`).
    private static func handler() -> htmlSAXHandler {
        var handler = htmlSAXHandler()
        handler.startElement = { user, name, attributes in
            guard let user, let name else { return }
            Unmanaged<HTMLParserSession>.fromOpaque(user).takeUnretainedValue().startElement(name, attributes)
        }
        handler.endElement = { user, _ in
            guard let user else { return }
            Unmanaged<HTMLParserSession>.fromOpaque(user).takeUnretainedValue().endElement()
        }
        let characters: charactersSAXFunc = { user, text, length in
            guard let user, let text, length > 0 else { return }
            Unmanaged<HTMLParserSession>.fromOpaque(user).takeUnretainedValue()
                .characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.characters = characters
        handler.ignorableWhitespace = characters
        handler.cdataBlock = { _, _, _ in }
        handler.internalSubset = { user, _, _, _ in
            guard let user else { return }
            Unmanaged<HTMLParserSession>.fromOpaque(user).takeUnretainedValue().declaration()
        }
        return handler
    }

    /// Hands libxml2 the next bytes, whole characters only; none once the session stops or
    /// a tag's attributes pass the limit.
    private func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int32 {
        guard restart == nil else { return 0 }
        if context.pointee.maxatts > HTMLParser.attributeTableLimit {
            restart = Restart(offset: start + supplied - Self.prefix.count, lineOffset: line - 1)
            return 0
        }
        var count = 0
        while count < capacity, supplied < Self.prefix.count {
            buffer[count] = CChar(bitPattern: Self.prefix[supplied])
            count += 1
            supplied += 1
        }
        let from = start + supplied - Self.prefix.count
        let most = min(from + capacity - count, bytes.count)
        var end = most
        while end > from, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // not inside a character
        if end == from { end = most }  // room for less than one character: its first bytes, then
        for index in from..<max(from, end) {
            buffer[count] = CChar(bitPattern: bytes[index])
            count += 1
        }
        supplied += max(0, end - from)
        return Int32(count)
    }

    /// The current line, counted from the start of the whole input.
    private var line: Int {
        lineOffset + Int(context.pointee.input?.pointee.line ?? 1)
    }

    /// A `<!DOCTYPE>` inside the fragment: libxml2 2.9 takes the end tag after a misplaced one
    /// for text, so the parse goes on after it in a new parser (as past the element limit).
    private func declaration() {
        guard restart == nil else { return }
        stop()
    }

    /// Ends the session where libxml2 is (at the `>` of the start tag just read, or just after a
    /// declaration): the next one starts after it, on the same line.
    private func stop() {
        let consumed = xmlByteConsumed(context)  // -1 when libxml2 cannot tell: start over one character on
        var next = start + max(0, consumed - Self.prefix.count)
        if next + 1 < bytes.count, bytes[next] == UInt8(ascii: "/"), bytes[next + 1] == UInt8(ascii: ">") {
            next += 2
        } else if next < bytes.count, bytes[next] == UInt8(ascii: ">") {
            next += 1
        }
        next = max(next, start + 1)
        while next < bytes.count, bytes[next] & 0xC0 == 0x80 { next += 1 }
        restart = Restart(offset: next, lineOffset: line - 1)
        // libxml2 halts this way itself from inside SAX callbacks (its tree builder's depth
        // limit), and then parses nothing more of what it has read.
        xmlStopParser(context)
    }

    private func startElement(_ name: UnsafePointer<xmlChar>, _ attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        guard restart == nil else { return }
        if context.pointee.nameNr > HTMLParser.openElementLimit {
            stop()
            return
        }
        var list: [HTMLAttribute] = []
        if let attributes {
            var index = 0
            while let attributeName = attributes[index] {
                let value = attributes[index + 1].map { String(cString: $0) } ?? ""
                list.append(HTMLAttribute(name: String(cString: attributeName), value: value))
                index += 2
            }
        }
        builder.start(name: String(cString: name), attributes: list, line: line)
    }

    private func endElement() {
        guard restart == nil, builder.openCount > base else { return }
        builder.end()
    }

    private func characters(_ text: UnsafeBufferPointer<xmlChar>) {
        guard restart == nil else { return }
        builder.characters(String(decoding: text, as: UTF8.self), endingOnLine: line)
    }
}
