import Audit
import Reflow

extension Auditor {
    /// An auditor whose sweep workers each open the fonts in `fontsDirectory` for themselves
    /// (`CellSizer.forSweep`); the auditor owns their sizers (`SweepSizers`), freed with it.
    public init(input: LayoutInput, options: Options = Options(), fontsDirectory: String) {
        let sizers = SweepSizers(fontsDirectory: fontsDirectory, content: input.content)
        self.init(input: input, options: options, makeSizer: { try sizers.make() })
    }
}
