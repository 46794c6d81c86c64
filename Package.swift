// swift-tools-version: 6.1
import PackageDescription

// The pipeline, one target per step (see docs/design.md):
//   C libraries (each its own system-library target) ─► TextMetrics ─► Reflow ─┬► Preview (the renderers) ─┬► ReflowKit ─► PreviewServer ─► reflow-cli
//                                                                               └► Audit (never a renderer) ─┤
//   readers' C libraries and Yams ─► CommonMark ─► Readers (inputs into Reflow's model) ──────────────────────┘
//   CPNG, CJPEG ─► Images (images in documents: found, probed, decoded, fitted) ─► Readers (probed), Preview (drawn)
// Inter (SIL Open Font License 1.1, Fonts/OFL.txt), Text and Display cuts.
let bundledFontFiles = ["Inter", "InterDisplay"].flatMap { family in
    ["Regular", "Italic", "SemiBold", "SemiBoldItalic", "Bold", "BoldItalic"].map { "\(family)-\($0).otf" }
} + ["OFL.txt"]

/// The test targets' settings: unoptimized in every configuration (see the note above TestSupport).
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"], .when(configuration: .release))]
/// A test target's settings: `testSettings`, and in a release build its module written by its compile
/// job. Nothing imports a test module, so the separate job that whole-module builds give each module
/// (for its dependents to start early) only parsed and type-checked the module a second time (about
/// 60 s of CPU in CI's build, docs/figures.md).
let testTargetSettings: [SwiftSetting] = testSettings + [.unsafeFlags(["-no-emit-module-separately-wmo"], .when(configuration: .release))]

