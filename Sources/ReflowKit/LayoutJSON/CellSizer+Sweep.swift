import Foundation
import Reflow
import TextMetrics

extension CellSizer {
    /// A sizer for one worker of a `CategorySweep`, with fonts of its own (a typesetter and its
    /// FreeType faces belong to one thread). A sweep makes them through a `SweepSizers`, which
    /// keeps them until the sweep's output is written and frees them then.
    ///
    /// Cache bounds for a sweep: each cell is measured once per size, so measurements and line
    /// breaks cached under (cell, width, category) are never asked for again; only shaped
    /// paragraphs (reused by every size of a cut) and shaped words pay, and each paragraph's last
    /// layout (`Typesetter.keepsLastLayouts`: the cells of one size that repeat a short text, a
    /// title or a badge, have its lines broken once). A sweep's sizers keep no
    /// measurements and no laid-out texts: the caches would hold a second copy of every laid-out
    /// cell of the sizes before (50 MB of text at all twelve sizes: 1.55 GB peak with the default
    /// 65,536 entries each), and building and hashing their keys cost a 1 MB README's twelve
    /// sizes a tenth of their time.
    ///
    /// The shaped paragraphs must all stay from one size to the next, or each size shapes them
    /// again: a 100,000-cell screen has some 120,000 different texts, and with the typesetter's
    /// default 8,192 every size of the sweep reshaped every one. So the paragraph cache is sized
    /// for `content` (`paragraphCacheLimit(for:)`, `textCacheBytes(for:)`).
    /// - Parameter content: what the sweep lays out.
    public static func forSweep(fontsDirectory directory: String, content: CollectionContent) throws -> CellSizer {
        let text = SweepText(content)
        let typesetter = try Typesetter(fonts: try FontLibrary.opening(directory: directory),
                                        paragraphCacheLimit: text.paragraphCacheLimit, layoutCacheLimit: 0,
                                        textCacheBytes: text.textCacheBytes, keepsLastLayouts: true)
        return CellSizer(typesetter: typesetter, cacheLimit: 0)
    }

    /// A sweep's paragraph cache for `content`: eight entries a cell when its cells' texts are
    /// short (a screen's or a table's: at most 64 bytes a cell on average, sampled from the first
    /// 256 cells) or when all its text is at most `heldTextLimit` (cells × the sampled average: a
    /// long README of some 3,000 list items, code blocks and paragraphs), so that every shaped
    /// text stays for the next size, and at most 1,048,576. A cell has a text or two and a badge;
    /// a worker may shape each in two face sets (a style whose size crosses the 20 pt optical cut
    /// within its sizes: the subheadline at xxL and xxxL), and the cache keeps a set of entries
    /// whole only while it fits in half its limit, its young generation. Longer documents of long
    /// paragraphs keep the default: held whole, the shaped paragraphs of 50 MB of text would take
    /// gigabytes.
    public static func paragraphCacheLimit(for content: CollectionContent) -> Int {
        SweepText(content).paragraphCacheLimit
    }

    /// The bytes of text a sweep's typesetter keeps shaped (`Typesetter.textCacheBytes`): when
    /// the paragraph cache is sized for the content, four times its text (two face sets, in the
    /// young generation's half), at least the typesetter's default and at most four times
    /// `heldTextLimit`; otherwise the default. A 100,000-cell grid's 1.1 MB of text in two face
    /// sets overflowed the default's 2 MB young generation, and every size after the first
    /// reshaped a share of its texts and moved the rest between generations.
    public static func textCacheBytes(for content: CollectionContent) -> Int {
        SweepText(content).textCacheBytes
    }

    /// The most text (UTF-8 bytes, estimated) whose shaped paragraphs a sweep's worker holds
    /// whole whatever its paragraphs' length: 4 MiB (a 1 MB README at all twelve sizes holds
    /// about the same memory either way; 10 MB of long paragraphs keep the default cache).
    public static let heldTextLimit = 4 << 20
}

/// How much text a sweep's content has, estimated from its first 256 cells, and the cache
/// bounds that follow (`CellSizer.paragraphCacheLimit(for:)`, `CellSizer.textCacheBytes(for:)`).
private struct SweepText {
    private(set) var paragraphCacheLimit: Int
    private(set) var textCacheBytes: Int

    init(_ content: CollectionContent) {
        (paragraphCacheLimit, textCacheBytes) = (Typesetter.defaultParagraphCacheLimit, Typesetter.defaultTextCacheBytes)
        let cells = content.cellCount
        guard 4 * cells > Typesetter.defaultParagraphCacheLimit else { return }
        var bytes = 0, sampled = 0
        for section in content.sections where section.cellCount > 0 && sampled < 256 {
            // The first block of a lazy section: what its first screen reads anyway.
            guard let cells = try? section.cells(0..<min(256 - sampled, section.cellCount)) else { continue }
            for cell in cells {
                bytes += cell.texts.reduce(0) { $0 + $1.text.string.utf8.count }
                sampled += 1
            }
        }
        let total = sampled > 0 ? bytes / sampled * cells : 0
        guard sampled > 0, bytes <= 64 * sampled || total <= CellSizer.heldTextLimit else { return }
        paragraphCacheLimit = min(8 * cells, 1 << 20)
        textCacheBytes = min(4 * CellSizer.heldTextLimit, max(Typesetter.defaultTextCacheBytes, 4 * total))
    }
}
