import CFreeType

/// Owns one FT_Library. FreeType libraries are not thread-safe, so each `FontLibrary` has its own
/// and every `Font` keeps the library it came from alive.
final class FreeTypeLibrary: @unchecked Sendable {
    let handle: FT_Library

    init() throws {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else {
            throw TextMetricsError.notAFont(path: "-", reason: "FreeType failed to start (error \(error))")
        }
        handle = library
    }

    deinit { FT_Done_FreeType(handle) }

    /// FreeType's own message for an error code.
    static func message(_ error: FT_Error) -> String {
        if let cString = FT_Error_String(error) { return String(cString: cString) }
        return "FreeType error \(error)"
    }
}
