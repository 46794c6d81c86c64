// swift-tools-version: 6.1
import PackageDescription

// The pipeline, one target per step (see ../shared/DESIGN.md):
//   C libraries (each its own system-library target) ─► TextMetrics ─► Reflow ─► Preview ─► ReflowKit ─► reflow-cli
let package = Package(
    name: "reflow",
    products: [
        .library(name: "TextMetrics", targets: ["TextMetrics"]),
        .library(name: "Reflow", targets: ["Reflow"]),
        .library(name: "Preview", targets: ["Preview"]),
        .library(name: "ReflowKit", targets: ["ReflowKit"]),
        .executable(name: "reflow-cli", targets: ["reflow-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        // C libraries: module maps and a shim header, nothing else.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        .systemLibrary(name: "CCmark", pkgConfig: "libcmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        // ICU renames every C symbol with its version (ubrk_open_72); Swift cannot see through
        // those macros, so these few calls are wrapped under stable names.
        .target(name: "CICUShim", dependencies: ["CICU"]),

        // Fonts, Dynamic Type, shaping, line breaking, measured text.
        .target(name: "TextMetrics", dependencies: ["CFreeType", "CHarfBuzz", "CICUShim"]),
        // CommonMark parsing (cmark) into a plain Swift block tree.
        .target(name: "CommonMark", dependencies: ["CCmark"]),
        // Document model, cells, self-sizing, layouts, estimates, invalidation.
        .target(name: "Reflow", dependencies: ["TextMetrics", "CommonMark"]),
        // Display list and its PNG / SVG backends.
        .target(name: "Preview", dependencies: ["Reflow", "TextMetrics", "CPNG"]),
        // What the commands do, as library calls: reading documents within a size limit, writing
        // outputs safely, cutting a long preview into parts.
        .target(
            name: "ReflowKit",
            dependencies: ["TextMetrics", "Reflow", "Preview", .product(name: "SystemPackage", package: "swift-system")]),
        .executableTarget(
            name: "reflow-cli",
            dependencies: [
                "TextMetrics", "Reflow", "Preview", "ReflowKit",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        .testTarget(
            name: "TextMetricsTests",
            dependencies: ["TextMetrics", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Goldens")]),
        .testTarget(
            name: "ReflowTests",
            dependencies: ["Reflow", "TextMetrics", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Goldens")]),
        .testTarget(
            name: "PreviewTests",
            dependencies: ["Preview", "Reflow", "TextMetrics"],
            resources: [.copy("Goldens")]),
        .testTarget(name: "ReflowKitTests", dependencies: ["ReflowKit", "Reflow", "Preview", "TextMetrics"]),
        .testTarget(name: "CLITests", dependencies: ["reflow-cli"]),
    ]
)
