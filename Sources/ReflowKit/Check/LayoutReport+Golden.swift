import Foundation
import Reflow
import TextMetrics

extension LayoutReport {
    /// A golden layout of `reflow-cli check`: the layout JSON of one size, with the fonts the layouts
    /// were made with (each font's file name and version, under `"fonts"` at the top), written and
    /// read back.
    public struct Golden: Sendable {
        /// The layout.
        public let report: LayoutReport
        /// The fonts the layouts were made with, by file name; nil for a golden recorded before
        /// goldens recorded their fonts (it still reads).
        public let fonts: [FontRecord]?

        public init(report: LayoutReport, fonts: [FontRecord]?) {
            self.report = report
            self.fonts = fonts
        }

        /// One font file a golden's layouts were made with.
        public struct FontRecord: Codable, Hashable, Sendable, Comparable, CustomStringConvertible {
            /// The file's name, without its folder (`Inter-Regular.otf`).
            public let file: String
            /// The name table's version string (`Version 4.000`).
            public let version: String

            public init(file: String, version: String) {
                self.file = file
                self.version = version
            }

            /// The records of `fonts`, one per file name, sorted by it.
            public static func of(_ fonts: [Font]) -> [FontRecord] {
                var byFile: [String: FontRecord] = [:]
                for font in fonts {
                    let file = font.path.split(separator: "/").last.map(String.init) ?? font.path
                    if byFile[file] == nil { byFile[file] = FontRecord(file: file, version: font.version) }
                }
                return byFile.values.sorted()
            }

            public static func < (a: FontRecord, b: FontRecord) -> Bool { (a.file, a.version) < (b.file, b.version) }

            /// `Inter-Regular.otf (Version 4.000)`.
            public var description: String { "\(file) (\(version))" }
        }

        /// The golden's text: the layout JSON with its version and the fonts first, one a line, ending
        /// in a line feed.
        public func jsonText() -> String {
            guard let fonts else { return report.jsonText() + "\n" }
            let layout = report.jsonText(versioned: false)
            var out = "{\n  \"version\": \(LayoutReport.formatVersion),\n  \"fonts\": ["
            for (index, font) in fonts.enumerated() {
                out += index == 0 ? "\n" : ",\n"
                out += "    {\"file\": \(JSONText.string(font.file)), \"version\": \(JSONText.string(font.version))}"
            }
            out += fonts.isEmpty ? "],\n" : "\n  ],\n"
            // The layout's own keys follow its opening brace.
            return out + layout.dropFirst(2) + "\n"
        }

        /// Why a golden cannot be used.
        public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
            public let path: String
            /// Where in the JSON and what is wrong there.
            public let reason: String

            public init(path: String, reason: String) {
                self.path = path
                self.reason = reason
            }

            /// A golden of layout JSON `version`, later than this reflow reads.
            init(path: String, version: Int) {
                self.path = path
                reason = "it is layout JSON version \(version), newer than the version this reflow reads (\(LayoutReport.formatVersion))"
                newerVersion = version
            }

            /// A golden that reads as a layout JSON but holds a number no layout has (`reason`
            /// names where, the value and the bound it is beyond: `checkBounds(of:path:)`).
            init(path: String, outOfBounds reason: String) {
                self.path = path
                self.reason = reason
                isOutOfBounds = true
            }

            /// The golden's version when it is later than this reflow reads; nil when it is not a
            /// layout JSON at all.
            public private(set) var newerVersion: Int?

            /// The golden holds a number beyond what a layout has (a frame 10^20 pt wide, more lines
            /// than its frame holds): it was edited by hand or by a tool, not recorded.
            public private(set) var isOutOfBounds = false

            /// What is wrong: the first part of `description`, before what to do.
            public var problem: String {
                if newerVersion != nil { return "golden '\(path)': \(reason)" }
                if isOutOfBounds { return "golden '\(path)' holds a number no layout has: \(reason)" }
                return "golden '\(path)' is not a layout JSON: \(reason)"
            }

            public var description: String {
                "\(problem); " + (newerVersion == nil ? "record it again" : "check it with the reflow that recorded it, or record it again with this one")
            }
        }

