import Foundation
import TextMetrics

extension FontLibrary {
    /// The environment variable naming the fonts folder when no folder is given. This is the one
    /// place it is read: TextMetrics' `FontLibrary` reads no environment, it is given a folder.
    public static let environmentVariable = "REFLOW_FONTS"

    /// The fonts of `directory` if given, else of `$REFLOW_FONTS` if set, else where they are
    /// installed (beside the executable, in the package's resources, in the checkout). A folder
    /// given either way must hold the fonts: a wrong one is an error saying which it was, never
    /// skipped for the bundled fonts.
    /// - Throws: `VariableFolderError` for a `REFLOW_FONTS` without the fonts.
    public static func resolving(directory: String?,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FontLibrary {
        if directory == nil, let variable = environment[environmentVariable], !variable.isEmpty {
            do {
                return try FontLibrary(directory: variable)
            } catch TextMetricsError.fontsNotFound {
                throw VariableFolderError(variable: environmentVariable, folder: variable)
            }
        }
        return try FontLibrary(directory: directory)
    }

    /// The environment variable naming the fonts folder names one without the fonts.
    public struct VariableFolderError: Error, Hashable, Sendable, CustomStringConvertible {
        public let variable: String
        public let folder: String

        public init(variable: String, folder: String) {
            self.variable = variable
            self.folder = folder
        }

        public var description: String {
            "\(variable) is '\(folder)', which holds no \(FontLibrary.markerFile); "
                + "point it at the fonts folder, or unset it to use the bundled fonts"
        }
    }
}
