import Reflow
import Readers

/// One layout job of a run over documents and languages: a document in one language (nil: the
/// document's own, no `--lang`).
public struct LanguageUnit: Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let language: String?

    public init(path: String, language: String?) {
        self.path = path
        self.language = language
    }

    /// `docs/a.json (de)`, or the path alone.
    public var description: String { language.map { "\(path) (\($0))" } ?? path }

    /// What names the unit in a shard's deal: the path, and the language after a NUL (which no
    /// path or tag holds), so that `--shard` splits languages × documents.
    var shardKey: String { language.map { path + "\u{0}" + $0 } ?? path }
}

/// The documents × languages of a run: each document's languages as `--lang` chooses them (a
/// screen's `all` is its catalogs'), in document order and then the languages' order, and
/// `--shard`'s share of those pairs, so that a CI matrix splits a matrix of languages too.
public struct LanguageMatrix: Sendable {
    /// Every unit, document by document.
    public let units: [LanguageUnit]

    /// The units of `paths` under `choice`, asking each document for its languages (reading a
    /// screen's catalogs: `languages(of:)`). A document whose catalogs cannot be read is one unit
    /// in its own language, so that its error is reported when it is laid out.
    public init(paths: [String], choice: LanguageChoice?, languages: (String) throws -> [String?]) {
        var units: [LanguageUnit] = []
        for path in paths {
            let found = (try? languages(path)) ?? [nil]
            units += found.map { LanguageUnit(path: path, language: $0) }
        }
        self.units = units
    }

    /// `shard`'s share of the units (all of them without a shard), in order.
    public func sharded(_ shard: Shard?) -> [LanguageUnit] {
        guard let shard else { return units }
        let keys = units.map(\.shardKey)
        let mine = Set(shard.select(keys))
        return units.filter { mine.contains($0.shardKey) }
    }

    /// Whether the run names languages (`--lang` given): outputs then carry the language in their
    /// names (`STEM-LANG-CATEGORY.json`); without it they keep the names they always had.
    public var namesLanguages: Bool { units.contains { $0.language != nil } }
}
