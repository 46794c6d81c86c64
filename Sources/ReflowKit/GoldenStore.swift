import Foundation
import Reflow
import SystemPackage
import TextMetrics

/// The goldens of `reflow-cli check`: one layout JSON per text size of a document, in a folder,
/// named `STEM-CATEGORY.json` (`welcome-xxxl.json`), recorded once and compared with later
/// layouts cell by cell.
public struct GoldenStore: Sendable {
    /// The folder holding the goldens.
    public let folder: String
    /// The document's file name without its extension: the goldens' common prefix.
    public let stem: String

    /// The goldens of the document at `document` in `folder`.
    public init(folder: String, document: String) {
        self.folder = folder
        let name = FilePath(document).lastComponent?.string ?? document
        stem = FilePath(document).stem ?? name
    }

    /// Why the goldens cannot be read or written; says what to do.
    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The goldens folder is a file.
        case folderIsAFile(folder: String)
        /// There is no goldens folder to compare with.
        case noFolder(folder: String)
        /// Sizes without a golden (each `stem-CATEGORY.json` in `folder`).
        case missingGoldens([ContentSizeCategory], folder: String, stem: String)

        /// What is wrong: the first part of `description`, before what to do.
        public var problem: String {
            switch self {
            case .folderIsAFile(let folder):
                "'\(folder)' is a file, not a folder"
            case .noFolder(let folder):
                "no goldens folder '\(folder)'"
            case .missingGoldens(let categories, let folder, let stem):
                "no golden for \(categories.map(\.shortName).joined(separator: ", ")) in '\(folder)' (expected \(stem)-CATEGORY.json)"
            }
        }

        public var description: String {
            switch self {
            case .folderIsAFile: "the goldens folder \(problem); give the folder that holds (or will hold) the goldens"
            case .noFolder: "\(problem); record the goldens to create it"
            case .missingGoldens: "\(problem); record them to create them"
            }
        }
    }

    /// The golden of `category`.
    public func path(of category: ContentSizeCategory) -> String {
        FilePath(folder).appending("\(stem)-\(category.shortName).json").string
    }

    /// Checks the folder before any work: it must be a folder, and exist unless `recording`.
    public func checkFolder(recording: Bool) throws {
        switch Folder.kind(of: folder) {
        case .notAFolder:
            throw Problem.folderIsAFile(folder: folder)
        case .missing where !recording:
            throw Problem.noFolder(folder: folder)
        case .missing, .folder:
            break
        }
    }

    /// Creates the folder and checks the goldens of `categories` can be written (none of them
    /// one of `protecting`), before any work; write them with `record`.
    public func outputs(for categories: [ContentSizeCategory], protecting: [String]) throws -> [OutputFile] {
        try Folder.create(folder)
        return try categories.map { try OutputFile(path: path(of: $0), protecting: protecting) }
    }

    /// Writes each report to its output (from `outputs(for:protecting:)`), whole or not at all.
    public func record(_ reports: [LayoutReport], to outputs: [OutputFile]) throws {
        for (report, output) in zip(reports, outputs) { try output.write(Data((report.jsonText() + "\n").utf8)) }
    }

    /// Compares the layouts of `categories` with their goldens, read through `reader`.
    /// - Throws: `Problem` naming every size without a golden; `GoldenLayout.ReadError` for a
    ///   golden that is not a layout JSON.
    public func compare(_ reports: [LayoutReport], categories: [ContentSizeCategory], reader: DocumentReader,
                        tolerance: Double) throws -> Verdict {
        var missing: [ContentSizeCategory] = []
        var moved: [Verdict.Difference] = []
        for (report, category) in zip(reports, categories) {
            let path = path(of: category)
            let bytes: [UInt8]
            do {
                bytes = try reader.bytes(ofRegularFile: path)
            } catch InputError.notFound {
                missing.append(category)
                continue
            }
            let comparison = LayoutComparison(golden: try GoldenLayout.decode(bytes, path: path), actual: report, tolerance: tolerance)
            if !comparison.matches { moved.append(.init(category: category, comparison: comparison)) }
        }
        if !missing.isEmpty {
            throw Problem.missingGoldens(missing, folder: folder, stem: stem)
        }
        return Verdict(checked: categories.count, differences: moved)
    }

    /// What a comparison found.
    public struct Verdict: Sendable {
        /// How many sizes were compared.
        public let checked: Int
        /// The sizes whose layout moved, in the order checked.
        public let differences: [Difference]

        /// Every size matches its golden.
        public var passed: Bool { differences.isEmpty }

        /// Where the layouts differ from the goldens, as a clause ("layouts differ from the goldens
        /// at l, ax5"); nil when it passed.
        public var mismatch: String? {
            guard !passed else { return nil }
            return "layouts differ from the goldens at \(differences.map(\.category.shortName).joined(separator: ", "))"
        }

        /// The error line of a failed check: where the layouts differ and what to do; nil when it passed.
        public var failure: String? { mismatch.map { "\($0); if the change is intended, record the goldens again" } }

        /// One size whose layout differs from its golden.
        public struct Difference: Sendable {
            /// The size.
            public let category: ContentSizeCategory
            /// Its golden against its layout now.
            public let comparison: LayoutComparison
        }

        /// For people: a line saying whether `document` passed, then per size that moved what
        /// changed, listing at most `maxCells` elements, golden → now.
        public func text(document: String, maxCells: Int) -> String {
            guard !passed else { return "check passed: \(document) matches its goldens at \(checked) size(s)\n" }
            var out = "check failed: \(document) changed at \(differences.count) of \(checked) size(s) (golden → now)\n"
            for difference in differences {
                let comparison = difference.comparison
                var summary: [String] = []
                if comparison.environmentDiffers {
                    summary.append("recorded for width \(JSONText.number(comparison.golden.environment.containerWidth)) pt, "
                        + "checked at \(JSONText.number(comparison.actual.environment.containerWidth)) pt")
                }
                if let change = comparison.contentHeightChange {
                    summary.append("content height \(LayoutComparison.Change.signed(change)) pt")
                }
                let resized = comparison.resized
                if !resized.isEmpty { summary.append("\(resized.count) element(s) changed") }
                out += "  \(difference.category.displayName): \(summary.joined(separator: ", "))\n"
                for change in resized.prefix(maxCells) { out += "    \(change)\n" }
                if resized.count > maxCells { out += "    … and \(resized.count - maxCells) more\n" }
                if let shifted = comparison.shifted {
                    let (low, high) = (shifted.range.lowerBound, shifted.range.upperBound)
                    let by = low == high
                        ? LayoutComparison.Change.signed(low)
                        : "\(LayoutComparison.Change.signed(low))…\(LayoutComparison.Change.signed(high))"
                    out += "    \(shifted.count) element(s) below moved by \(by) pt\n"
                }
            }
            return out
        }
    }
}
