// swift-tools-version:6.0
// libFuzzer targets for todo.md's parsers. A separate package so the main `swift build` never
// builds them: a fuzz executable has no `main` (libFuzzer provides it). Build and run with
// `scripts/fuzz.sh` (see Fuzz/README.md).
import PackageDescription

let core: Target.Dependency = .product(name: "TodoMDCore", package: "todomd")

func fuzzer(_ name: String, _ deps: [Target.Dependency] = [core]) -> Target {
    .executableTarget(name: name, dependencies: deps + ["FuzzSupport"])
}

let package = Package(
    name: "todomd-fuzz",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The identity of a path dependency is its directory name; `name:` keeps the product
        // references below working whatever the clone is called.
        .package(name: "todomd", path: ".."),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        fuzzer("FuzzFrontmatter"),
        fuzzer("FuzzFrontmatterEdit"),
        fuzzer("FuzzCheckboxLine"),
        fuzzer("FuzzQuickEntry"),
        fuzzer("FuzzDatePhrase"),
        fuzzer("FuzzRecurrence"),
        fuzzer("FuzzOrderFile"),
        fuzzer("FuzzNoteReader"),
        fuzzer("FuzzIndexCodec", [core, .product(name: "TodoMDIndex", package: "todomd")]),
        fuzzer("FuzzQuery"),
        fuzzer("FuzzImporters"),
    ],
    swiftLanguageModes: [.v5]
)
