extension Unicode.Scalar {
    /// In a Private Use Area (U+E000…U+F8FF, planes 15 and 16): a code point with no meaning
    /// outside an agreement between a font and its users.
    public var isPrivateUse: Bool {
        (0xE000...0xF8FF).contains(value) || (0xF0000...0xFFFFD).contains(value) || (0x100000...0x10FFFD).contains(value)
    }
}
