import Foundation
import Testing

/// Unicode's conformance files (Debian's unicode-data: BidiCharacterTest.txt, LineBreakTest.txt)
/// read as bytes, with plain loops. The test code that reads them is unoptimized, and splitting
/// String's characters and appending to its scalar view over BidiCharacterTest.txt's 91,000 cases
/// took 10 s of CPU in each suite that read it.
public enum UnicodeDataFile {
    /// The data lines of the file at `path` (neither comments nor blank), each with its 1-based
    /// line number; nil when the file is missing, which is an issue where CI installs unicode-data.
    public static func dataLines(_ path: String) throws -> [(number: Int, bytes: ArraySlice<UInt8>)]? {
        guard FileManager.default.fileExists(atPath: path) else {
            // Loud: CI installs unicode-data, so a missing file there is a failure.
            if ProcessInfo.processInfo.environment["CI"] != nil { Issue.record("\(path) is missing: apt-get install unicode-data") }
            print("SKIPPED: \(path) is missing (apt-get install unicode-data)")
            return nil
        }
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        var lines: [(number: Int, bytes: ArraySlice<UInt8>)] = []
        for (index, line) in split(bytes[...], at: 0x0A, omittingEmpty: false).enumerated() {
            guard let first = line.first(where: { $0 != 0x20 && $0 != 0x09 }), first != UInt8(ascii: "#") else { continue }
            lines.append((index + 1, line))
        }
        return lines
    }

    /// The parts of `bytes` between `separator`s (`;` between fields, a space between numbers, a
    /// line feed between lines), empty parts left out when `omittingEmpty`.
    public static func split(_ bytes: ArraySlice<UInt8>, at separator: UInt8, omittingEmpty: Bool = true) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        for index in bytes.indices where bytes[index] == separator {
            if !omittingEmpty || index > start { parts.append(bytes[start..<index]) }
            start = index + 1
        }
        if !omittingEmpty || start < bytes.endIndex { parts.append(bytes[start...]) }
        return parts
    }

    /// `token` read as a number in `radix` (10 or 16); nil when it is not one (`x`, a level the
    /// file leaves out).
    public static func number(_ token: ArraySlice<UInt8>, radix: UInt32) -> UInt32? {
        guard !token.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in token {
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: digit = UInt32(byte - UInt8(ascii: "A")) + 10
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt32(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            value = value * radix + digit
        }
        return value
    }

    /// The space-separated numbers of `field` in `radix`, those that read as one.
    public static func numbers(_ field: ArraySlice<UInt8>, radix: UInt32) -> [UInt32] {
        split(field, at: 0x20).compactMap { number($0, radix: radix) }
    }

    /// The space-separated code points of `field` (hexadecimal), as scalars.
    public static func scalars(_ field: ArraySlice<UInt8>) -> [Unicode.Scalar] {
        numbers(field, radix: 16).compactMap(Unicode.Scalar.init)
    }
}
