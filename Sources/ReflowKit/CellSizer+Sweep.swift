import Foundation
import Reflow
import TextMetrics

extension CellSizer {
    /// A sizer for one worker of a `CategorySweep`, with fonts of its own (a typesetter and its
    /// FreeType faces belong to one thread). It lives until the process exits: at the end of a
    /// sweep it holds every shaped paragraph and every cell laid out at each of its sizes, and
    /// freeing all of that, object by object, on the worker's thread only delays the output; the
    /// exit gives the memory back at once.
    ///
    /// Cache bounds for a sweep: each cell is measured once per size, so measurements and line
    /// breaks cached under (cell, width, category) are never asked for again; only shaped
    /// paragraphs (reused by every size of a cut) and shaped words pay. Small measurement and
    /// layout caches keep a sweep from holding a second copy of every laid-out cell of the sizes
    /// before (50 MB of text at all twelve sizes: 1.55 GB peak with the default 65,536 entries each).
    public static func forSweep(fontsDirectory directory: String) throws -> CellSizer {
        let typesetter = try Typesetter(fonts: try FontLibrary(directory: directory), layoutCacheLimit: 1_024)
        let sizer = CellSizer(typesetter: typesetter, cacheLimit: 1_024)
        _ = Unmanaged.passRetained(sizer)  // released by the exit, never before
        return sizer
    }
}