let package = Package(
    name: "reflow",
    products: [
        .library(name: "TextMetrics", targets: ["TextMetrics"]),
        .library(name: "Reflow", targets: ["Reflow"]),
        .library(name: "Readers", targets: ["Readers"]),
        .library(name: "Images", targets: ["Images"]),
        .library(name: "Preview", targets: ["Preview"]),
        .library(name: "Audit", targets: ["Audit"]),
        .library(name: "ReflowKit", targets: ["ReflowKit"]),
        .library(name: "PreviewServer", targets: ["PreviewServer"]),
        .executable(name: "reflow-cli", targets: ["reflow-cli"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // YAML front matter of Markdown documents.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        // The live preview server (`reflow-cli serve`): HTTP/1.1 on an event loop. SwiftNIO only, not a
        // framework on top of it: CI builds the package twice, and a framework's tree costs minutes
        // more per build (docs/serve.md has the figure).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // C libraries: module maps and a shim header, nothing else.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-uc", providers: [.apt(["libicu-dev"])]),
        // GitHub Flavored Markdown: cmark plus its table, strikethrough, autolink, task-list and
        // footnote extensions. Debian ships a .pc file for the core only; the module map links both.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        // libxml2's HTML parser: raw HTML in Markdown (READMEs' <div align>, <details>, <img>).
        .systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // libhyphen ships no pkg-config file: the module map links it by name.
        .systemLibrary(name: "CHyphen", providers: [.apt(["libhyphen-dev"])]),
        // ICU renames every C symbol with its version (ubrk_open_72); Swift cannot see through
        // those macros, so these few calls are wrapped under stable names.
        // Plural rules (uplrules) live in ICU's i18n library, which CICU's module map does not link.
        .target(name: "CICUShim", dependencies: ["CICU"], linkerSettings: [.linkedLibrary("icui18n")]),
        // The byte scan that finds where each cell of a large screen file ends (SSE2 on x86-64).
        .target(name: "CJSONBlocks"),
        // libpng's and libjpeg's fatal errors jump back into these few functions (setjmp), so a bad
        // image is an error value, never a call to exit(); decoding waits for the caller's size check.
        .target(name: "CImagesShim", dependencies: ["CPNG", "CJPEG"]),

        // The bundled Inter faces and their licence, as a resource every program built against
        // the package gets beside it.
        .target(name: "BundledFonts", path: "Fonts", sources: ["BundledFonts.swift"],
                resources: bundledFontFiles.map { .copy($0) }),
        // Fonts, Dynamic Type, shaping, line breaking, hyphenation, measured text.
        .target(name: "TextMetrics", dependencies: ["CFreeType", "CHarfBuzz", "CICUShim", "CHyphen", "BundledFonts"]),
        // GitHub Flavored Markdown parsing (cmark-gfm) into a plain Swift block tree, its raw HTML
        // parsed by libxml2 into the same tree; emoji shortcodes by GitHub's own table (gemoji's
        // db/emoji.json, MIT; Resources/gemoji/SOURCE.md says which commit).
        .target(name: "CommonMark", dependencies: ["CCmarkGFM", "CLibXML2"], resources: [.copy("Resources/gemoji")]),
        // Images in documents: where a reference points (never outside the document's folder unless
        // allowed, never fetched), a PNG's or JPEG's size from its header, bounded decoding to RGBA,
        // fitting to a width, resampling.
        .target(name: "Images", dependencies: ["CImagesShim", "CJPEG"]),
        // Document model, cells, self-sizing, layouts, estimates, invalidation. Reads no input:
        // that is the readers' work, below.
        .target(name: "Reflow", dependencies: ["TextMetrics"]),
        // Inputs into the document model: Markdown (CommonMark), YAML front matter (Yams), plain
        // text, screen files (JSON, with the CJSONBlocks scan), file bytes held or mapped.
        .target(name: "Readers", dependencies: ["Reflow", "TextMetrics", "CommonMark", "CJSONBlocks", "Images", "CICUShim",
                                               .product(name: "Yams", package: "Yams")]),
        // Display list and its PNG / SVG backends.
        .target(name: "Preview", dependencies: ["Reflow", "TextMetrics", "CPNG", "Images"]),
        // Accessibility findings read from layouts, per text size and width; text, JSON and SARIF.
        .target(name: "Audit", dependencies: ["Reflow", "TextMetrics"]),
        // What the commands do, as library calls: reading documents within a size limit, writing
        // outputs safely, previews (pages, lazy screens, contact sheets, parts), the layout JSON
        // document, the goldens of `check`, the scroll chart, line breaking on threads, reports.
        .target(
            name: "ReflowKit",
            dependencies: ["TextMetrics", "Reflow", "Readers", "Images", "Preview", "Audit",
                           .product(name: "SystemPackage", package: "swift-system")]),
        // `reflow-cli serve`: the document kept loaded and re-read when it changes (inotify), one
        // screen or the layout JSON or the audit per request on a thread pool, the live page and
        // its server-sent events, over SwiftNIO's HTTP/1.1.
        .target(
            name: "PreviewServer",
            dependencies: ["ReflowKit", "Reflow", "Preview", "Audit", "TextMetrics",
                           .product(name: "SystemPackage", package: "swift-system"),
                           .product(name: "NIOCore", package: "swift-nio"),
                           .product(name: "NIOPosix", package: "swift-nio"),
                           .product(name: "NIOHTTP1", package: "swift-nio")]),
        .executableTarget(
            name: "reflow-cli",
            dependencies: [
                "TextMetrics", "Reflow", "Readers", "Preview", "Audit", "ReflowKit", "PreviewServer",
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Golden files and helpers shared by the test targets. The tests are compiled unoptimized
        // in a release build too (`testSettings`): CI builds the suite optimized (`.ci/run`, and
        // under AddressSanitizer with `--deep`) for the speed of the code under test, and
        // optimizing the tests' own code would double that build for nothing.
        .target(name: "TestSupport", dependencies: ["Preview", "Reflow", "Readers", "TextMetrics", "CJPEGFixtures"], path: "Tests/TestSupport", swiftSettings: testSettings),
        .testTarget(
            name: "TextMetricsTests",
            dependencies: ["TextMetrics", "BundledFonts", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Goldens")], swiftSettings: testTargetSettings),
        .testTarget(
            name: "ReflowTests",
            dependencies: ["Reflow", "Readers", "TextMetrics", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based")],
            exclude: ["Goldens"], swiftSettings: testTargetSettings),
        .testTarget(
            name: "ReadersTests",
            dependencies: ["Readers", "Reflow", "TextMetrics", "CommonMark", "TestSupport",
                           .product(name: "PropertyBased", package: "swift-property-based"), .product(name: "Yams", package: "Yams")],
            swiftSettings: testTargetSettings),
        .testTarget(
            name: "PreviewTests",
            dependencies: ["Preview", "Reflow", "Readers", "Images", "TextMetrics", "TestSupport"],
            exclude: ["Goldens"], swiftSettings: testTargetSettings),
        .testTarget(name: "AuditTests", dependencies: ["Audit", "Reflow", "Readers", "TextMetrics", "TestSupport"],
                    exclude: ["validate-sarif.py"], swiftSettings: testTargetSettings),
        .testTarget(name: "ReflowKitTests", dependencies: ["ReflowKit", "Reflow", "Readers", "Preview", "TextMetrics", "Audit", "TestSupport"],
                    swiftSettings: testTargetSettings),
        // JPEG fixtures for ImagesTests, written by libjpeg at test time.
        .target(name: "CJPEGFixtures", dependencies: ["CJPEG"], path: "Tests/CJPEGFixtures"),
        .testTarget(name: "ImagesTests", dependencies: ["Images", "CJPEGFixtures"], swiftSettings: testTargetSettings),
        // The commands run as processes (the reflow-cli built beside the tests): no import of the
        // executable's module, so this large target compiles beside reflow-cli, not after it.
        .testTarget(name: "CLITests", dependencies: ["TestSupport", "Preview", "PreviewServer", "Readers", "Reflow", "ReflowKit", "TextMetrics"],
                    exclude: ["live_page.py", "reorder_page.py"], swiftSettings: testTargetSettings),
        // The command line's own parsing and wording (`@testable import reflow_cli`).
        .testTarget(name: "CLIParsingTests", dependencies: ["reflow-cli", "Preview", "PreviewServer", "Reflow", "ReflowKit", "TextMetrics"],
                    swiftSettings: testTargetSettings),
        .testTarget(name: "PreviewServerTests",
                    dependencies: ["PreviewServer", "ReflowKit", "Reflow", "Readers", "Preview", "TextMetrics", "TestSupport",
                                   .product(name: "NIOPosix", package: "swift-nio")],
                    swiftSettings: testTargetSettings),
    ]
)
