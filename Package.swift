// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "todomd",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "TodoMDCore", targets: ["TodoMDCore"]),
        .library(name: "TodoMDIndex", targets: ["TodoMDIndex"]),
        .library(name: "TodoMDService", targets: ["TodoMDService"]),
        .library(name: "TodoMDAPI", targets: ["TodoMDAPI"]),
        .executable(name: "todomd", targets: ["todomd"]),
        .executable(name: "todomd-server", targets: ["todomd-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // The engine: formats, vault, views, edits, dates. Foundation + Yams only.
        .target(name: "TodoMDCore", dependencies: [.product(name: "Yams", package: "Yams")]),
        // The index cache: SQLite (GRDB) over the engine's parsed files, and full-text search.
        .target(name: "TodoMDIndex", dependencies: [
            "TodoMDCore",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
            // SHA-256 names the version history's blobs (content addressing).
            .product(name: "Crypto", package: "swift-crypto"),
        ]),
        // The application layer every front end calls: vault + index, versions, every action.
        .target(name: "TodoMDService", dependencies: ["TodoMDCore", "TodoMDIndex"]),
        // The JSON contract: versioned Codable types and their fast encoder.
        .target(name: "TodoMDAPI", dependencies: ["TodoMDCore", "TodoMDService"]),
        // The HTTP front end (`todomd serve`): routes, auth, live events, OpenAPI.
        .target(name: "TodoMDHTTP", dependencies: [
            "TodoMDCore", "TodoMDIndex", "TodoMDService", "TodoMDAPI", "TodoMDMCP",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ], resources: [.copy("Web")]),
        // The MCP front end (`todomd mcp`, `POST /mcp`): tools, resources and prompts over the
        // service, for AI agents; its HTTP sessions are framework-free (TodoMDHTTP adapts them).
        .target(name: "TodoMDMCP", dependencies: [
            "TodoMDCore", "TodoMDService", "TodoMDAPI",
            .product(name: "MCP", package: "swift-sdk"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The CLI front end: argument parsing and printing only. It does not link the HTTP
        // stack (every command would pay its start-up cost, ~40% more): `todomd serve` runs
        // `todomd-server` from beside it (`swift build` builds both).
        .executableTarget(name: "todomd", dependencies: [
            "TodoMDCore", "TodoMDIndex", "TodoMDService", "TodoMDAPI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        // `todomd serve`: the HTTP API process.
        .executableTarget(name: "todomd-server", dependencies: [
            "TodoMDCore", "TodoMDService", "TodoMDHTTP", "TodoMDMCP",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // The TaskNotes conformance adapter (scripts/tasknotes-conformance.py drives it): one
        // JSON request per line in, one envelope per line out, over the engine's TaskNotes profile.
        .executableTarget(name: "tasknotes-adapter", dependencies: ["TodoMDCore"], path: "Sources/TaskNotesAdapter"),
        // Helpers shared by every test target (temp vaults, clocks, task files).
        .target(name: "TodoMDTestSupport", dependencies: ["TodoMDCore"], path: "Tests/TodoMDTestSupport"),
        .testTarget(name: "TodoMDCoreTests", dependencies: ["TodoMDCore", "TodoMDTestSupport"], exclude: ["Oracles", "Interchange/Fixtures"]),
        .testTarget(name: "TodoMDIndexTests", dependencies: ["TodoMDIndex", "TodoMDTestSupport"]),
        .testTarget(name: "TodoMDServiceTests", dependencies: ["TodoMDService", "TodoMDIndex", "TodoMDTestSupport"]),
        .testTarget(name: "TodoMDAPITests", dependencies: ["TodoMDAPI", "TodoMDService", "TodoMDTestSupport"]),
        .testTarget(name: "TodoMDHTTPTests", dependencies: [
            "TodoMDHTTP", "TodoMDService", "TodoMDAPI", "TodoMDTestSupport",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ]),
        .testTarget(name: "TodoMDMCPTests", dependencies: [
            "TodoMDMCP", "TodoMDService", "TodoMDTestSupport", .product(name: "MCP", package: "swift-sdk"),
        ]),
        .testTarget(name: "TodoMDCLITests", dependencies: ["todomd", "todomd-server", "TodoMDTestSupport"], exclude: ["Transcripts", "Fixtures"]),
    ],
    swiftLanguageModes: [.v5]
)
