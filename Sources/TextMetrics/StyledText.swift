/// Inline emphasis, as Markdown's `*emphasis*` and `**strong emphasis**` mark it.
public struct TextEmphasis: OptionSet, Hashable, Sendable, Codable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Drawn in the italic face.
    public static let italic = TextEmphasis(rawValue: 1)
    /// Drawn one weight heavier (regular → semibold → bold).
    public static let strong = TextEmphasis(rawValue: 2)
}

/// Text in styled runs: a string and, covering it without gaps, runs of emphasis.
public struct StyledText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public struct Run: Hashable, Sendable {
        /// Length in UTF-8 bytes.
        public var length: Int
        public var emphasis: TextEmphasis
    }

    public private(set) var string: String
    public private(set) var runs: [Run]

    public init(_ string: String = "", emphasis: TextEmphasis = []) {
        self.string = string
        self.runs = string.isEmpty ? [] : [Run(length: string.utf8.count, emphasis: emphasis)]
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var isEmpty: Bool { string.isEmpty }
    public var description: String { string }

    /// Appends `text` in `emphasis`, merging with the last run when the emphasis is the same.
    public mutating func append(_ text: String, emphasis: TextEmphasis = []) {
        guard !text.isEmpty else { return }
        string += text
        let length = text.utf8.count
        if let last = runs.last, last.emphasis == emphasis {
            runs[runs.count - 1].length += length
        } else {
            runs.append(Run(length: length, emphasis: emphasis))
        }
    }

    public mutating func append(_ other: StyledText) {
        var offset = other.string.utf8.startIndex
        for run in other.runs {
            let end = other.string.utf8.index(offset, offsetBy: run.length)
            append(String(other.string[offset..<end]), emphasis: run.emphasis)
            offset = end
        }
    }

    /// The runs with their byte ranges.
    public var rangedRuns: [(range: Range<Int>, emphasis: TextEmphasis)] {
        var start = 0
        return runs.map { run in
            defer { start += run.length }
            return (start..<start + run.length, run.emphasis)
        }
    }
}
