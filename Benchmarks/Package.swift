// swift-tools-version: 6.1
// Benchmarks for the reflow engine, a package of its own so the main package and CI need not
// fetch or build the benchmark harness. Run from this folder:
//   swift package benchmark                 # all benchmarks
//   swift package benchmark --help
//   ./compare-peers.sh                      # whole-process comparison with the peer engines
import PackageDescription

let package = Package(
    name: "reflow-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "reflow", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "TextMetricsBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "TextMetrics", package: "reflow"),
                .product(name: "Reflow", package: "reflow"),
                .product(name: "Readers", package: "reflow"),
            ],
            path: "Benchmarks/TextMetricsBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]),
    ]
)
