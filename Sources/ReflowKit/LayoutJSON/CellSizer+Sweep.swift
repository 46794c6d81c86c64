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
    /// for `content` (`paragraphCacheLimit(for:)`).
    /// - Parameter content: what the sweep lays out.
    public static func forSweep(fontsDirectory directory: String, content: CollectionContent) throws -> CellSizer {
        let typesetter = try Typesetter(fonts: try FontLibrary.opening(directory: directory),
                                        paragraphCacheLimit: paragraphCacheLimit(for: content), layoutCacheLimit: 0,
                                        keepsLastLayouts: true)
        return CellSizer(typesetter: typesetter, cacheLimit: 0)
    }

    /// A sweep's paragraph cache for `content`: four entries a cell when its cells' texts are
    /// short (a screen's or a table's: at most 64 bytes a cell on average, sampled from the first
    /// 256 cells) or when all its text is at most `heldTextLimit` (cells × the sampled average: a
    /// long README of some 3,000 list items, code blocks and paragraphs), so that every shaped
    /// text stays for the next size (a cell has a text or two and a badge, and the cache keeps a
    /// set of entries whole only while it fits in half its limit, its young generation), and at
    /// most 524,288. Longer documents of long paragraphs keep the default: held whole, the shaped
    /// paragraphs of 50 MB of text would take gigabytes.
    public static func paragraphCacheLimit(for content: CollectionContent) -> Int {
        let cells = content.cellCount
        guard 4 * cells > Typesetter.defaultParagraphCacheLimit else { return Typesetter.defaultParagraphCacheLimit }
        var bytes = 0, sampled = 0
        for section in content.sections where section.cellCount > 0 && sampled < 256 {
            // The first block of a lazy section: what its first screen reads anyway.
            guard let cells = try? section.cells(0..<min(256 - sampled, section.cellCount)) else { continue }
            for cell in cells {
                bytes += cell.texts.reduce(0) { $0 + $1.text.string.utf8.count }
                sampled += 1
            }
        }
        guard sampled > 0, bytes <= 64 * sampled || bytes / sampled * cells <= heldTextLimit else {
            return Typesetter.defaultParagraphCacheLimit
        }
        return min(4 * cells, 1 << 19)
    }

    /// The most text (UTF-8 bytes, estimated) whose shaped paragraphs a sweep's worker holds
    /// whole whatever its paragraphs' length: 4 MiB (a 1 MB README at all twelve sizes holds
    /// about the same memory either way; 10 MB of long paragraphs keep the default cache).
    public static let heldTextLimit = 4 << 20
}
