import Foundation
import ReflowKit
import TextMetrics
import Testing
import TestSupport

/// ReflowKit is where reflow's two font variables are read: `REFLOW_FONTS` (the folder of the
/// Inter faces) and `REFLOW_FALLBACK_FONTS` (files tried before the emoji face). TextMetrics reads
/// neither: a library made without ReflowKit has the standard chain whatever the environment says.
@Suite struct FontEnvironmentTests {
    static let arabic = "/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"

    @Test func theFallbackVariableAddsItsFilesBeforeTheEmojiFace() throws {
        let chain = FontChain.fromEnvironment(["REFLOW_FALLBACK_FONTS": "/x/One.ttf:\(Self.arabic)"])
        let names = chain.entries.map(\.name)
        let emoji = try #require(chain.entries.firstIndex { $0.role == .emoji })
        #expect(names[emoji - 2] == "One" && names[emoji - 1] == "NotoSansArabic-Regular")
        #expect(chain.entries[emoji - 1].scripts == ["added by REFLOW_FALLBACK_FONTS"])
        #expect(FontChain.fromEnvironment([:]) == FontChain.standard)
        #expect(FontChain.fromEnvironment(["REFLOW_FALLBACK_FONTS": ""]) == FontChain.standard)
    }

    /// Fonts opened again for a worker (`opening`) and fonts resolved for a command (`resolving`)
    /// both carry the variable's chain; TextMetrics' own initializer never does.
    @Test func reflowKitOpensFontsWithTheEnvironmentsChainAndTextMetricsWithout() throws {
        let environment = ["REFLOW_FALLBACK_FONTS": Self.arabic]
        let expected = FontChain.fromEnvironment(environment)
        #expect(expected != FontChain.standard)
        let directory = try Fixtures.fonts().directory
        #expect(try FontLibrary.opening(directory: directory, environment: environment).chain == expected)
        #expect(try FontLibrary.resolving(directory: directory, environment: environment).chain == expected)
        #expect(try FontLibrary.resolving(directory: nil, environment: environment.merging(["REFLOW_FONTS": directory]) { $1 }).chain
                == expected)
        #expect(try FontLibrary(directory: directory).chain == FontChain.standard)
    }
}
