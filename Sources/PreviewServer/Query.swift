import Foundation

/// A request's query (`?category=ax5&width=390`), read as the page and scripts send it: `name=value`
/// pairs split at `&`, each side percent-decoded, `+` a space (as forms encode one). The names
/// are the command line's option names without their dashes, so a query is a command line in
/// another spelling (`commandLineArguments(switches:invertible:)`) and is checked by the same
/// parser, with the same messages.
public struct Query: Hashable, Sendable {
    /// One `name=value` pair; a bare `name` has an empty value.
    public struct Item: Hashable, Sendable {
        public var name: String
        public var value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The pairs in the order given (an empty segment, as in `a=1&&b=2`, gives none).
    public var items: [Item]

    public init(items: [Item] = []) { self.items = items }

    /// The most parameters a query may have: the preview has about fifteen options, the page sends
    /// at most twelve (its `order` among them). Past it, `Query(parsing:)` throws, having read no
    /// more than this many: the parser behind `commandLineArguments` never sees thousands of options.
    public static let maximumItems = 64
    /// The longest query read, in bytes as sent (before decoding): 8 KiB. A server answers a
    /// longer one 414 URI Too Long; `Query(parsing:)` throws, having read none of it.
    public static let maximumLength = 8 * 1024

    /// What a client is told of a query of `length` bytes, over `maximumLength`.
    public static func tooLongMessage(length: Int) -> String {
        "the query is \(length) bytes, more than the \(maximumLength) bytes (8 KiB) read here; "
            + "a request takes at most \(maximumItems) parameters"
    }

    /// The query `text` (what follows the `?`, without it), in one pass over it.
    /// - Throws: `BadRequest` for a name or value that is not percent-encoded UTF-8, for a query of
    ///   more than `maximumLength` bytes or more than `maximumItems` parameters.
    public init(parsing text: Substring) throws(BadRequest) {
        items = []
        let length = text.utf8.count
        guard length <= Self.maximumLength else { throw BadRequest(Self.tooLongMessage(length: length)) }
        for segment in text.split(separator: "&", omittingEmptySubsequences: true) {
            guard items.count < Self.maximumItems else {
                throw BadRequest("the query has more than \(Self.maximumItems) parameters, the most a request takes here; "
                    + "give each option once")
            }
            let pair = segment.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decoded(pair[0]), value = pair.count > 1 ? try Self.decoded(pair[1]) : ""
            guard !name.isEmpty else { throw BadRequest("the query has a value without a name ('\(segment)'); write name=value") }
            items.append(Item(name: name, value: value))
        }
    }

    /// The last value given for `name`, if any.
    public func value(_ name: String) -> String? { items.last { $0.name == name }?.value }

    /// The query as command-line arguments of the same names: `name=value` as `--name=value` (a
    /// value that starts with a dash stays a value), a switch such as `bold-text=1` as
    /// `--bold-text`. A switch takes 1, true, on, yes or nothing to turn it on, and 0, false, off or
    /// no to turn it off: an `invertible` one as `--no-NAME`, any other by leaving it out.
    /// - Throws: `BadRequest` for a switch given another value.
    public func commandLineArguments(switches: Set<String>, invertible: Set<String> = []) throws(BadRequest) -> [String] {
        var arguments: [String] = []
        for item in items {
            guard switches.contains(item.name) || invertible.contains(item.name) else {
                arguments.append("--\(item.name)=\(item.value)")
                continue
            }
            switch item.value.lowercased() {
            case "", "1", "true", "on", "yes": arguments.append("--\(item.name)")
            case "0", "false", "off", "no": if invertible.contains(item.name) { arguments.append("--no-\(item.name)") }
            default:
                throw BadRequest("\(item.name) is a switch: give \(item.name)=1 to turn it on or \(item.name)=0 to turn it off, got '\(item.value)'")
            }
        }
        return arguments
    }

    /// `text` percent-decoded, `+` read as a space; refused when it decodes to a control character
    /// or a line or paragraph separator (`%0A`, `%00`, `%E2%80%A8`), which no option takes and
    /// which a message quoting the value would carry onto a line of its own.
    private static func decoded(_ text: Substring) throws(BadRequest) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        guard let decoded = spaced.removingPercentEncoding else {
            throw BadRequest("'\(text)' in the query is not percent-encoded UTF-8; encode each byte outside A-Z a-z 0-9 - . _ ~ as %XX")
        }
        let breaking: Set<Unicode.GeneralCategory> = [.control, .lineSeparator, .paragraphSeparator]
        if decoded.unicodeScalars.contains(where: { breaking.contains($0.properties.generalCategory) }) {
            throw BadRequest("'\(text)' in the query decodes to a control character or a line break, which no option takes; "
                + "leave it out")
        }
        return decoded
    }
}
