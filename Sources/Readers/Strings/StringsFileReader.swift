import Foundation

/// Reads the older `.strings` files: `"key" = "value";` entries, with `/* */` and `//` comments,
/// the escapes CoreFoundation's parser reads (`\"` `\\` `\n` `\t` `\r` `\a` `\b` `\f` `\v`, `\U` and one
/// to four hexadecimal digits, one to three octal digits; a lowercase `\u` is the letter `u`, as on a
/// device), a key alone (`"key";`, meaning itself), and
/// unquoted keys and values of letters, digits and `_ . $ : / -`, in UTF-8 or in UTF-16 with a
/// byte order mark.
///
/// A tokenizer of its own, not Foundation's `PropertyListSerialization`: swift-corelibs-foundation
/// does read this format on Linux (tested: escapes, comments and `\U00e9` come out right), but
/// for an unterminated quote it reports the line where it gave up ("Missing ';' on line 2" for a
/// quote opened on line 1) and writes its own message to standard error; here the error names
/// the line the quote opened on, and nothing is printed.
enum StringsFileReader {
    /// The file's entries, key → value (a later entry for a key replaces an earlier one).
    static func entries(bytes: [UInt8], file: String) throws -> [String: String] {
        if let plist = try propertyList(bytes, file: file) { return plist }
        // A byte order mark written twice (FF FE FF FE: Quicksilver's nl, cs, es-ES and pt-BR
        // files from its translation service) leaves U+FEFF before the first key. Xcode, which
        // stops a build at a .strings file it cannot read, builds them into Quicksilver 2.5.9: the
        // mark is no key there, and none here.
        let scalars = try decode(bytes, file: file)
        var scanner = Scanner(scalars: Array(scalars.drop { $0 == "\u{FEFF}" }), file: file)
        return try scanner.entries()
    }

    /// For UTF-16 written without a byte order mark (as an editor or a translation service may
    /// save it; Xcode reads it by the encoding the project gives the file): true for little-endian
    /// when the first 512 bytes' odd places hold zeros and their even places none, false for the
    /// reverse (big-endian), nil otherwise. UTF-8 text holds no zero byte, so it is never taken
    /// for UTF-16.
    static func unmarkedUTF16Order(_ bytes: [UInt8]) -> Bool? {
        let head = bytes.prefix(512)
        guard head.count >= 2, head.contains(0) else { return nil }
        var zeros = (even: 0, odd: 0)
        for (offset, byte) in head.enumerated() where byte == 0 {
            if offset % 2 == 0 { zeros.even += 1 } else { zeros.odd += 1 }
        }
        let pairs = head.count / 2
        if zeros.even == 0, zeros.odd * 2 >= pairs { return true }
        if zeros.odd == 0, zeros.even * 2 >= pairs { return false }
        return nil
    }

    /// The entries of a `.strings` file that is a property list, as Xcode writes one into a built
    /// app (a binary plist, `bplist00…`, with "Strings file output encoding: binary", or XML):
    /// Foundation reads those too, and repositories that commit built frameworks hold them.
    /// Nil for the text format.
    private static func propertyList(_ bytes: [UInt8], file: String) throws -> [String: String]? {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        guard bytes.starts(with: Array("bplist".utf8)) || head.hasPrefix("<?xml") || head.hasPrefix("<!DOCTYPE plist") || head.hasPrefix("<plist") else {
            return nil
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            throw StringCatalogError(file: file, message: "is a property list that cannot be read (\(detail)); save it again from Xcode, or as a text .strings file")
        }
        guard let entries = plist as? [String: Any] else {
            throw StringCatalogError(file: file, message: "is a property list without a dictionary of strings at the top; a .strings file maps each key to its text")
        }
        var result: [String: String] = [:]
        for (key, value) in entries {
            guard let text = value as? String else {
                throw StringCatalogError(file: file, location: XCStringsReader.quoted(key), message: "holds a value that is not a string; a .strings file maps each key to its text")
            }
            try CatalogChecks.checkSpecifierCount(text, file: file, location: XCStringsReader.quoted(key))
            result[key] = text
        }
        return result
    }

