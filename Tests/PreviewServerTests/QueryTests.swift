import Testing
@testable import PreviewServer

/// A query is read as the page and scripts encode it, and becomes the command line's arguments of
/// the same names, so the command line's parser checks it.
struct QueryTests {
    @Test func pairsArePercentDecodedWithPlusAsSpace() throws {
        let query = try Query(parsing: "category=ax5&at=heading%3AThe+Title&&lang=zh-Hant&bold-text")
        #expect(query.items == [
            .init(name: "category", value: "ax5"), .init(name: "at", value: "heading:The Title"),
            .init(name: "lang", value: "zh-Hant"), .init(name: "bold-text", value: ""),
        ])
        #expect(query.value("at") == "heading:The Title")
        #expect(query.value("width") == nil)
        #expect(try Query(parsing: "").items.isEmpty)
    }

    @Test func theLastOfARepeatedNameIsItsValue() throws {
        #expect(try Query(parsing: "category=l&category=ax5").value("category") == "ax5")
    }

    @Test func badPercentEncodingIsABadRequest() {
        #expect(throws: BadRequest.self) { try Query(parsing: "category=%zz") }
        #expect(throws: BadRequest.self) { try Query(parsing: "lang=%ff%fe") }  // not UTF-8
        #expect(throws: BadRequest.self) { try Query(parsing: "=ax5") }
    }

    @Test func valuesBecomeOptionsAndKeepTheirDashes() throws {
        let query = try Query(parsing: "width=-3&viewport=390x844&offset=-0.5")
        #expect(try query.commandLineArguments(switches: []) == ["--width=-3", "--viewport=390x844", "--offset=-0.5"])
    }

    @Test func switchesTurnOnAndOff() throws {
        let query = try Query(parsing: "bold-text=1&audit=true&debug=0&hyphenate=off&text-spacing=wcag")
        let arguments = try query.commandLineArguments(switches: ["bold-text", "audit", "debug"], invertible: ["hyphenate"])
        #expect(arguments == ["--bold-text", "--audit", "--no-hyphenate", "--text-spacing=wcag"])
        #expect(try Query(parsing: "hyphenate").commandLineArguments(switches: [], invertible: ["hyphenate"]) == ["--hyphenate"])
    }

    @Test func aSwitchWithAnotherValueSaysWhatToGive() throws {
        let query = try Query(parsing: "bold-text=maybe")
        #expect {
            try query.commandLineArguments(switches: ["bold-text"])
        } throws: { error in
            (error as? BadRequest)?.message
                == "bold-text is a switch: give bold-text=1 to turn it on or bold-text=0 to turn it off, got 'maybe'"
        }
    }
}