        /// The golden in `bytes`, the contents of the golden at `path`, its numbers checked
        /// (`checkBounds(of:path:)`): goldens live in a repository, where a pull request can carry
        /// one edited to hold any number, and what reads here is drawn by `check --report`.
        /// - Throws: `ReadError` for bytes that are not a layout JSON, one of a later version than
        ///   `LayoutReport.formatVersion` (a newer reflow recorded it), or one holding a number no
        ///   layout has (`isOutOfBounds`). A golden without a version was recorded before the layout
        ///   JSON had one, in the same format, and reads as it is.
        public static func decode(_ bytes: [UInt8], path: String) throws -> Golden {
            let file: File
            do {
                file = try JSONDecoder().decode(File.self, from: Data(bytes))
            } catch let newer as NewerVersion {
                throw ReadError(path: path, version: newer.version)
            } catch let error as DecodingError {
                // Foundation says only "not valid JSON" of a number it cannot hold (1e400, an integer
                // past Int64, 2.5 for a count): find it, to say where it is.
                if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                   let number = GoldenNumbers.unreadableNumber(in: bytes) {
                    throw ReadError(path: path, outOfBounds: number)
                }
                throw ReadError(path: path, reason: describe(error))
            } catch {
                throw ReadError(path: path, reason: error.localizedDescription)
            }
            try checkBounds(of: file.report, path: path)
            return Golden(report: file.report, fonts: file.fonts)
        }

        /// A golden of a later layout JSON version than this reflow reads.
        private struct NewerVersion: Error { let version: Int }

        /// A golden as stored: the version and the fonts beside the layout's own keys, read in one pass.
        private struct File: Decodable {
            let version: Int?
            let fonts: [FontRecord]?
            let report: LayoutReport

            enum Key: String, CodingKey { case version, fonts }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                version = try container.decodeIfPresent(Int.self, forKey: .version)
                fonts = try container.decodeIfPresent([FontRecord].self, forKey: .fonts)
                // A later version may have changed anything else: say so rather than what fails to read.
                if let version, version > LayoutReport.formatVersion { throw NewerVersion(version: version) }
                report = try LayoutReport(from: decoder)
            }
        }

        /// A decoding error as a person reads it: where (`elements[3].frame.width`), what is wrong
        /// and what was expected there, in JSON's words (an object, an array, a number), never a
        /// Swift type's name.
        static func describe(_ error: DecodingError) -> String {
            switch error {
            case .keyNotFound(let key, let context):
                return "\(place(context.codingPath)) has no \"\(key.stringValue)\" (expected \(expectation(at: context.codingPath)))"
            case .valueNotFound(let type, let context):
                return "\(place(context.codingPath)) is null (expected \(expectation(at: context.codingPath, type: type)))"
            case .typeMismatch(let type, let context):
                return "\(place(context.codingPath)) is not \(kind(type)) (expected \(expectation(at: context.codingPath, type: type)))"
            case .dataCorrupted(let context):
                if context.codingPath.isEmpty {
                    let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                    return "it is not valid JSON" + (detail.map { " (\($0))" } ?? "")
                }
                return "\(place(context.codingPath)) is not valid here (expected \(expectation(at: context.codingPath)))"
            @unknown default:
                return "it cannot be read as a layout"
            }
        }

        /// `elements[3].frame`, or "the top level".
        static func place(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the top level" : text
        }

        /// A value of `type` in JSON's words.
        static func kind(_ type: Any.Type) -> String {
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") || name.hasPrefix("KeyedDecodingContainer") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("UnkeyedDecodingContainer") { return "an array" }
            if name == "String" { return "a string" }
            if name == "Bool" { return "true or false" }
            if ["Int", "Double", "Float", "Int64", "Int32"].contains(name) { return "a number" }
            return "another kind of value"
        }

        /// What a layout JSON holds at `path`: an object and its keys where the layout has one there
        /// (the keys every such object needs), else the value's kind.
        static func expectation(at path: [any CodingKey], type: Any.Type? = nil) -> String {
            let names = path.map { $0.intValue == nil ? $0.stringValue : "[]" }
            let keys: [String]? = switch (names.dropLast().last, names.last) {
            case (nil, nil): ["environment", "contentSize", "elements"]
            case (_, "environment"): ["containerWidth", "category", "layoutDirection"]
            case (_, "contentSize"): ["width", "height"]
            case ("elements", "[]"): ["indexPath", "kind", "frame"]
            case (_, "indexPath"): ["section", "item"]
            case (_, "frame"), (_, "textFrame"): ["x", "y", "width", "height"]
            case (_, "viewport"): ["frame", "contentHeightEstimated"]
            case (_, "marker"): ["text", "frame"]
            case ("images", "[]"): ["source", "frame"]
            case ("scrollingWidths", "[]"): ["section", "width"]
            case ("warnings", "[]"): ["warning", "kind", "indexPath", "category", "given", "needed", "message"]
            case ("fonts", "[]"): ["file", "version"]
            default: nil
            }
            if let keys { return "an object with keys \(keys.joined(separator: ", "))" }
            if let last = names.last, ["elements", "images", "scrollingWidths", "warnings", "fonts"].contains(last) {
                return "an array of objects"
            }
            return type.map(kind) ?? "a value of a layout JSON"
        }
    }
}

/// The name `LayoutReport.Golden` had before the layout JSON's types took one name.
@available(*, deprecated, renamed: "LayoutReport.Golden")
public typealias GoldenLayout = LayoutReport.Golden
