import CHarfBuzz

/// What HarfBuzz is told about a run besides its text and font: its script, direction and
/// language, always set explicitly (never guessed from the process locale). Part of the shaping
/// cache's key: the same bytes in another script, direction or language are shaped again.
public struct ShapingProperties: Hashable, Sendable {
    public var script: Script
    public var direction: TextDirection
    /// A BCP 47 tag, or nil for no language (the font's default language system).
    public var language: String?

    public init(script: Script, direction: TextDirection, language: String? = nil) {
        self.script = script
        self.direction = direction
        self.language = language
    }

    /// The properties of a text shaped on its own: the script of its first character that has
    /// one, the direction of its first strong character (left to right without one), no language.
    public init(guessingFrom text: String) {
        let scalars = text.unicodeScalars
        script = scalars.lazy.map(Script.init).first { !$0.isShared } ?? .common
        direction = Bidi.paragraphLevel(of: scalars, direction: .auto) == 1 ? .rightToLeft : .leftToRight
        language = nil
    }

    func apply(to buffer: OpaquePointer) {
        hb_buffer_set_script(buffer, script.harfBuzz)
        hb_buffer_set_direction(buffer, direction == .rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if let language { hb_buffer_set_language(buffer, hb_language_from_string(language, -1)) }
    }
}
