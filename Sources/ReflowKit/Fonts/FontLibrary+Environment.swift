import Foundation
import TextMetrics

extension FontLibrary {
    /// The environment variable naming the fonts folder when no folder is given. This is the one
    /// place it is read: TextMetrics' `FontLibrary` reads no environment, it is given a folder.
    public static let environmentVariable = "REFLOW_FONTS"

    /// The fonts of `directory` (a folder a library was resolved to), with the fallback chain of
    /// `environment` (`FontChain.fromEnvironment`): how ReflowKit opens the fonts again for a
    /// worker thread, each worker with fonts of its own.
    public static func opening(directory: String?,
                               environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FontLibrary {
        try FontLibrary(directory: directory, chain: .fromEnvironment(environment))
    }

    /// The fonts of `directory` if given, else of `$REFLOW_FONTS` if set, else where they are
    /// installed (beside the executable, in the package's resources, in the checkout). A folder
    /// given either way must hold the fonts: a wrong one is an error saying which it was, never
    /// skipped for the bundled fonts.
    /// - Throws: `VariableFolderError` for a `REFLOW_FONTS` without the fonts.
    public static func resolving(directory: String?,
                                 environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FontLibrary {
        if directory == nil, let variable = environment[environmentVariable], !variable.isEmpty {
            do {
                return try opening(directory: variable, environment: environment)
            } catch TextMetricsError.fontsNotFound {
                throw VariableFolderError(variable: environmentVariable, folder: variable)
            }
        }
        return try opening(directory: directory, environment: environment)
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

extension FontChain {
    /// The environment variable listing font files (colon-separated) to try before the emoji face.
    public static let environmentVariable = "REFLOW_FALLBACK_FONTS"

    /// `standard` with the files listed in `REFLOW_FALLBACK_FONTS` (colon-separated) in front of
    /// the emoji entry. ReflowKit reads the variable; TextMetrics never does.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> FontChain {
        guard let list = environment[environmentVariable], !list.isEmpty else { return standard }
        return standard.adding(files: list.split(separator: ":").map(String.init), origin: "added by \(environmentVariable)")
    }
}
