// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "todomd",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .library(name: "TodoMDCore", targets: ["TodoMDCore"]),
        .library(name: "TodoMDIndex", targets: ["TodoMDIndex"]),
        .executable(name: "todomd", targets: ["todomd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        // The engine: formats, vault, views, edits, dates. Foundation + Yams only.
        .target(name: "TodoMDCore", dependencies: [.product(name: "Yams", package: "Yams")]),
        // The index cache: SQLite (GRDB) over the engine's parsed files, and full-text search.
        .target(name: "TodoMDIndex", dependencies: [
            "TodoMDCore",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // The CLI front end: argument parsing and printing only.
        .executableTarget(name: "todomd", dependencies: [
            "TodoMDCore", "TodoMDIndex",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "TodoMDCoreTests", dependencies: ["TodoMDCore"], exclude: ["Oracles"]),
        .testTarget(name: "TodoMDIndexTests", dependencies: ["TodoMDIndex"]),
        .testTarget(name: "TodoMDCLITests", dependencies: ["todomd"], exclude: ["Transcripts"]),
    ],
    swiftLanguageModes: [.v5]
)
