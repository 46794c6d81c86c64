import TextMetrics
import Reflow

/// A value and where it is in the file.
struct JSONCursor {
    let value: JSONValue
    let location: JSONPath?

    init(value: JSONValue, path: String) {
        self.value = value
        location = path.isEmpty ? nil : JSONPath(path)
    }

    init(value: JSONValue, location: JSONPath?) {
        self.value = value
        self.location = location
    }

    var path: String { location?.string ?? "" }

    /// Where this value is, for an item or group read from it: its path written out only if a
    /// message asks for it.
    var descriptionSource: DescriptionSource {
        let location = location
        return DescriptionSource(writing: { location?.string ?? "" })
    }

    /// `value`, found under `key` of this object (its path written out only if asked for).
    func child(_ key: String, value: JSONValue) -> JSONCursor {
        JSONCursor(value: value, location: JSONPath(parent: location, key: key))
    }

    func fail(_ message: String) -> ScreenFileError { ScreenFileError(path: path, message: message) }

    /// An object's members by key (a handful: looked up by a linear search, no dictionary).
    struct Members {
        let entries: [(key: String, cursor: JSONCursor)]
        subscript(key: String) -> JSONCursor? { entries.first { $0.key == key }?.cursor }
    }

    /// The object's members, refusing keys it does not know (a typo is an error, not ignored).
    func object(allowed: [String], expected: String) throws -> Members {
        guard case .object(let members) = value else { throw fail("expected \(expected), got \(value.kindName)") }
        var entries: [(key: String, cursor: JSONCursor)] = []
        entries.reserveCapacity(members.count)
        for (key, member) in members {
            guard allowed.contains(key) else {
                throw ScreenFileError(path: child(key, value: member).path, message: "unknown key; expected one of \(allowed.joined(separator: ", "))")
            }
            entries.append((key, child(key, value: member)))
        }
        return Members(entries: entries)
    }

    func array(expected: String) throws -> [JSONCursor] {
        guard case .array(let values) = value else { throw fail("expected \(expected), got \(value.kindName)") }
        return values.enumerated().map { JSONCursor(value: $1, location: JSONPath(parent: location, key: nil, index: $0)) }
    }

    func number(in range: ClosedRange<Double>, expected: String) throws -> Double {
        guard case .number(let number) = value, number.isFinite, range.contains(number) else {
            throw fail("expected \(expected), got \(description)")
        }
        return number
    }

    func integer(in range: ClosedRange<Int>, expected: String) throws -> Int {
        let number = try self.number(in: Double(range.lowerBound)...Double(range.upperBound), expected: expected)
        guard number == number.rounded() else { throw fail("expected \(expected), got \(description)") }
        return Int(number)
    }

    func bool() throws -> Bool {
        guard case .bool(let bool) = value else { throw fail("expected true or false, got \(description)") }
        return bool
    }

    func string(expected: String) throws -> String {
        guard case .string(let string) = value else { throw fail("expected \(expected), got \(description)") }
        return string
    }

    /// Text from the file in quotes, for a message: whole when it is short, else its first 40
    /// characters, "…" and its length (a key of a megabyte is not echoed whole).
    static func quoted(_ text: String) -> String {
        let shown = text.prefix(maximumQuoted + 1)
        guard shown.count > maximumQuoted else { return "\"\(text)\"" }
        return "\"\(shown.prefix(maximumQuoted))…\" (\(text.count) characters)"
    }

    /// Characters of a name or text from the file a message shows.
    static let maximumQuoted = 40

    /// The value, briefly, for messages.
    var description: String {
        switch value {
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .string(let string): return Self.quoted(string)
        case .bool(let bool): return String(bool)
        default: return value.kindName
        }
    }
}
