import Foundation

/// A one-line progress bar on stderr for long cold indexing: shown only on a terminal and only
/// once the work has run for a second, so quick commands never flicker. `@unchecked Sendable`:
/// the index calls `update` from the one thread that stores rows, one call at a time.
final class ProgressBar: @unchecked Sendable {
    private let start = DispatchTime.now()
    private let enabled: Bool
    private var shown = false
    private let label: String

    init(label: String, env: [String: String] = ProcessInfo.processInfo.environment) {
        self.label = label
        enabled = isatty(STDERR_FILENO) == 1 && env["TERM"] != "dumb"
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        guard shown || elapsed > 1 else { return }
        shown = true
        let width = 30, filled = width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) \(bar) \(done)/\(total) files".utf8))
        if done >= total { finish() }
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        shown = false
    }
}
