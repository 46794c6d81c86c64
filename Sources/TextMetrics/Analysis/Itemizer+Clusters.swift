/// The full itemization's steps: a paragraph's scalars, its grapheme clusters each with a face,
/// and the runs they join into.
extension Itemizer {
    /// The paragraph's scalars and where each starts (byte offsets, the end included).
    static func scalars(of utf8: UnsafeBufferPointer<UInt8>) -> (scalars: [Unicode.Scalar], offsets: [Int32]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int32] = []
        scalars.reserveCapacity(utf8.count)
        offsets.reserveCapacity(utf8.count + 1)
        var decoder = UTF8()
        var iterator = utf8.makeIterator()
        var offset = 0
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                offsets.append(Int32(offset))
                offset += UTF8.width(scalar)
            case .emptyInput: break decoding
            case .error:
                // The text came from a String: never invalid. Count a replacement to stay aligned.
                scalars.append("\u{FFFD}")
                offsets.append(Int32(offset))
                offset += 1
            }
        }
        offsets.append(Int32(utf8.count))
        return (scalars, offsets)
    }

    /// The fonts an itemization's runs use, by slot: the primary faces first, then the fallback
    /// faces in the order they were first needed.
    struct FontSlots {
        private(set) var fonts: [Font]
        private var slots: [Int: UInt16] = [:]

        init(_ primary: [Font]) {
            fonts = primary
            for (slot, font) in fonts.enumerated() where slots[font.id] == nil { slots[font.id] = UInt16(slot) }
        }

        mutating func slot(of font: Font) -> UInt16 {
            if let slot = slots[font.id] { return slot }
            fonts.append(font)
            let slot = UInt16(fonts.count - 1)
            slots[font.id] = slot
            return slot
        }
    }

    /// A grapheme cluster (or the part of one in a style run): scalars `start..<end`, its style's
    /// slot, and its face's slot in the paragraph's fonts; nil for an invisible one.
    struct Cluster {
        var start: Int
        var end: Int
        var style: Int
        var font: UInt16?
        /// The style run's size bits (`ItemRun.size`).
        var size: UInt8 = 0
    }

    /// Clusters (cut at style-run ends too), each with its face; nil for invisible ones. The
    /// fallback faces they need are added to `fonts`; `missing` counts the characters no face covers.
    func clusters(_ scalars: [Unicode.Scalar], offsets: [Int32], boundaries: [Int32],
                          styleRuns: [(range: Range<Int>, emphasis: TextEmphasis)], faces: FaceSet, region: CJKRegion,
                          fonts: inout FontSlots) -> (clusters: [Cluster], missing: Int) {
        let count = scalars.count
        var clusters: [Cluster] = []
        clusters.reserveCapacity(count)
        var missing = 0
        var styleIndex = 0
        var chainsBySlot = [Chain?](repeating: nil, count: 8)
        var clusterStart = 0
        for boundary in boundaries {
            var clusterEnd = clusterStart
            while clusterEnd < count, offsets[clusterEnd] < boundary { clusterEnd += 1 }
            var pieceStart = clusterStart
            while pieceStart < clusterEnd {
                while styleRuns[styleIndex].range.upperBound <= Int(offsets[pieceStart]) { styleIndex += 1 }
                var pieceEnd = pieceStart + 1
                while pieceEnd < clusterEnd, Int(offsets[pieceEnd]) < styleRuns[styleIndex].range.upperBound { pieceEnd += 1 }
                let style = Int(styleRuns[styleIndex].emphasis.rawValue & 7)
                let cluster = scalars[pieceStart..<pieceEnd]
                var font: UInt16?
                if cluster.contains(where: { !invisible($0) }) {
                    let chain = chainsBySlot[style] ?? self.chain(bold: faces.bold[style], region: region)
                    chainsBySlot[style] = chain
                    let (chosen, uncovered) = choose(cluster, primary: faces.fonts[style], chain: chain)
                    font = chosen.map { $0 === faces.fonts[style] ? UInt16(style) : fonts.slot(of: $0) } ?? UInt16(style)
                    missing += uncovered
                }
                clusters.append(Cluster(start: pieceStart, end: pieceEnd, style: style, font: font,
                                        size: styleRuns[styleIndex].emphasis.intersection(.sizeBits).rawValue))
                pieceStart = pieceEnd
            }
            clusterStart = clusterEnd
        }
        return (clusters, missing)
    }

    /// Invisible clusters stay in the face before them in their style run (at the run's start:
    /// the first visible one's; in a run of nothing visible: the style's primary face).
    func keepInvisibleInFaceBefore(_ clusters: inout [Cluster], fonts: [Font]) {
        var stretchStart = 0
        while stretchStart < clusters.count {
            var stretchEnd = stretchStart
            while stretchEnd < clusters.count, clusters[stretchEnd].style == clusters[stretchStart].style { stretchEnd += 1 }
            // Never the emoji face, whose space is over an em wide: the style's primary instead.
            func usable(_ font: UInt16?) -> UInt16? {
                guard let font, emojiFont == nil || fonts[Int(font)] !== emojiFont else { return nil }
                return font
            }
            var previous = usable(clusters[stretchStart..<stretchEnd].first { usable($0.font) != nil }?.font)
            for index in stretchStart..<stretchEnd {
                if let font = clusters[index].font {
                    previous = usable(font)
                } else {
                    clusters[index].font = previous ?? UInt16(clusters[index].style)
                }
            }
            stretchStart = stretchEnd
        }
    }

    /// The runs: neighbouring clusters of one face, bidi level, script and style joined, each
    /// run's shaping key given by `key` once the run is complete.
    static func runs(of clusters: [Cluster], offsets: [Int32], levels: [UInt8], scripts: [Script],
                             key: (_ font: UInt16, Script, _ level: UInt8) -> Int) -> [ItemRun] {
        var runs: [ItemRun] = []
        var runScript = Script.common, runStyle = -1, runSize: UInt8 = 0
        for cluster in clusters {
            let font = cluster.font!, level = levels[cluster.start], script = scripts[cluster.start]
            let start = offsets[cluster.start], end = offsets[cluster.end]
            if let last = runs.last, last.font == font, last.level == level, runScript == script, runStyle == cluster.style,
               runSize == cluster.size {
                runs[runs.count - 1].end = end
                continue
            }
            if let last = runs.last { runs[runs.count - 1].key = key(last.font, runScript, last.level) }
            runs.append(ItemRun(start: start, end: end, font: font, level: level, key: 0, size: cluster.size))
            runScript = script
            runStyle = cluster.style
            runSize = cluster.size
        }
        if let last = runs.last { runs[runs.count - 1].key = key(last.font, runScript, last.level) }
        return runs
    }

    /// The bidi level of every byte, from every scalar's.
    static func byteLevels(_ scalarLevels: [UInt8], offsets: [Int32], byteCount: Int) -> [UInt8] {
        var levels = [UInt8](repeating: 0, count: byteCount)
        for index in 0..<offsets.count - 1 {
            for byte in Int(offsets[index])..<Int(offsets[index + 1]) { levels[byte] = scalarLevels[index] }
        }
        return levels
    }
}
