import ArgumentParser
import Foundation
import Reflow
import TextMetrics

extension ContentSizeCategory: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.shortName) }
    public var defaultValueDescription: String { shortName }
}

extension TextStyle: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}

extension LineBreaker.OverflowWrap: ExpressibleByArgument {}

/// Where the bundled fonts are; shared by every command that measures text.
struct FontOptions: ParsableArguments {
    @Option(name: .customLong("fonts"), help: ArgumentHelp(
        "Folder holding the bundled Inter fonts (default: found beside the executable or from REFLOW_FONTS).",
        valueName: "dir"))
    var directory: String?

    func library() throws -> FontLibrary { try FontLibrary(directory: directory) }
}

/// An error meant for a person: printed as one line, exit status 1.
struct UserError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}

/// Runs `body`, turning any error into one line on stderr and a non-zero exit.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as ExitCode {
        throw error
    } catch {
        Console.error("\(error)")
        throw ExitCode.failure
    }
}

enum Console {
    nonisolated(unsafe) static var standardError = FileHandle.standardError

    static func error(_ message: String) {
        standardError.write(Data("reflow-cli: error: \(message)\n".utf8))
    }

    static func warning(_ message: String) {
        standardError.write(Data("reflow-cli: warning: \(message)\n".utf8))
    }

    static func info(_ message: String) {
        standardError.write(Data("\(message)\n".utf8))
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
}

/// Reads a document, refusing directories and unreadable files with a message that says so,
/// and replacing invalid UTF-8 with U+FFFD (said once, with the first bad byte's offset).
func readDocument(_ path: String) throws -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw UserError("cannot read '\(path)': no such file; check the path")
    }
    if isDirectory.boolValue {
        throw UserError("'\(path)' is a directory; pass a text or Markdown file")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
        throw UserError("cannot read '\(path)': permission denied or unreadable")
    }
    let decoded = DocumentText(bytes: [UInt8](data))
    if let offset = decoded.firstInvalidByte {
        Console.warning("'\(path)' is not valid UTF-8 (first bad byte at offset \(offset)); invalid bytes were replaced with U+FFFD")
    }
    if decoded.nulCount > 0 {
        Console.warning("'\(path)' contains \(decoded.nulCount) NUL byte(s); they were replaced with U+FFFD")
    }
    return decoded.text
}

/// Validates a length in points given on the command line.
func requirePositive(_ value: Double?, _ name: String) throws {
    if let value, !(value.isFinite && value > 0) {
        throw ValidationError("\(name) must be a positive number of points, got \(value)")
    }
}
