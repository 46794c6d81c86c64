// swift-tools-version: 6.1
import PackageDescription

// A program that embeds reflow: it depends on the package by path, as an app would by URL, and
// uses only its public API. The bundled fonts come with the dependency as a resource bundle
// copied beside this executable.
let package = Package(
    name: "embed",
    dependencies: [
        .package(name: "reflow", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "embed",
            dependencies: [
                .product(name: "TextMetrics", package: "reflow"),
                .product(name: "Reflow", package: "reflow"),
                .product(name: "Preview", package: "reflow"),
                .product(name: "ReflowKit", package: "reflow"),
            ]),
    ]
)
