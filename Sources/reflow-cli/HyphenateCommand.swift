import ArgumentParser
import Foundation
import ReflowKit
import TextMetrics

struct HyphenateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hyphenate",
        abstract: "Print words with a hyphen at every point where a line may be hyphenated.",
        discussion: """
            The points `lines --hyphenate` (and every measuring command's --hyphenate) can break a word at: Liang's algorithm \
            with libhyphen and the language's pattern dictionary from Debian's hyphen-* packages \
            (/usr/share/hyphen/hyph_LL_CC.dic; en-US when no --lang is given). Each run of letters of 5 or more is hyphenated, \
            keeping the dictionary's minimum letters before and after a hyphen (English: 2 and 3); anything else in a line is \
            printed as it is. Words come from the arguments, else one line at a time from standard input (at most --max-input \
            bytes of it). The dictionary used and its minimums go to stderr.
            """)

    @Argument(help: "Words (or lines of text) to hyphenate; read from standard input when none are given.")
    var words: [String] = []

    @Option(name: .customLong("lang"), help: ArgumentHelp(
        "Language of the words, a BCP 47 tag (en-US, en-GB, de, fr, es, nl, pt-BR, …): chooses the pattern dictionary. Default: en-US.",
        valueName: "tag"))
    var language: String?

    @Option(help: ArgumentHelp("What to insert at each point.", valueName: "text"))
    var hyphen = "-"

    @OptionGroup var input: InputOptions

    func validate() throws { try requireLanguageTag(language) }

    func run() throws {
        let hyphenator = try Hyphenator.forLanguage(try language.map(LanguageTag.init))
        var lines = words
        if lines.isEmpty {
            // At most --max-input bytes: an endless stdin (/dev/zero) stops there.
            let input = String(decoding: try self.input.reader.standardInput(), as: UTF8.self)
            // LF, CR LF (one Character) and a lone CR each end a line.
            lines = input.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
            if input.last?.isNewline == true { lines.removeLast() }
        }
        try Console.write(lines.map { hyphenator.hyphenated($0, hyphen: hyphen) + "\n" }.joined())
        Console.info("dictionary \(hyphenator.path): minimum letters before a hyphen \(hyphenator.leftMinimum), "
            + "after it \(hyphenator.rightMinimum), words of \(Hyphenator.minimumWordLength) letters or more")
    }
}
