import CLibFuzzer
import Foundation

/// The fuzz input, read from the front for choices (`byte`, `pick`, `line`) and then as a whole
/// (`rest`). Reading past the end gives zeros, so every input means something.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    /// The bytes up to the next `\n` (consumed, not returned).
    public mutating func line() -> [UInt8] {
        let start = offset
        while offset < bytes.count, bytes[offset] != 0x0A { offset += 1 }
        defer { if offset < bytes.count { offset += 1 } }
        return Array(bytes[start..<offset])
    }

    /// Everything not read yet.
    public var rest: [UInt8] { Array(bytes[min(offset, bytes.count)...]) }
    /// `rest` as text (invalid UTF-8 replaced).
    public var restText: String { String(decoding: rest, as: UTF8.self) }
}

/// Invariant ids listed (comma-separated) in `FUZZ_IGNORE` are not checked: while a reported
/// violation waits for its fix, the fuzzer can look past it (`FUZZ_IGNORE=render-roundtrip`).
private let ignored: Set<String> = Set((ProcessInfo.processInfo.environment["FUZZ_IGNORE"] ?? "")
    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })

public func fuzzIgnored(_ id: String) -> Bool { ignored.contains(id) }

/// Checks invariant `id`; on failure prints the rule and aborts, so libFuzzer saves the input.
public func fuzzCheck(_ id: String, _ ok: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !ignored.contains(id), !ok() else { return }
    fuzzFail(id, message(), file: file, line: line)
}

public func fuzzFail(_ id: String, _ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fputs("\n==FUZZ INVARIANT== [\(id)] at \(file):\(line)\n\(message)\n", stderr)
    fflush(stderr)
    abort()
}

/// A value as Swift literal text, for messages (`"a\tb"`).
public func lit(_ s: String) -> String { s.debugDescription }

/// Every stored property, recursively (`dump`), for differential comparisons.
public func dumped<T>(_ value: T) -> String {
    var out = ""
    dump(value, to: &out)
    return out
}

/// Runs libFuzzer with `test` as the fuzz target and exits with its status. Each target's `@main`
/// calls this: SwiftPM links an executable with `main` = the module's entry point, so libFuzzer's
/// own `main` cannot be used.
public func runFuzzer(_ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
