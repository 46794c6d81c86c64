import TextMetrics

extension StyledText {
    /// The words: maximal runs of bytes other than ASCII white space, each with its emphasis.
    /// Splitting on ASCII spaces, tabs and line ends matches how plain text and Markdown
    /// paragraphs separate words after reflowing.
    var words: [StyledText] {
        let utf8 = Array(string.utf8)
        var ranges: [Range<Int>] = []
        var start: Int?
        for (index, byte) in utf8.enumerated() {
            let isSpace = byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
            if isSpace {
                if let begin = start { ranges.append(begin..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
        }
        if let begin = start { ranges.append(begin..<utf8.count) }
        // Walk runs alongside words (both ascending), so splitting is linear in the text.
        let runs = rangedRuns
        var runIndex = 0
        var words: [StyledText] = []
        words.reserveCapacity(ranges.count)
        for range in ranges {
            while runIndex < runs.count, runs[runIndex].range.upperBound <= range.lowerBound { runIndex += 1 }
            var word = StyledText()
            var index = runIndex
            while index < runs.count, runs[index].range.lowerBound < range.upperBound {
                let lower = max(runs[index].range.lowerBound, range.lowerBound)
                let upper = min(runs[index].range.upperBound, range.upperBound)
                if lower < upper {
                    word.append(String(decoding: utf8[lower..<upper], as: UTF8.self), emphasis: runs[index].emphasis)
                }
                index += 1
            }
            words.append(word)
        }
        return words
    }
}