    /// The text of `bytes`: UTF-16 after a byte order mark (FF FE little-endian, FE FF big-endian),
    /// or without one when every other byte is zero (`unmarkedUTF16Order`), else UTF-8 (a UTF-8
    /// byte order mark dropped). Invalid UTF-16 or UTF-8 is an error naming the byte and its line.
    static func decode(_ bytes: [UInt8], file: String) throws -> [Unicode.Scalar] {
        let marked = bytes.count >= 2 && ((bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF))
        if let littleEndian = marked ? bytes[0] == 0xFF : unmarkedUTF16Order(bytes) {
            let start = marked ? 2 : 0
            guard bytes.count % 2 == 0 else {
                throw StringCatalogError(file: file, message: "is not valid UTF-16: it has an odd number of bytes (\(bytes.count))"
                    + (marked ? " after its byte order mark" : "") + "; save it again as UTF-16 or UTF-8")
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            for index in stride(from: start, to: bytes.count, by: 2) {
                let (a, b) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
                units.append(littleEndian ? a | b << 8 : a << 8 | b)
            }
            var scalars: [Unicode.Scalar] = []
            var iterator = units.makeIterator()
            var decoder = UTF16()
            var consumed = 0
            while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    scalars.append(scalar)
                    consumed += scalar.utf16.count
                case .emptyInput: return scalars
                case .error:
                    let line = Scanner.line(after: scalars)
                    throw StringCatalogError(file: file, location: "line \(line)", message:
                        "is not valid UTF-16: an unpaired surrogate at byte \(start + consumed * 2); save the file again as UTF-16 or UTF-8")
                }
            }
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var scalars: [Unicode.Scalar] = []
        var iterator = bytes[start...].makeIterator()
        var decoder = UTF8()
        var consumed = start
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                consumed += UTF8.width(scalar)
            case .emptyInput: return scalars
            case .error:
                let line = Scanner.line(after: scalars)
                throw StringCatalogError(file: file, location: "line \(line)", message:
                    "is not UTF-8 (byte \(consumed)) and has no UTF-16 byte order mark; save the file as UTF-8, or as UTF-16 with a byte order mark")
            }
        }
    }

    private struct Scanner {
        let scalars: [Unicode.Scalar]
        let file: String
        var index = 0
        var line = 1

        init(scalars: [Unicode.Scalar], file: String) {
            self.scalars = scalars
            self.file = file
        }

        mutating func entries() throws -> [String: String] {
            var entries: [String: String] = [:]
            while true {
                try skipSpaceAndComments()
                guard index < scalars.count else { return entries }
                let keyLine = line
                let key = try token(what: "a key")
                try skipSpaceAndComments()
                var value = key
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    try skipSpaceAndComments()
                    let quotedValue = index < scalars.count && scalars[index] == "\"", valueStart = line
                    value = try token(what: "a value after '=' (the key on line \(keyLine))")
                    let valueLine = line
                    try skipSpaceAndComments()
                    // A quote inside a one-line value ends it early, and the rest of the value
                    // follows on the same line (MonitorControl's Czech `aktivuje se "Bezpečný režim"`).
                    if quotedValue, valueStart == valueLine, line == valueLine, index < scalars.count, scalars[index] != ";" {
                        var rest = String.UnicodeScalarView()
                        var at = index
                        while at < scalars.count, rest.count < 24, !endsLine(at: at) { rest.append(scalars[at]); at += 1 }
                        throw StringCatalogError(file: file, location: "line \(line)", message:
                            "expected ';' after the entry for \(XCStringsReader.quoted(key)) (line \(keyLine)), found '\(String(rest))…' on the "
                            + "same line: its value ends at a '\"' inside it (\(XCStringsReader.quoted(value)) is what was read); "
                            + "write a quote inside a string as \\\", or end the entry with ';'")
                    }
                }
                guard index < scalars.count, scalars[index] == ";" else {
                    throw StringCatalogError(file: file, location: "line \(line)", message:
                        "expected ';' after the entry for \(XCStringsReader.quoted(key)) (line \(keyLine)); end each entry with ';'")
                }
                index += 1
                try CatalogChecks.checkSpecifierCount(value, file: file, location: "line \(keyLine), \(XCStringsReader.quoted(key))")
                entries[key] = value
            }
        }

        private func error(_ message: String) -> StringCatalogError {
            StringCatalogError(file: file, location: "line \(line)", message: message)
        }

        /// The line the scalar after `scalars` is on, its line breaks counted as `endsLine(at:)` counts them.
        static func line(after scalars: [Unicode.Scalar]) -> Int {
            let scanner = Scanner(scalars: scalars, file: "")
            return scalars.indices.reduce(1) { scanner.endsLine(at: $1) ? $0 + 1 : $0 }
        }

        /// Whether the scalar at `index` ends a line, as CoreFoundation's reader counts and ends `//`
        /// comments (CFOldStylePList.c): a line feed, a carriage return (old Mac files; one of
        /// CR LF counts once, at its LF), or U+2028 or U+2029.
        func endsLine(at index: Int) -> Bool {
            switch scalars[index] {
            case "\n", "\u{2028}", "\u{2029}": true
            case "\r": index + 1 >= scalars.count || scalars[index + 1] != "\n"
            default: false
            }
        }

        /// Whether the scalar at `index` is where a `//` comment stops: any line break.
        func endsComment(at index: Int) -> Bool {
            switch scalars[index] {
            case "\n", "\r", "\u{2028}", "\u{2029}": true
            default: false
            }
        }

        mutating func skipSpaceAndComments() throws {
            while index < scalars.count {
                let scalar = scalars[index]
                if endsLine(at: index) { line += 1; index += 1; continue }
                if scalar.properties.isWhitespace { index += 1; continue }
                guard scalar == "/", index + 1 < scalars.count else { return }
                if scalars[index + 1] == "/" {
                    // Up to the line break, which is counted on the next turn.
                    while index < scalars.count, !endsComment(at: index) { index += 1 }
                } else if scalars[index + 1] == "*" {
                    let opened = line
                    index += 2
                    while index < scalars.count, !(scalars[index] == "*" && index + 1 < scalars.count && scalars[index + 1] == "/") {
                        if endsLine(at: index) { line += 1 }
                        index += 1
                    }
                    guard index < scalars.count else {
                        throw StringCatalogError(file: file, location: "line \(opened)", message: "the comment opened here ('/*') is never closed; close it with '*/'")
                    }
                    index += 2
                } else {
                    return
                }
            }
        }

        /// A quoted string or an unquoted word.
        mutating func token(what: String) throws -> String {
            guard index < scalars.count else { throw error("the file ends where \(what) was expected; finish the entry as \"key\" = \"value\";") }
            if scalars[index] == "\"" { return try quoted() }
            var word = String.UnicodeScalarView()
            while index < scalars.count, Self.isWordScalar(scalars[index]) { word.append(scalars[index]); index += 1 }
            guard !word.isEmpty else {
                throw error("expected \(what), found '\(scalars[index])'; write each entry as \"key\" = \"value\";")
            }
            return String(word)
        }

        static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
            (scalar.isASCII && scalar.properties.isAlphabetic) || ("0"..."9").contains(scalar) || "_.$:/-".unicodeScalars.contains(scalar)
        }

        /// Up to four hexadecimal digits from `start` (CoreFoundation reads as many as there are).
        func hexDigits(at start: Int) -> String {
            var digits = ""
            var at = start
            while at < scalars.count, digits.count < 4, scalars[at].properties.isASCIIHexDigit {
                digits.unicodeScalars.append(scalars[at])
                at += 1
            }
            return digits
        }

        /// An octal escape's character: `first` and up to two more octal digits (at `index`,
        /// consumed), a byte of the NeXTSTEP encoding, as CoreFoundation converts it.
        mutating func octal(first: Unicode.Scalar) -> Unicode.Scalar {
            var byte = UInt8(first.value - 0x30)
            for _ in 0..<2 where index < scalars.count && ("0"..."7").contains(scalars[index]) {
                byte = byte &<< 3 &+ UInt8(scalars[index].value - 0x30)
                index += 1
            }
            if byte < 0x80 { return Unicode.Scalar(byte) }
            return String(data: Data([byte]), encoding: .nextstep)?.unicodeScalars.first ?? Unicode.Scalar(byte)
        }

        mutating func quoted() throws -> String {
            let opened = line
            index += 1
            var text = String.UnicodeScalarView()
            while index < scalars.count {
                let scalar = scalars[index]
                if endsLine(at: index) { line += 1 }
                index += 1
                switch scalar {
                case "\"": return String(text)
                case "\\":
                    guard index < scalars.count else { break }
                    let escaped = scalars[index]
                    if endsLine(at: index) { line += 1 }
                    index += 1
                    // As CoreFoundation's `getSlashedChar` (CFOldStylePList.c) reads them, which
                    // Xcode's build and the runtime use: a lowercase `\u` is no escape there (the
                    // letter u; "\u203A" shows "u203A" on a device, a fault the layout must show).
                    switch escaped {
                    case "n": text.append("\n")
                    case "t": text.append("\t")
                    case "r": text.append("\r")
                    case "a": text.append("\u{7}")
                    case "b": text.append("\u{8}")
                    case "f": text.append("\u{C}")
                    case "v": text.append("\u{B}")
                    case "0"..."7": text.append(octal(first: escaped))
                    case "U":
                        let digits = hexDigits(at: index)
                        guard !digits.isEmpty, var code = UInt32(digits, radix: 16) else {
                            throw error("'\\\(escaped)' is not followed by the hexadecimal digits of a character; write it as \\U00E9")
                        }
                        index += digits.count
                        // A character beyond U+FFFF is written as its UTF-16 surrogate pair: \UD83D\UDE00.
                        if (0xD800..<0xDC00).contains(code), index + 2 < scalars.count, scalars[index] == "\\", scalars[index + 1] == "U",
                           case let lowDigits = hexDigits(at: index + 2), let low = UInt32(lowDigits, radix: 16), (0xDC00..<0xE000).contains(low) {
                            code = 0x10000 + (code - 0xD800) << 10 + (low - 0xDC00)
                            index += 2 + lowDigits.count
                        }
                        guard let value = Unicode.Scalar(code) else {
                            throw error("'\\\(escaped)\(String(code, radix: 16, uppercase: true))' is half of a surrogate pair with no other half; "
                                + "write a character beyond U+FFFF as both halves, \\UD83D\\UDE00")
                        }
                        text.append(value)
                    default: text.append(escaped)  // \" \\ \' and any other character as itself
                    }
                default: text.append(scalar)
                }
            }
            throw StringCatalogError(file: file, location: "line \(opened)", message:
                "the string opened here has no closing quote; end it with '\"' (and a quote inside a string with '\\\"')")
        }
    }
}

private extension UTF8 {
    static func width(_ scalar: Unicode.Scalar) -> Int { scalar.utf8.count }
}
