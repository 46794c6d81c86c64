import Foundation

/// The bundled Inter faces as a package resource: SwiftPM copies them into a resource bundle
/// beside every program built against reflow (`<package>_BundledFonts.resources`), so a program
/// that depends on the package finds its fonts without a checkout or an environment variable.
///
/// Found without `Bundle.module`, whose generated accessor stops the program when the bundle is
/// missing (a binary copied away from its build folder): a missing bundle is only a place not
/// found, and `FontLibrary` goes on to its other places.
public enum BundledFonts {
    /// The resource bundle's folder name ends with this (it starts with the depending build's
    /// name for this package, which is the folder a path dependency was checked out in).
    public static let bundleSuffix = "_BundledFonts.resources"

    /// Resource bundles beside the running executable (and beside the test bundle that runs it)
    /// holding `marker`, the first one first.
    public static func directories(holding marker: String) -> [String] {
        var folders: [URL] = []
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            folders.append(URL(fileURLWithPath: executable).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        var found: [String] = []
        for folder in folders {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { continue }
            for name in names.sorted() where name.hasSuffix(bundleSuffix) {
                let path = folder.appendingPathComponent(name).path
                if FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent(marker)), !found.contains(path) {
                    found.append(path)
                }
            }
        }
        return found
    }

    /// This folder in the source checkout the package was built from (where the faces live in
    /// the repository): the last place looked.
    public static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
}
