import ArgumentParser
import Foundation
import Reflow
import TextMetrics

/// A content-size category on the command line: `xs` … `ax5` or a long name, in any case.
///
/// `ContentSizeCategory` is not the option type itself: ArgumentParser describes the default of a
/// `CaseIterable & RawRepresentable` type by its raw value, which for categories is an index
/// (`default: 3`), not a name anyone types.
struct CategoryName: ExpressibleByArgument {
    var category: ContentSizeCategory

    init(_ category: ContentSizeCategory) { self.category = category }

    init?(argument: String) {
        guard let category = ContentSizeCategory(name: argument) else { return nil }
        self.category = category
    }

    static var allValueStrings: [String] { ContentSizeCategory.allCases.map(\.shortName) }
    var defaultValueDescription: String { category.shortName }
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
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            // Written in place, not copied into a Data first.
            FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: buffer.count,
                                                 deallocator: .none))
        }
    }
}

/// Reads a document or a screen file into what a command lays out, refusing directories and
/// unreadable files with a message that says so; invalid UTF-8 in a document is replaced with
/// U+FFFD and said once, with the first bad byte's offset.
func readInput(_ path: String, format: DocumentFormat? = nil, cells: CellMode = .blocks,
               layout: LayoutInput.DocumentLayout = .list) throws -> LayoutInput {
    let bytes = try readFile(path)
    let input = try LayoutInput(bytes: bytes, format: format ?? DocumentFormat(path: path), cells: cells, layout: layout)
    if let offset = input.firstInvalidByte {
        Console.warning("'\(path)' is not valid UTF-8 (first bad byte at offset \(offset)); invalid bytes were replaced with U+FFFD")
    }
    if input.nulCount > 0 {
        Console.warning("'\(path)' contains \(input.nulCount) NUL byte(s); they were replaced with U+FFFD")
    }
    return input
}

/// The bytes of `path`, refusing directories and unreadable files with a message that says so.
func readFile(_ path: String) throws -> [UInt8] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        throw UserError("cannot read '\(path)': no such file; check the path")
    }
    if isDirectory.boolValue {
        throw UserError("'\(path)' is a directory; pass a text, Markdown or screen (.json) file")
    }
    guard let bytes = readBytes(path) else {
        throw UserError("cannot read '\(path)': permission denied or unreadable")
    }
    return bytes
}

/// A plain-text file's text (for `lines`), invalid UTF-8 replaced and said once.
func readDocument(_ path: String) throws -> String {
    let decoded = DocumentText(bytes: try readFile(path))
    if let offset = decoded.firstInvalidByte {
        Console.warning("'\(path)' is not valid UTF-8 (first bad byte at offset \(offset)); invalid bytes were replaced with U+FFFD")
    }
    if decoded.nulCount > 0 {
        Console.warning("'\(path)' contains \(decoded.nulCount) NUL byte(s); they were replaced with U+FFFD")
    }
    return decoded.text
}

/// The file's bytes, read straight into an array (no `Data` in between), or nil when it cannot
/// be opened or read.
private func readBytes(_ path: String) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    let descriptor = handle.fileDescriptor
    var status = stat()
    let expected = fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    // One byte more than the size, so the read that finds the end needs no growing.
    var bytes = [UInt8](repeating: 0, count: max(expected + 1, 1 << 12))
    var count = 0
    while true {
        if count == bytes.count { bytes.append(contentsOf: repeatElement(0, count: bytes.count)) }
        var got = 0
        bytes.withUnsafeMutableBytes { buffer in
            repeat {
                got = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            } while got < 0 && errno == EINTR
        }
        if got < 0 { return nil }
        if got == 0 { break }
        count += got
    }
    bytes.removeLast(bytes.count - count)
    return bytes
}

/// Validates a length in points given on the command line.
func requirePositive(_ value: Double?, _ name: String) throws {
    if let value, !(value.isFinite && value > 0) {
        throw ValidationError("\(name) must be a positive number of points, got \(value)")
    }
}

/// A sizer for one worker of a `CategorySweep`, with fonts of its own (a typesetter and its
/// FreeType faces belong to one thread). It lives until the process exits: at the end of a
/// sweep it holds every shaped paragraph and every cell laid out at each of its sizes, and
/// freeing all of that, object by object, on the worker's thread only delays the output; the
/// exit gives the memory back at once.
func sweepSizer(fontsDirectory directory: String) throws -> CellSizer {
    let sizer = CellSizer(typesetter: try Typesetter(fonts: try FontLibrary(directory: directory)))
    _ = Unmanaged.passRetained(sizer)  // released by the exit, never before
    return sizer
}
