// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "todomd",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "TodoMDCore", targets: ["TodoMDCore"]),
        .executable(name: "todomd", targets: ["todomd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The engine: formats, vault, views, edits, dates. Foundation + Yams only.
        .target(name: "TodoMDCore", dependencies: [.product(name: "Yams", package: "Yams")]),
        // The CLI front end: argument parsing and printing only.
        .executableTarget(name: "todomd", dependencies: [
            "TodoMDCore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "TodoMDCoreTests", dependencies: ["TodoMDCore"], exclude: ["Oracles"]),
        .testTarget(name: "TodoMDCLITests", dependencies: ["todomd"], exclude: ["Transcripts"]),
    ],
    swiftLanguageModes: [.v5]
)
