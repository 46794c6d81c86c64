// swift-tools-version: 6.1
// libFuzzer targets for reflow, a package of its own (like Benchmarks/) so the main package and
// its tests never build with the fuzzer's instrumentation. Each folder in Targets/ is one fuzz
// target: an executable whose one file defines `LLVMFuzzerTestOneInput` and `<Name>_main`
// (adding a target is adding a folder with one file, and seeds in Corpus/<Name>/). Build and
// run them with run.sh:
//   Fuzz/run.sh [seconds] [target…]
import Foundation
import PackageDescription

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let names = ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Targets").path)) ?? [])
    .filter { !$0.hasPrefix(".") }.sorted()
let reflow: [Target.Dependency] = [
    "FuzzSupport",
    .product(name: "ReflowKit", package: "reflow"),
    .product(name: "Reflow", package: "reflow"),
    .product(name: "Readers", package: "reflow"),
    .product(name: "Images", package: "reflow"),
    .product(name: "TextMetrics", package: "reflow"),
]
/// The targets that need more than `reflow`, by name. Only the target over the server's request
/// reading links the server and SwiftNIO's HTTP/1.1 decoder: the others' builds (`run.sh 60
/// FuzzDocument`) do not compile NIO with the fuzzer's instrumentation.
let own: [String: [Target.Dependency]] = [
    "FuzzRequest": reflow + [
        .product(name: "PreviewServer", package: "reflow"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOHTTP1", package: "swift-nio"),
        .product(name: "NIOEmbedded", package: "swift-nio"),
    ],
]

let package = Package(
    name: "reflow-fuzz",
    products: names.map { .executable(name: $0, targets: [$0]) },
    dependencies: [
        .package(name: "reflow", path: ".."),
        // The version reflow's own manifest asks for (FuzzRequest's HTTP/1.1 decoder).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    ],
    targets: [
        // Reading a fuzzer's bytes as choices (a width, a category) and a rest.
        .target(name: "FuzzSupport", dependencies: [.product(name: "TextMetrics", package: "reflow"),
                                                    .product(name: "Reflow", package: "reflow")]),
    ] + names.map { name in
        // No Swift `main`: `<Name>_main` hands the test to libFuzzer's driver (FuzzSupport.runFuzzer).
        .executableTarget(name: name, dependencies: own[name] ?? reflow, path: "Targets/\(name)",
                          swiftSettings: [.unsafeFlags(["-parse-as-library"])])
    }
)
