import Foundation
import Reflow
import ReflowKit
import TextMetrics
import Testing

/// `GoldenCheck` over languages: a job per document and language with goldens
/// `STEM-LANG-CATEGORY.json`, the shards of a run holding every job exactly once, jobs grouped by
/// language, goldens that would share names refused, and the command that records a language.
@Suite struct GoldenCheckLanguageTests {
    static let check = GoldenCheck(goldens: "goldens", categories: [.large, .accessibilityExtraExtraExtraLarge], width: 390,
                                   fontsDirectory: "Fonts")

    static func matrix(_ set: DocumentSet, _ languages: [String?]) -> LanguageMatrix {
        LanguageMatrix(paths: set.paths, choice: LanguageChoice("all")) { _ in languages }
    }

    @Test func goldensAreNamedPerLanguageAndWithoutOneAsBefore() throws {
        let set = DocumentSet(paths: ["screens/settings.json"])
        let jobs = try Self.check.jobs(for: set, matrix: Self.matrix(set, ["en", "pt-BR", "pseudo-double"]))
        #expect(jobs.map { $0.store.path(of: .large) }
            == ["goldens/settings-en-l.json", "goldens/settings-pt-BR-l.json", "goldens/settings-pseudo-double-l.json"])
        #expect(jobs.map(\.name) == ["settings.json (en)", "settings.json (pt-BR)", "settings.json (pseudo-double)"])
        let own = try Self.check.jobs(for: set, matrix: Self.matrix(set, [nil]))
        #expect(own.map { $0.store.path(of: .large) } == ["goldens/settings-l.json"] && own[0].name == "settings.json")
    }

    @Test func theShardsHoldEveryDocumentInEveryLanguageOnceGroupedByLanguage() throws {
        let set = DocumentSet(paths: (1...5).map { "screens/s\($0).json" })
        let languages: [String?] = ["en", "de", "fr", "ja"]
        let all = try Self.check.jobs(for: set, matrix: Self.matrix(set, languages))
        #expect(all.count == 20)
        #expect(all.map(\.language) == languages.flatMap { language in Array(repeating: language, count: 5) },
                "grouped by language, in the matrix's order")
        for count in [2, 3, 7] {
            var seen: [String] = []
            for index in 1...count {
                let share = try Self.check.jobs(for: set, matrix: Self.matrix(set, languages), shard: try Shard(index: index, count: count))
                seen += share.map(\.name)
            }
            #expect(seen.sorted() == all.map(\.name).sorted(), "\(count) shards: every job once")
        }
    }

    @Test func unitsWhoseGoldensWouldShareNamesAreRefused() throws {
        // settings-zh in Hans and settings in zh-Hans would both be settings-zh-Hans-CATEGORY.json.
        let set = DocumentSet(paths: ["a/settings-zh.json", "b/settings.json"])
        let matrix = LanguageMatrix(paths: set.paths, choice: LanguageChoice("all")) { path in
            path.hasPrefix("a/") ? ["Hans"] : ["zh-Hans"]
        }
        #expect(throws: GoldenStore.Problem.sharedGoldens(first: "settings-zh.json (Hans)", second: "settings.json (zh-Hans)",
                                                          folder: "goldens", prefix: "settings-zh-Hans")) {
            try Self.check.jobs(for: set, matrix: matrix)
        }
    }

    @Test func theRecordCommandNamesTheLanguageAndQuotesWhatAShellWouldSplit() throws {
        let set = DocumentSet(paths: ["my screens/settings.json"])
        let job = try #require(try Self.check.jobs(for: set, matrix: Self.matrix(set, ["de"])).first)
        #expect(Self.check.recordCommand(for: job)
            == "reflow-cli check 'my screens/settings.json' --goldens goldens --lang de --category l ax5 --record")
        var wide = Self.check
        (wide.categories, wide.width) = (ContentSizeCategory.allCases, 320)
        #expect(wide.recordCommand(for: job) == "reflow-cli check 'my screens/settings.json' --goldens goldens --lang de --width 320 --record")
    }
}
