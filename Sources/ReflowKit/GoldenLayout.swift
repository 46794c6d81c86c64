import Foundation
import Reflow

/// A golden layout of `reflow-cli check`: the layout JSON of one size, read back.
public enum GoldenLayout {
    /// Why a golden cannot be used.
    public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
        public let path: String
        /// Where in the JSON and what is wrong there.
        public let reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        /// What is wrong: the first part of `description`, before what to do.
        public var problem: String { "golden '\(path)' is not a layout JSON (\(reason))" }

        public var description: String { "\(problem); record it again" }
    }

    /// The layout in `bytes`, the contents of the golden at `path`.
    public static func decode(_ bytes: [UInt8], path: String) throws -> LayoutReport {
        do {
            return try JSONDecoder().decode(LayoutReport.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw ReadError(path: path, reason: describe(error))
        } catch {
            throw ReadError(path: path, reason: "\(error)")
        }
    }

    /// A decoding error as a person reads it: where (`cells[3].frame.width`) and what.
    static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            var text = ""
            for key in path {
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
            return text.isEmpty ? "the top level" : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath + [key])) is missing"
        case .valueNotFound(_, let context):
            return "\(place(context.codingPath)) is null"
        case .typeMismatch(let type, let context):
            return "\(place(context.codingPath)) is not \(type == Double.self || type == Int.self ? "a number" : "a \(type)")"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return "\(place(context.codingPath)): \(underlying ?? context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
