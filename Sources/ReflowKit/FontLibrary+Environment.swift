import Foundation
import TextMetrics

extension FontLibrary {
    /// The environment variable naming the fonts folder when no folder is given.
    public static let environmentVariable = "REFLOW_FONTS"

    /// The fonts of `directory` if given, else of `$REFLOW_FONTS` if set, else where they are
    /// installed (beside the executable, in the package's resources, in the checkout). A folder
    /// given either way must hold the fonts: a wrong one is an error saying which it was, never
    /// skipped for the bundled fonts.
    public static func resolving(directory: String?,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FontLibrary {
        if directory == nil, let variable = environment[environmentVariable], !variable.isEmpty {
            do {
                return try FontLibrary(directory: variable)
            } catch TextMetricsError.fontsNotFound {
                throw InvalidOption("\(environmentVariable) is '\(variable)', which holds no \(markerFile); "
                    + "point it at the fonts folder, or unset it to use the bundled fonts")
            }
        }
        return try FontLibrary(directory: directory)
    }
}
