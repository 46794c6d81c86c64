import Foundation
import Readers
import TextMetrics

/// The languages a command lays a document out in (`--lang`, and `serve`'s `lang`): one tag
/// (`de`), a list (`de,fr,ja`), `all` (every language the screen's string catalogs have), and
/// Xcode's pseudolanguages (`pseudo-double`, `pseudo-accented`, `pseudo-bounded`, `pseudo-rtl`),
/// which transform the source language's strings so that a team with no translations at all
/// sees where its layout breaks. One meaning on every command: the strings shown (with the
/// catalog's fallback), the shaping, hyphenation and layout direction.
public struct LanguageChoice: Sendable, Equatable, CustomStringConvertible {
    /// The tags named, in order, each once; empty for `all`.
    public let tags: [String]
    /// `all`: every language of the catalogs.
    public let isAll: Bool

    /// The most languages one choice may list (`all` is not limited by this).
    public static let maximumTags = 200

    /// Reads `text` as `--lang` takes it.
    public init(parsing text: String) throws(InvalidLanguageChoice) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "all" {
            (tags, isAll) = ([], true)
            return
        }
        var tags: [String] = []
        for part in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let tag = part.trimmingCharacters(in: .whitespaces)
            guard !tag.isEmpty else {
                throw InvalidLanguageChoice(message: "'\(text)' has an empty language: give tags separated by commas, as de,fr,ja, or all")
            }
            if tag.lowercased() == "all" {
                throw InvalidLanguageChoice(message: "'all' already means every language of the catalogs; give it alone, or list tags as de,fr,ja")
            }
            if let pseudo = PseudoLanguage(tag: tag) {
                if !tags.contains(pseudo.rawValue) { tags.append(pseudo.rawValue) }
                continue
            }
            if tag.lowercased().hasPrefix("pseudo") {
                throw InvalidLanguageChoice(message: "'\(tag)' is not one of Xcode's pseudolanguages: "
                    + PseudoLanguage.allCases.map(\.rawValue).joined(separator: ", "))
            }
            do { _ = try LanguageTag(tag) } catch {
                throw InvalidLanguageChoice(message: "\(error)")
            }
            if !tags.contains(tag) { tags.append(tag) }
        }
        guard tags.count <= Self.maximumTags else {
            throw InvalidLanguageChoice(message: "\(tags.count) languages are more than the \(Self.maximumTags) one run lays out; use all, or split the list across runs")
        }
        (self.tags, isAll) = (tags, false)
    }

    /// One language.
    public init(_ tag: String) {
        (tags, isAll) = ([tag], false)
    }

    /// The one language named, when the choice is one real or pseudo language.
    public var single: String? { !isAll && tags.count == 1 ? tags[0] : nil }

    /// Whether the choice makes several layouts of a document (a list, or `all`).
    public var isMatrix: Bool { isAll || tags.count > 1 }

    /// The languages `tables` are laid out in: `all` the catalogs' (source language first), else
    /// the tags as given. A document without catalogs has one language under `all`: its own
    /// (nil: the front matter's, else none).
    public func languages(in tables: StringTables) -> [String?] {
        guard isAll else { return tags }
        return tables.isEmpty ? [nil] : tables.languages
    }

    public var description: String { isAll ? "all" : tags.joined(separator: ",") }
}

/// A `--lang` value that names no language: what was wrong and what to give.
public struct InvalidLanguageChoice: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
