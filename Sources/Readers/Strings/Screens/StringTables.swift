import Foundation

/// The string catalogs a screen reads, by table: what its `"strings"` and `--strings` name,
/// merged table by table (a later catalog's languages win, as a later `.lproj` would).
public struct StringTables: Sendable {
    /// Table name → the catalog.
    public private(set) var catalogs: [String: StringCatalog] = [:]

    public init(_ catalogs: [StringCatalog] = []) {
        for catalog in catalogs { add(catalog) }
    }

    /// Adds `catalog`, merged into a table of the same name.
    public mutating func add(_ catalog: StringCatalog) {
        catalogs[catalog.table] = catalogs[catalog.table].map { $0.merging(catalog) } ?? catalog
    }

    /// No catalog at all: every key a screen names is missing.
    public var isEmpty: Bool { catalogs.isEmpty }

    /// The language the screen's strings were written in: `Localizable`'s source language, else
    /// the first table's (by name), else `en`.
    public var sourceLanguage: String {
        catalogs[TextReference.defaultTable]?.sourceLanguage
            ?? catalogs.keys.sorted().first.flatMap { catalogs[$0]?.sourceLanguage } ?? "en"
    }

    /// Every language any table has a string in (`--lang all`): the source language first, then
    /// the others by tag.
    public var languages: [String] {
        let all = Set(catalogs.values.flatMap(\.languages)).union([sourceLanguage])
        return [sourceLanguage] + all.subtracting([sourceLanguage]).sorted()
    }
}
