import ArgumentParser

@main
struct ReflowCLI: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reflow-cli",
        abstract: "Text-size-aware document reflow: measure, lay out and preview documents at every Dynamic Type size.",
        discussion: """
            Text is shaped with HarfBuzz in the bundled Inter fonts at the iOS Dynamic Type text styles \
            and broken into lines by UAX #14 (ICU). Categories: xs s m l xl xxl xxxl ax1 ax2 ax3 ax4 ax5 \
            (long names such as extraLarge or accessibilityMedium work too).
            """,
        subcommands: [PreviewCommand.self, TypeTableCommand.self, LinesCommand.self, FontsCommand.self, LayoutCommand.self,
                      ScrollCommand.self, CheckCommand.self, AuditCommand.self, HyphenateCommand.self],
        defaultSubcommand: PreviewCommand.self)
}
